import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vendor } from '../../../test/factories';
import { createTestApp } from '../../../test/harness';
import { startLocalS3 } from '../../../test/local-s3';
import { makeImage, uploadTo } from '../../../test/media';
import { productImages } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { createS3Storage } from './s3-storage';

let s3: Awaited<ReturnType<typeof startLocalS3>>;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(() => s3.close());

async function text(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

describe('uploads in S3-compatible storage', () => {
  it('stores, serves whole and in ranges, lists and removes objects', async () => {
    const storage = createS3Storage(s3.settings);
    const streamed = (async function* () {
      yield Buffer.from('hello ');
      yield Buffer.from('world');
    })();
    expect(await storage.put('files/abcdefgh12', streamed)).toBe(11);
    expect(await storage.put('abcdefgh34.txt', Buffer.from('0123456789'))).toBe(10);

    const whole = await storage.open('files/abcdefgh12');
    expect(whole?.size).toBe(11);
    expect(await text(whole?.stream as NodeJS.ReadableStream)).toBe('hello world');
    const part = await storage.open('abcdefgh34.txt', { start: 2, end: 4 });
    expect(part?.size).toBe(10);
    expect(await text(part?.stream as NodeJS.ReadableStream)).toBe('234');

    expect(await storage.exists('abcdefgh34.txt')).toBe(true);
    expect(await storage.open('nothere123.txt')).toBeNull();
    const older: string[] = [];
    for await (const key of storage.listOlderThan(new Date(Date.now() + 60_000))) older.push(key);
    expect(older.sort()).toEqual(['abcdefgh34.txt', 'files/abcdefgh12']);

    await storage.remove(['abcdefgh34.txt', 'files/abcdefgh12', 'nothere123.txt']);
    expect(await storage.exists('abcdefgh34.txt')).toBe(false);
  });

  it('answers STORAGE_UNAVAILABLE when the bucket cannot be reached', async () => {
    const storage = createS3Storage({ ...s3.settings, endpoint: 'http://127.0.0.1:9' });
    const failure = await storage.put('abcdefgh56.txt', Buffer.from('x')).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(AppError);
    expect((failure as AppError).code).toBe('STORAGE_UNAVAILABLE');
  });

  it('answers an upload 503 with a clear message while S3 is down, and keeps nothing of it', async () => {
    const down = createS3Storage({ ...s3.settings, endpoint: 'http://127.0.0.1:9' });
    const t = await createTestApp({ storage: down });
    try {
      const v = await vendor(t.app);
      const image = { name: 'p.png', data: await makeImage('png'), type: 'image/png' };
      const res = await uploadTo(t.app, `${v.base}/upload/image`, v.auth, image);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        error: {
          code: 'STORAGE_UNAVAILABLE',
          message: 'File storage is not reachable. Nothing was saved: try again shortly.',
        },
      });
      expect(await t.database.db.select().from(productImages)).toEqual([]);
    } finally {
      await t.app.close();
    }
  });
});
