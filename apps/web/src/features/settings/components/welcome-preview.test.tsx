// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WelcomePreview } from './welcome-preview';

afterEach(cleanup);

const buttons = ['Browse', 'Deals', 'Help', 'Site'].map((text, i) => ({ id: String(i), text }));

describe('the welcome preview', () => {
  it('shows the message and only the first 3 buttons, as Telegram would', () => {
    render(<WelcomePreview text={'Hi!\nWelcome'} buttons={buttons} botName="Corner Shop" greeted={{}} />);
    const preview = within(screen.getByTestId('welcome-preview'));
    expect(preview.getByText('Corner Shop')).toBeTruthy();
    expect(preview.getByText(/Hi!\s+Welcome/)).toBeTruthy();
    for (const shown of ['Browse', 'Deals', 'Help']) expect(preview.getByText(shown)).toBeTruthy();
    expect(preview.queryByText('Site')).toBeNull();
  });

  it('greets by name where the welcome says {first_name}, as the bot does', () => {
    render(
      <WelcomePreview
        text="Hi {first_name} (@{username}), {name}!"
        buttons={[]}
        botName="Shop"
        greeted={{ first_name: 'Ann', last_name: 'Lee', username: 'annlee' }}
      />,
    );
    expect(screen.getByText('Hi Ann (@annlee), {name}!')).toBeTruthy();
  });

  it('draws no keyboard without buttons', () => {
    render(<WelcomePreview text="Hi" buttons={[]} botName="Shop" greeted={{}} />);
    expect(screen.getByTestId('welcome-preview').children).toHaveLength(1);
  });
});
