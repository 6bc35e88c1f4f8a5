// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/fake-server';

/** Init data as Telegram writes it (the signature is the server's to check, not the client's). */
const initDataFor = (id: number, firstName: string) =>
  new URLSearchParams({
    user: JSON.stringify({ id, first_name: firstName }),
    auth_date: '1700000000',
    signature: 'test',
    hash: 'test',
  }).toString();

const DEMO_VENDOR = initDataFor(1, 'Alex');
const FROM_LINK = initDataFor(2, 'Mallory');

/** The bridge as a page loads it, fresh (it connects once per page). */
async function freshBridge() {
  vi.resetModules();
  const connect = await import('./connect');
  const launch = await import('./launch');
  const state = await import('./state');
  return { ...connect, ...launch, ...state };
}

beforeEach(() => {
  sessionStorage.clear();
  window.location.hash = `tgWebAppData=${encodeURIComponent(FROM_LINK)}&tgWebAppVersion=8.0&tgWebAppPlatform=web`;
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const demoServer = () => stubFetch(() => json({ demo: true, initData: DEMO_VENDOR }));

describe('launch data in the address, outside Telegram', () => {
  it('is never taken by the back-office: a link cannot sign a person in as someone else', async () => {
    demoServer();
    const telegram = await freshBridge();
    await telegram.connectTelegram();
    expect(telegram.getTelegramState().user?.firstName).toBe('Alex');
  });

  it("is taken by the shop's Mini App in demo mode, where the demo chat page puts it", async () => {
    demoServer();
    const telegram = await freshBridge();
    telegram.acceptLaunchDataInAddress();
    await telegram.connectTelegram();
    expect(telegram.getTelegramState().user?.firstName).toBe('Mallory');
  });

  it('is not taken by the Mini App either when the server is not in demo mode', async () => {
    stubFetch(() => json({ error: { code: 'NOT_FOUND', message: 'Not found.' } }, 404));
    const telegram = await freshBridge();
    telegram.acceptLaunchDataInAddress();
    await telegram.connectTelegram();
    expect(telegram.getTelegramState().status).toBe('unavailable');
  });
});
