// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Gallery, type GalleryItem } from './gallery';

const item = (id: string, order: number, isMain = false): GalleryItem => ({
  id,
  type: 'image',
  url: `/media/${id}.jpg`,
  mediumUrl: `/media/${id}_m.webp`,
  thumbnailUrl: `/media/${id}_t.webp`,
  isMain,
  order,
  name: id,
});

const three = [item('a', 0), item('b', 1), item('c', 2, true)];
const mainImage = () => screen.getByTestId('gallery-viewport').querySelector('img') as HTMLImageElement;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Gallery', () => {
  it('shows the main image first, then the vendor order', () => {
    render(<Gallery items={three} />);
    expect(mainImage().getAttribute('src')).toBe('/media/c_m.webp');
    expect(screen.getByText('1 of 3')).toBeTruthy();
    const thumbs = screen.getAllByRole('button', { name: /Show image/ });
    expect(thumbs.map((b) => b.querySelector('img')?.getAttribute('src'))).toEqual([
      '/media/c_t.webp',
      '/media/a_t.webp',
      '/media/b_t.webp',
    ]);
  });

  it('zooms from 100% to 300% in 50% steps, and back', async () => {
    render(<Gallery items={three} />);
    const zoomIn = screen.getByRole('button', { name: 'Zoom in' });
    const zoomOut = screen.getByRole('button', { name: 'Zoom out' });
    expect(screen.getByText('100%')).toBeTruthy();
    expect((zoomOut as HTMLButtonElement).disabled).toBe(true);
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) {
      await userEvent.click(zoomIn);
      seen.push(screen.getByRole('status').textContent ?? '');
    }
    expect(seen).toEqual(['150%', '200%', '250%', '300%']);
    expect((zoomIn as HTMLButtonElement).disabled).toBe(true);
    expect(mainImage().style.width).toBe('300%');
    // Zoomed in, the full-size original is shown.
    expect(mainImage().getAttribute('src')).toBe('/media/c.jpg');
    await userEvent.click(zoomOut);
    expect(screen.getByText('250%')).toBeTruthy();
  });

  it('moves between images and resets the zoom', async () => {
    render(<Gallery items={three} />);
    await userEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(screen.getByText('2 of 3')).toBeTruthy();
    expect(screen.getByText('100%')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByText('3 of 3')).toBeTruthy();
  });

  it('toggles fullscreen, and Escape leaves it', async () => {
    render(<Gallery items={three} />);
    await userEvent.click(screen.getByRole('button', { name: 'Fullscreen' }));
    expect(screen.getByRole('button', { name: 'Exit fullscreen' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Fullscreen' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('auto-plays every 5000 ms when asked, and pauses', () => {
    vi.useFakeTimers();
    render(<Gallery items={three} autoPlay />);
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('1 of 3')).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('2 of 3')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Pause slideshow' }).click());
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByText('2 of 3')).toBeTruthy();
  });

  it('does not move by itself without auto-play', () => {
    vi.useFakeTimers();
    render(<Gallery items={three} />);
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.getByText('1 of 3')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /slideshow/ })).toBeNull();
  });

  it("takes a product's images as the catalogue sends them (ordered by position)", () => {
    const images = [
      {
        id: 'x',
        url: '/media/x.jpg',
        thumbnailUrl: '/media/x_t.webp',
        mediumUrl: '/media/x_m.webp',
        isMain: false,
        position: 1,
      },
      {
        id: 'y',
        url: '/media/y.jpg',
        thumbnailUrl: '/media/y_t.webp',
        mediumUrl: '/media/y_m.webp',
        isMain: false,
        position: 0,
      },
    ];
    render(<Gallery items={images} />);
    expect(mainImage().getAttribute('src')).toBe('/media/y_m.webp');
  });

  it("shows 'No images available' without images", () => {
    render(<Gallery items={[]} />);
    expect(screen.getByText('No images available')).toBeTruthy();
  });
});
