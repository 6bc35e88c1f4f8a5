// @vitest-environment jsdom
import { init } from '@telegram-apps/sdk';
import { screen, waitFor } from '@testing-library/dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { showPopup } from './bridge';
import { mockDemoClient } from './demo-client';

const INIT_DATA = new URLSearchParams({
  user: JSON.stringify({ id: 42, first_name: 'Demo', language_code: 'en' }),
  auth_date: '1700000000',
  signature: 'test',
  hash: 'test',
}).toString();

const SAVE_QUESTION = {
  message: 'Save this product?',
  buttons: [
    { id: 'continue', type: 'default' as const, text: 'Save & Continue' },
    { id: 'exit', type: 'default' as const, text: 'Save & Exit' },
    { id: 'cancel', type: 'cancel' as const },
  ],
};

beforeAll(() => {
  mockDemoClient(INIT_DATA);
  init();
});

describe('the demo client’s stand-in for Telegram’s popup', () => {
  it('draws a three-button popup in the page with every button, and answers the id of the one pressed', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const answer = showPopup(SAVE_QUESTION);
    const dialog = await screen.findByRole('alertdialog', { name: 'Save this product?' });
    const labels = [...dialog.querySelectorAll('button')].map((button) => button.textContent);
    expect(labels).toEqual(['Save & Continue', 'Save & Exit', 'Cancel']);
    screen.getByRole('button', { name: 'Save & Exit' }).click();
    await expect(answer).resolves.toBe('exit');
    expect(confirm).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('answers no button when the three-button popup is closed with Escape', async () => {
    const answer = showPopup(SAVE_QUESTION);
    await screen.findByRole('alertdialog', { name: 'Save this product?' });
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    await expect(answer).resolves.toBeNull();
  });

  it('keeps the browser’s OK/Cancel dialog for a two-button popup', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const answer = showPopup({
      message: 'Delete this bot?',
      buttons: [
        { id: 'confirm', type: 'destructive', text: 'Delete' },
        { id: 'cancel', type: 'cancel' },
      ],
    });
    await expect(answer).resolves.toBe('cancel');
    expect(confirm).toHaveBeenCalledWith('Delete this bot?');
  });
});
