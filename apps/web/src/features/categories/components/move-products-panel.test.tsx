// @vitest-environment jsdom
import type { Category } from '@app/contracts/categories';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MoveProductsPanel } from './move-products-panel';

const category = (id: string, name: string, subcategories: string[] = []): Category => ({
  id,
  name,
  icon: null,
  status: 'active',
  sortOrder: 0,
  productCount: 0,
  subcategories: subcategories.map((sub) => ({
    id: `${id}-${sub}`,
    categoryId: id,
    name: sub,
    productCount: 0,
  })),
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const clothing = category('c1', 'Clothing');
const show = (targets: Category[], onMove = vi.fn()) => {
  render(
    <MoveProductsPanel
      category={clothing}
      productCount={3}
      targets={targets}
      pending={false}
      onMove={onMove}
      onCancel={() => {}}
    />,
  );
  return onMove;
};

afterEach(cleanup);

describe('MoveProductsPanel', () => {
  it('says how many products move, and moves them only once a category is chosen', () => {
    const onMove = show([category('c2', 'Apparel'), category('c3', 'Gifts')]);
    expect(
      screen.getByText('"Clothing" has 3 products. Move them to another category, then delete:'),
    ).toBeTruthy();
    const move = screen.getByRole('button', { name: 'Move and Delete' }) as HTMLButtonElement;
    expect(move.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Move products to'), { target: { value: 'c3' } });
    fireEvent.click(move);
    expect(onMove).toHaveBeenCalledWith({ moveToCategoryId: 'c3' });
  });

  it('offers the chosen category’s subcategories, none by default', () => {
    const onMove = show([category('c2', 'Apparel', ['Tees', 'Hats'])]);
    expect(screen.queryByLabelText('Subcategory')).toBeNull();
    fireEvent.change(screen.getByLabelText('Move products to'), { target: { value: 'c2' } });
    fireEvent.change(screen.getByLabelText('Subcategory'), { target: { value: 'c2-Hats' } });
    fireEvent.click(screen.getByRole('button', { name: 'Move and Delete' }));
    expect(onMove).toHaveBeenCalledWith({ moveToCategoryId: 'c2', moveToSubcategoryId: 'c2-Hats' });
  });

  it('asks for another category first when there is none to move to', () => {
    show([]);
    expect(screen.getByText('Create another category to move them to first.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move and Delete' })).toBeNull();
  });
});
