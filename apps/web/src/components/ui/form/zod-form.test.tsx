// @vitest-environment jsdom
import { BotSettings, CreateBotBody } from '@app/contracts/bots';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { TextField } from './fields';
import { maxLengthOf, useZodForm } from './zod-form';

afterEach(cleanup);

const Schema = z.object({
  name: z.string().trim().min(1, 'Bot name is required').max(5),
  code: z.string().regex(/^\d+$/).optional(),
});

function NameForm({ onSubmit }: { onSubmit: (values: z.output<typeof Schema>) => void }) {
  const form = useZodForm(Schema, {
    // Every rendered field is named, even when empty: a field missing here counts as changed once it mounts.
    defaultValues: { name: 'Shop', code: undefined },
    messages: { 'Bot name is required': 'bots.messages.nameRequired' },
  });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate>
      <TextField control={form.control} name="name" label="Name" hint="Shown to customers" />
      <TextField control={form.control} name="code" label="Code" />
      <p data-testid="dirty">{String(form.formState.isDirty)}</p>
      <button type="submit">Save</button>
    </form>
  );
}

describe('useZodForm with TextField', () => {
  it('shows the contract’s own message from the catalogue, tied to the input', async () => {
    render(<NameForm onSubmit={vi.fn()} />);
    const input = screen.getByLabelText('Name');
    await userEvent.clear(input);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const error = await screen.findByRole('alert');
    expect(error.textContent).toBe('Bot name is required');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy).toContain(error.id);
    expect(describedBy).toContain(screen.getByText('Shown to customers').id);
  });

  it('words the checks the contract leaves unworded from the catalogue', async () => {
    render(<NameForm onSubmit={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Shop');
    await userEvent.type(screen.getByLabelText('Code'), 'x1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at most 5 characters')).toBeTruthy();
    expect(screen.getByText('Invalid format')).toBeTruthy();
  });

  it('hands the parsed output (trimmed) to the submit callback', async () => {
    const onSubmit = vi.fn();
    render(<NameForm onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Hat  ' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Hat' });
  });

  it('is dirty only while a value differs from the loaded one', async () => {
    render(<NameForm onSubmit={vi.fn()} />);
    const dirty = screen.getByTestId('dirty');
    expect(dirty.textContent).toBe('false');
    await userEvent.type(screen.getByLabelText('Name'), '!');
    expect(dirty.textContent).toBe('true');
    await userEvent.type(screen.getByLabelText('Name'), '{Backspace}');
    expect(dirty.textContent).toBe('false');
  });
});

describe('maxLengthOf', () => {
  it('reads a string limit through optional and default wrappers', () => {
    expect(maxLengthOf(CreateBotBody.shape.botName)).toBe(64);
    expect(maxLengthOf(CreateBotBody.shape.description)).toBe(512);
    expect(maxLengthOf(CreateBotBody.shape.welcomeMessage)).toBe(1000);
    expect(maxLengthOf(BotSettings.shape.welcomeMessage)).toBe(1000);
    expect(maxLengthOf(BotSettings.shape.stockAlerts)).toBeUndefined();
  });
});
