import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SupportListResponse, SupportMessage } from '@app/contracts/support';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, type TestClock, testClock } from '../../../test/clock';
import { vendor } from '../../../test/factories';
import { makeImage } from '../../../test/media';
import { ANN, type OpenShop, openShop, sendUpdate, sentTo } from '../../../test/shop';
import { type FakeBotApi, startFakeBotApi } from '../../fakes/bot-api/server';
import { sweepMedia } from '../../jobs/media-sweep';
import { createLocalStorage } from '../media/storage';

// A customer's photos and documents in a support conversation are stored through the media module (issue 20):
// the bot downloads them from Telegram, the media module checks and keeps them, the thread shows them.

let fake: FakeBotApi;
let s: OpenShop;
let dataDir: string;
let clock: TestClock;

beforeAll(async () => {
  fake = await startFakeBotApi();
});
afterAll(() => fake.close());
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'support-media-'));
  clock = testClock();
  s = await openShop(fake, { config: { dataDir }, now: clock.now });
});
afterEach(async () => {
  await s.t.app.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The customer sends a file Telegram holds these bytes of: a photo, or a document named `name`. */
async function customerSends(kind: 'photo' | 'document', bytes: Buffer, name = 'receipt.pdf') {
  const fileId = `file-${kind}-${Math.floor(Math.random() * 1e9)}`;
  fake.state.files.set(fileId, { file_id: fileId, file_unique_id: `u-${fileId}`, bytes });
  const file = { file_id: fileId, file_unique_id: `u-${fileId}`, file_size: bytes.length };
  await sendUpdate(s.t, s.fake, s.shop, {
    message: {
      message_id: 5,
      date: Math.floor(Date.now() / 1000),
      chat: { id: ANN.id, type: 'private', first_name: ANN.first_name },
      from: { ...ANN, is_bot: false },
      ...(kind === 'photo'
        ? { photo: [{ ...file, width: 800, height: 600 }], caption: 'The box arrived broken' }
        : { document: { ...file, file_name: name } }),
    },
  });
}

async function conversationId(): Promise<string> {
  const list = await s.t.app.inject({
    method: 'GET',
    url: `${s.owner.base}/support/conversations`,
    headers: s.owner.auth,
  });
  return list.json<SupportListResponse>().conversations[0]?.id ?? '';
}

async function theThread(): Promise<SupportMessage[]> {
  const list = await s.t.app.inject({
    method: 'GET',
    url: `${s.owner.base}/support/conversations`,
    headers: s.owner.auth,
  });
  const [c] = list.json<SupportListResponse>().conversations;
  if (!c) return [];
  const res = await s.t.app.inject({
    method: 'GET',
    url: `${s.owner.base}/support/conversations/${c.id}/messages`,
    headers: s.owner.auth,
  });
  return res.json<{ messages: SupportMessage[] }>().messages;
}

describe('a customer’s files in a support conversation', () => {
  it('stores a customer’s photo through the media module and gives the thread its address', async () => {
    await customerSends('photo', await makeImage('jpeg'));
    const [message] = await theThread();
    expect(message).toMatchObject({ text: 'The box arrived broken', media: { kind: 'photo' } });
    const url = message?.media?.url ?? '';
    expect(url).toMatch(/^\/media\/.+\.webp$/);
    const image = await s.t.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/');
  });

  it('stores a customer’s document privately, with its name and size', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 32)]);
    await customerSends('document', pdf, 'receipt.pdf');
    const [message] = await theThread();
    expect(message?.media).toEqual({ kind: 'document', name: 'receipt.pdf', url: null, size: pdf.length });
  });

  it('answers a photo that is not an image with a clear reply and keeps nothing', async () => {
    await customerSends('photo', Buffer.from('this is not a picture at all'));
    expect(sentTo(s, ANN.id).at(-1)?.text).toBe(
      'We could not read this picture. Please send it again, or as a file.',
    );
    expect(await theThread()).toEqual([]);
  });

  it('keeps a customer’s file past the sweep of unattached uploads while the conversation names it', async () => {
    await customerSends('photo', await makeImage('png'));
    const url = (await theThread())[0]?.media?.url ?? '';
    clock.advance(2 * DAY_MS);
    const swept = await sweepMedia({
      db: s.t.database.db,
      storage: createLocalStorage(join(dataDir, 'media')),
      now: clock.now,
    });
    expect(swept.deleted).toBe(0);
    expect((await s.t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('downloads a customer’s document through a short-lived link, for staff who see the conversation only', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3000, 32)]);
    await customerSends('document', pdf, 'receipt.pdf');
    const [message] = await theThread();
    const path = `/support/conversations/${await conversationId()}/messages/${message?.id}/file/link`;

    const link = await s.t.app.inject({
      method: 'POST',
      url: `${s.owner.base}${path}`,
      headers: s.owner.auth,
    });
    expect(link.statusCode).toBe(200);
    const file = await s.t.app.inject({ method: 'GET', url: link.json<{ url: string }>().url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('receipt.pdf');
    expect(file.rawPayload.equals(pdf)).toBe(true);

    const other = await vendor(s.t.app);
    const refused = await s.t.app.inject({
      method: 'POST',
      url: `${other.base}${path}`,
      headers: other.auth,
    });
    expect(refused.statusCode).toBe(404);
    const noToken = await s.t.app.inject({
      method: 'GET',
      url: `/api/v1/downloads/support-files/${message?.id}`,
    });
    expect(noToken.statusCode).toBe(401);
  });
});
