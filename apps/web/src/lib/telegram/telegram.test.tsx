// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeTelegram } from '../../test/fake-telegram';
import { showConfirm } from './bridge';
import { onBackButtonClick, useBackButtonOverride, useSecondaryButton } from './buttons';
import { useClosingConfirmation } from './mini-app';

let telegram: ReturnType<typeof startFakeTelegram>;
beforeAll(() => {
  telegram = startFakeTelegram();
});
afterEach(cleanup);

function SecondaryButtonScreen(props: { text: string; onClick: () => void; enabled?: boolean }) {
  useSecondaryButton(props.text, props.onClick, { enabled: props.enabled ?? true });
  return null;
}

describe('useSecondaryButton', () => {
  it('shows Telegram’s secondary button with the text while the screen is mounted, then hides it', () => {
    const view = render(<SecondaryButtonScreen text="Cancel" onClick={() => undefined} />);
    expect(telegram.last('web_app_setup_secondary_button')).toMatchObject({
      is_visible: true,
      is_active: true,
      text: 'Cancel',
    });
    view.unmount();
    expect(telegram.last('web_app_setup_secondary_button')).toMatchObject({ is_visible: false });
  });

  it('calls the latest click handler when Telegram reports a press', () => {
    const first = vi.fn();
    const second = vi.fn();
    const view = render(<SecondaryButtonScreen text="Back" onClick={first} />);
    view.rerender(<SecondaryButtonScreen text="Back" onClick={second} />);
    act(() => telegram.press('secondary'));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('disables the button while its action is not possible', () => {
    render(<SecondaryButtonScreen text="Verify Bot" onClick={() => undefined} enabled={false} />);
    expect(telegram.last('web_app_setup_secondary_button')).toMatchObject({ is_active: false });
  });
});

function Override({ handler }: { handler: (() => void) | null }) {
  useBackButtonOverride(handler);
  return null;
}

describe('useBackButtonOverride', () => {
  it('sends Telegram’s back press to the screen instead of the app’s back, once, until released', () => {
    const appBack = vi.fn();
    const stepBack = vi.fn();
    const off = onBackButtonClick(appBack);
    // A second app listener (say, analytics) must not make the step go back twice.
    const offOther = onBackButtonClick(() => undefined);

    const view = render(<Override handler={stepBack} />);
    act(() => telegram.press('back'));
    expect(stepBack).toHaveBeenCalledTimes(1);
    expect(appBack).not.toHaveBeenCalled();

    view.rerender(<Override handler={null} />);
    act(() => telegram.press('back'));
    expect(stepBack).toHaveBeenCalledTimes(1);
    expect(appBack).toHaveBeenCalledTimes(1);
    off();
    offOther();
  });

  it('gives the press to the screen mounted last', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    const off = onBackButtonClick(() => undefined);
    render(
      <>
        <Override handler={outer} />
        <Override handler={inner} />
      </>,
    );
    act(() => telegram.press('back'));
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
    off();
  });
});

function DirtyForm({ dirty }: { dirty: boolean }) {
  useClosingConfirmation(dirty);
  return null;
}

describe('useClosingConfirmation', () => {
  it('asks Telegram to confirm closing while a form is dirty, and stops when it is clean or gone', () => {
    const view = render(<DirtyForm dirty={false} />);
    view.rerender(<DirtyForm dirty />);
    expect(telegram.last('web_app_setup_closing_behavior')).toEqual({ need_confirmation: true });
    view.rerender(<DirtyForm dirty={false} />);
    expect(telegram.last('web_app_setup_closing_behavior')).toEqual({ need_confirmation: false });
    view.rerender(<DirtyForm dirty />);
    view.unmount();
    expect(telegram.last('web_app_setup_closing_behavior')).toEqual({ need_confirmation: false });
  });

  it('stays on while any of two dirty forms is still dirty', () => {
    const view = render(
      <>
        <DirtyForm dirty />
        <DirtyForm dirty />
      </>,
    );
    view.rerender(
      <>
        <DirtyForm dirty />
        <DirtyForm dirty={false} />
      </>,
    );
    expect(telegram.last('web_app_setup_closing_behavior')).toEqual({ need_confirmation: true });
    view.unmount();
  });
});

describe('showConfirm', () => {
  it('draws the confirm button as destructive when asked, and resolves true when it is pressed', async () => {
    telegram.answerPopupWith('confirm');
    await expect(showConfirm('Delete this bot?', 'Delete', { destructive: true })).resolves.toBe(true);
    expect(telegram.last('web_app_open_popup')).toMatchObject({
      message: 'Delete this bot?',
      buttons: [
        { id: 'confirm', type: 'destructive', text: 'Delete' },
        { id: 'cancel', type: 'cancel' },
      ],
    });
    telegram.answerPopupWith('cancel');
    await expect(showConfirm('Delete this bot?', 'Delete', { destructive: true })).resolves.toBe(false);
    telegram.answerPopupWith(undefined);
  });
});
