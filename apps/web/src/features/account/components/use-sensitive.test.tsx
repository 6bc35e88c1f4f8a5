// @vitest-environment jsdom
import type { SecurityOverview } from '@app/contracts/account';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-server';
import { startFakeTelegram } from '../../../test/fake-telegram';
import { renderApp } from '../../../test/render-app';
import { useSensitive } from './use-sensitive';

let telegram: ReturnType<typeof startFakeTelegram>;
beforeAll(() => {
  telegram = startFakeTelegram();
  // This device has Face ID, with the secret the server gave at binding saved behind it.
  telegram.biometry({ deviceId: 'phone-1', token: 'secret-of-phone-1' });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const overview = (boundDeviceIds: string[]): SecurityOverview => ({
  twoStep: { enabled: true, recoveryCodesLeft: 10, stepUpUntil: null },
  sessions: [],
  biometricDevices: boundDeviceIds.map((deviceId, i) => ({
    id: `00000000-0000-4000-8000-00000000000${i}`,
    deviceId,
    device: 'Telegram',
    platform: 'iOS',
    createdAt: '2026-01-01T12:00:00.000Z',
    lastUsedAt: null,
  })),
});

/** A sensitive action that the server refused (STEP_UP_REQUIRED) until the session steps up. */
function SensitiveAction() {
  const sensitive = useSensitive();
  const [done, setDone] = useState(false);
  if (done) return <p>Action done</p>;
  return (
    <>
      <button type="button" onClick={() => sensitive.askCode(() => setDone(true))}>
        Do it
      </button>
      {sensitive.prompt}
    </>
  );
}

/** Renders the action and presses it: the prompt opens. */
async function openPrompt() {
  renderApp(<SensitiveAction />);
  await userEvent.click(await screen.findByRole('button', { name: 'Do it' }));
}

describe('the step-up prompt', () => {
  it('confirms by Face ID / fingerprint on a bound device: the secret the prompt released goes to the server', async () => {
    const calls = stubFetch(({ method, path, body }) => {
      if (path.endsWith('/security') && method === 'GET') return json(overview(['phone-1']));
      if (path.endsWith('/security/biometric/step-up')) {
        const { token } = body as { token: string };
        if (token !== 'secret-of-phone-1') {
          return json({ error: { code: 'BIOMETRIC_TOKEN_INVALID', message: 'no' } }, 400);
        }
        return json({ validUntil: '2026-01-01T12:10:00.000Z' });
      }
      return json({ error: { code: 'NOT_FOUND', message: 'no' } }, 404);
    });
    await openPrompt();
    await userEvent.click(await screen.findByRole('button', { name: 'Use Face ID / fingerprint' }));
    expect(await screen.findByText('Action done')).toBeTruthy();
    expect(telegram.last('web_app_biometry_request_auth')).toMatchObject({
      reason: 'Confirm this sensitive action',
    });
    expect(calls.filter((c) => c.path.endsWith('/biometric/step-up')).map((c) => c.body)).toEqual([
      { deviceId: 'phone-1', token: 'secret-of-phone-1' },
    ]);
    expect(calls.some((c) => c.path.endsWith('/security/step-up'))).toBe(false);
  });

  it('asks for the code only when this device is not bound', async () => {
    stubFetch(({ path }) => {
      if (path.endsWith('/security')) return json(overview(['another-phone']));
      return json({ error: { code: 'NOT_FOUND', message: 'no' } }, 404);
    });
    await openPrompt();
    expect(await screen.findByLabelText('Code')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Use Face ID / fingerprint' })).toBeNull(),
    );
  });

  it('keeps the code as the way on when the server refuses the secret', async () => {
    stubFetch(({ method, path }) => {
      if (path.endsWith('/security') && method === 'GET') return json(overview(['phone-1']));
      if (path.endsWith('/security/biometric/step-up')) {
        return json({ error: { code: 'BIOMETRIC_TOKEN_INVALID', message: 'no' } }, 400);
      }
      return json({ error: { code: 'NOT_FOUND', message: 'no' } }, 404);
    });
    await openPrompt();
    await userEvent.click(await screen.findByRole('button', { name: 'Use Face ID / fingerprint' }));
    expect(
      await screen.findByText('Face ID / fingerprint did not confirm it. Enter the code instead.'),
    ).toBeTruthy();
    expect(screen.queryByText('Action done')).toBeNull();
    expect(screen.getByLabelText('Code')).toBeTruthy();
  });
});
