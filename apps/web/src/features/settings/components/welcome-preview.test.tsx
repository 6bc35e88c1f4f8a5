// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WelcomePreview } from './welcome-preview';

afterEach(cleanup);

const buttons = ['Browse', 'Deals', 'Help', 'Site'].map((text, i) => ({ id: String(i), text }));

describe('the welcome preview', () => {
  it('shows the message and only the first 3 buttons, as Telegram would', () => {
    render(<WelcomePreview text={'Hi!\nWelcome'} buttons={buttons} botName="Corner Shop" />);
    const preview = within(screen.getByTestId('welcome-preview'));
    expect(preview.getByText('Corner Shop')).toBeTruthy();
    expect(preview.getByText(/Hi!\s+Welcome/)).toBeTruthy();
    for (const shown of ['Browse', 'Deals', 'Help']) expect(preview.getByText(shown)).toBeTruthy();
    expect(preview.queryByText('Site')).toBeNull();
  });

  it('draws no keyboard without buttons', () => {
    render(<WelcomePreview text="Hi" buttons={[]} botName="Shop" />);
    expect(screen.getByTestId('welcome-preview').children).toHaveLength(1);
  });
});
