// @vitest-environment jsdom
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
vi.mock('@telegram-apps/sdk', () => ({
  closingBehavior: {
    enableConfirmation: { ifAvailable: () => calls.push('enable') },
    disableConfirmation: { ifAvailable: () => calls.push('disable') },
  },
}));

const { useClosingConfirmation } = await import('./mini-app');

beforeEach(() => {
  calls.length = 0;
});

describe('useClosingConfirmation', () => {
  it('asks Telegram to confirm closing while the form is dirty, and stops when it is clean again', () => {
    const { rerender } = renderHook(({ dirty }) => useClosingConfirmation(dirty), {
      initialProps: { dirty: false },
    });
    expect(calls).toEqual([]);
    rerender({ dirty: true });
    expect(calls).toEqual(['enable']);
    rerender({ dirty: false });
    expect(calls).toEqual(['enable', 'disable']);
  });

  it('stops asking when the dirty form goes away (the user left the screen)', () => {
    const { unmount } = renderHook(() => useClosingConfirmation(true));
    unmount();
    expect(calls).toEqual(['enable', 'disable']);
  });

  it('keeps asking while any of two dirty forms is still dirty', () => {
    const first = renderHook(() => useClosingConfirmation(true));
    const second = renderHook(() => useClosingConfirmation(true));
    first.unmount();
    expect(calls.at(-1)).toBe('enable');
    second.unmount();
    expect(calls.at(-1)).toBe('disable');
  });
});
