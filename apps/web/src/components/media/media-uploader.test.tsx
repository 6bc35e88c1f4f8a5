// @vitest-environment jsdom
import type { MediaUpload, ProductMediaItem } from '@app/contracts/media';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, type RecordedCall, stubFetch } from '../../test/fake-server';
import { startFakeTelegram } from '../../test/fake-telegram';
import { renderApp } from '../../test/render-app';
import { type MediaItem, MediaUploader } from './media-uploader';

/** XMLHttpRequest as the uploads use it; the test sends progress and the answer. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  method = '';
  url = '';
  body: FormData | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

let telegram: ReturnType<typeof startFakeTelegram>;
let calls: RecordedCall[];
let serverImages: ProductMediaItem[];

const item = (id: string, order: number, isMain = false): ProductMediaItem => ({
  id,
  type: 'image',
  url: `/media/${id}.png`,
  thumbnail: `/media/${id}_t.webp`,
  thumbnailUrl: `/media/${id}_t.webp`,
  mediumUrl: `/media/${id}_m.webp`,
  name: `${id}.png`,
  size: 100,
  duration: null,
  isMain,
  order,
});

const upload = (id: string): MediaUpload => ({
  id,
  type: 'image',
  url: `/media/${id}.png`,
  thumbnail: `/media/${id}_t.webp`,
  thumbnailUrl: `/media/${id}_t.webp`,
  mediumUrl: `/media/${id}_m.webp`,
  name: `${id}.png`,
  size: 100,
  mimeType: 'image/png',
  width: 10,
  height: 10,
  duration: null,
  createdAt: new Date().toISOString(),
});

const png = (name: string, size = 1000) => new File([new Uint8Array(size)], name, { type: 'image/png' });

beforeAll(() => {
  telegram = startFakeTelegram();
});

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  serverImages = [item('a', 0, true), item('b', 1), item('c', 2)];
  calls = stubFetch(({ method, path, body }) => {
    if (method === 'GET') return json({ images: serverImages });
    if (method === 'DELETE') return new Response(null, { status: 204 });
    if (path.endsWith('/order')) {
      const ids = (body as { imageIds: string[] }).imageIds;
      serverImages = ids.map((id, order) => ({
        ...(serverImages.find((i) => i.id === id) as ProductMediaItem),
        order,
      }));
      return json({ images: serverImages });
    }
    if (path.endsWith('/main')) {
      const id = path.split('/').at(-2);
      serverImages = serverImages.map((i) => ({ ...i, isMain: i.id === id }));
      return json({ images: serverImages });
    }
    return json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, 404);
  });
  telegram.answerPopupWith(undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lastPopup = () => telegram.last('web_app_open_popup');
const fileInput = () => screen.getByTestId('media-file-input') as HTMLInputElement;

function Draft({ initial = [], onItems }: { initial?: MediaItem[]; onItems?: (items: MediaItem[]) => void }) {
  const [items, setItems] = useState(initial);
  return (
    <MediaUploader
      value={items}
      onChange={(next) => {
        setItems(next);
        onItems?.(next);
      }}
    />
  );
}

describe('MediaUploader on a product being created (no product id yet)', () => {
  it('uploads each file with its real progress, and the first upload becomes main', async () => {
    const onItems = vi.fn();
    renderApp(<Draft onItems={onItems} />);
    await userEvent.upload(fileInput(), [png('one.png'), png('two.png')]);

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const first = FakeXhr.sent[0] as FakeXhr;
    expect(first.method).toBe('POST');
    expect(first.url).toMatch(/\/upload\/image$/);
    expect((first.body?.get('image') as File | null)?.name).toBe('one.png');
    act(() => first.progress(512, 1024));
    expect(await screen.findByText('50%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'one.png' }).getAttribute('aria-valuenow')).toBe('50');
    act(() => first.respond(201, upload('u1')));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    act(() => (FakeXhr.sent[1] as FakeXhr).respond(201, upload('u2')));

    await waitFor(() => expect(onItems).toHaveBeenCalledTimes(2));
    const items = (onItems.mock.lastCall?.[0] ?? []) as MediaItem[];
    expect(items.map((i) => [i.id, i.isMain, i.order])).toEqual([
      ['u1', true, 0],
      ['u2', false, 1],
    ]);
    expect(screen.getAllByRole('img')).toHaveLength(2);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('refuses files past the maximum with the spec popup, and uploads none of them', async () => {
    const nine = Array.from({ length: 9 }, (_, i) => item(`i${i}`, i, i === 0));
    renderApp(<Draft initial={nine} />);
    expect(screen.getByRole('button', { name: /Add Media/ })).toBeTruthy();
    await userEvent.upload(fileInput(), [png('a.png'), png('b.png')]);
    await waitFor(() =>
      expect(lastPopup()).toMatchObject({
        title: 'Maximum Images Reached',
        message: 'You can only upload up to 10 images',
      }),
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("hides the 'Add Media' tile at the maximum", () => {
    renderApp(<Draft initial={Array.from({ length: 10 }, (_, i) => item(`i${i}`, i, i === 0))} />);
    expect(screen.queryByRole('button', { name: /Add Media/ })).toBeNull();
    expect(screen.getByText('10 / 10')).toBeTruthy();
  });

  it('refuses a file of another type or too large with the spec text, and uploads the valid ones', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderApp(<Draft />);
    const text = new File(['hello'], 'notes.png', { type: 'text/plain' });
    const huge = png('huge.png', 5 * 1024 * 1024 + 1);
    await user.upload(fileInput(), [text, huge, png('ok.png')]);
    await waitFor(() =>
      expect(lastPopup()).toMatchObject({
        message: 'Some files are invalid. Images (JPEG, PNG, GIF, WEBP) max 5MB, Videos (MP4, WEBM) max 50MB',
      }),
    );
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(((FakeXhr.sent[0] as FakeXhr).body?.get('image') as File | null)?.name).toBe('ok.png');
  });

  it('says the upload failed in the spec words when the server refuses', async () => {
    renderApp(<Draft />);
    await userEvent.upload(fileInput(), [png('a.png')]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() => (FakeXhr.sent[0] as FakeXhr).respond(500, { error: { code: 'INTERNAL', message: 'x' } }));
    await waitFor(() =>
      expect(lastPopup()).toMatchObject({
        title: 'Upload Failed',
        message: 'Failed to upload images. Please try again.',
      }),
    );
  });

  it('deleting the main item after confirmation makes the first remaining one main', async () => {
    const onItems = vi.fn();
    renderApp(<Draft initial={[item('a', 0, true), item('b', 1), item('c', 2)]} onItems={onItems} />);
    await userEvent.click(screen.getAllByRole('button', { name: 'Delete image' })[0] as HTMLElement);
    await waitFor(() => expect(onItems).toHaveBeenCalled());
    expect(lastPopup()).toMatchObject({ message: 'Are you sure you want to delete this image?' });
    expect(((onItems.mock.lastCall?.[0] ?? []) as MediaItem[]).map((i) => [i.id, i.isMain, i.order])).toEqual(
      [
        ['b', true, 0],
        ['c', false, 1],
      ],
    );
  });
});

describe('MediaUploader on a saved product', () => {
  const show = () => renderApp(<MediaUploader productId="p1" />);

  it('attaches uploads at once by naming the product in the form', async () => {
    show();
    await screen.findAllByRole('img');
    await userEvent.upload(fileInput(), [png('d.png')]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect((FakeXhr.sent[0] as FakeXhr).body?.get('productId')).toBe('p1');
  });

  it('deletes on the server only after the Telegram confirmation', async () => {
    show();
    await screen.findAllByRole('img');
    telegram.answerPopupWith('cancel');
    const answered = telegram.popupsAnswered();
    await userEvent.click(screen.getAllByRole('button', { name: 'Delete image' })[1] as HTMLElement);
    await waitFor(() => expect(lastPopup()?.message).toBe('Are you sure you want to delete this image?'));
    await waitFor(() => expect(telegram.popupsAnswered()).toBe(answered + 1));
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    telegram.answerPopupWith('confirm');
    await userEvent.click(screen.getAllByRole('button', { name: 'Delete image' })[1] as HTMLElement);
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'DELETE')?.path).toMatch(/\/products\/p1\/images\/b$/);
  });

  it('says when the images cannot be loaded, with Retry', async () => {
    let fail = true;
    calls = stubFetch(() =>
      fail ? json({ error: { code: 'INTERNAL', message: 'x' } }, 500) : json({ images: serverImages }),
    );
    show();
    expect(await screen.findByText('Failed to load images')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByRole('img')).toHaveLength(3);
  });

  it('shows the spec text when a delete fails', async () => {
    calls = stubFetch(({ method }) =>
      method === 'DELETE'
        ? json({ error: { code: 'INTERNAL', message: 'x' } }, 500)
        : json({ images: serverImages }),
    );
    show();
    await screen.findAllByRole('img');
    telegram.answerPopupWith('confirm');
    await userEvent.click(screen.getAllByRole('button', { name: 'Delete image' })[0] as HTMLElement);
    await waitFor(() =>
      expect(lastPopup()).toMatchObject({
        title: 'Delete Failed',
        message: 'Failed to delete image. Please try again.',
      }),
    );
  });

  it('the star makes an image main', async () => {
    show();
    await screen.findAllByRole('img');
    const stars = screen.getAllByRole('button', { name: 'Set as main image' });
    expect(stars.map((s) => s.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
    await userEvent.click(stars[2] as HTMLElement);
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('button', { name: 'Set as main image' })
          .map((s) => s.getAttribute('aria-pressed')),
      ).toEqual(['false', 'false', 'true']),
    );
    expect(calls.find((c) => c.method === 'POST')?.path).toMatch(/\/images\/c\/main$/);
  });

  it('reorders by dragging the handle over another tile (pointer events: touch, pen or mouse)', async () => {
    show();
    await screen.findAllByRole('img');
    const tiles = () => Array.from(document.querySelectorAll<HTMLElement>('[data-media-id]'));
    // jsdom has no layout: the tile under the pointer is the one the test says.
    let under: HTMLElement | undefined;
    document.elementFromPoint = () => under ?? null;
    const handle = screen.getByRole('button', { name: 'Drag to reorder (3)' });
    act(() => {
      handle.dispatchEvent(
        new PointerEvent('pointerdown', { bubbles: true, button: 0, pointerType: 'touch' }),
      );
    });
    under = tiles()[0];
    act(() => {
      handle.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'touch' }));
    });
    expect(tiles().map((t) => t.dataset.mediaId)).toEqual(['c', 'a', 'b']);
    act(() => {
      handle.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerType: 'touch' }));
    });
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ imageIds: ['c', 'a', 'b'] }),
    );
  });

  it('reorders with the arrow keys on the handle', async () => {
    show();
    await screen.findAllByRole('img');
    screen.getByRole('button', { name: 'Drag to reorder (1)' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ imageIds: ['b', 'a', 'c'] }),
    );
  });
});
