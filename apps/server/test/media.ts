import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { createLocalStorage, type StorageDriver } from '../src/modules/media/storage';

/** A storage driver over a fresh temporary folder; `cleanup` removes the folder. */
export async function tempStorage(): Promise<{
  storage: StorageDriver;
  dir: string;
  cleanup: () => Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'media-test-'));
  return { storage: createLocalStorage(dir), dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** A real image of the given format, optionally carrying EXIF (camera make, GPS-like comment, copyright). */
export async function makeImage(
  format: 'jpeg' | 'png' | 'gif' | 'webp' = 'jpeg',
  opts: { width?: number; height?: number; exif?: boolean } = {},
): Promise<Buffer> {
  let img = sharp({
    create: {
      width: opts.width ?? 800,
      height: opts.height ?? 600,
      channels: 3,
      background: { r: 200, g: 40, b: 90 },
    },
  })[format]();
  if (opts.exif) {
    img = img.withExif({
      IFD0: { Make: 'SecretCam', Copyright: 'Private Person', ImageDescription: 'home' },
    });
  }
  return img.toBuffer();
}

/** A JPEG of about `bytes` bytes (random noise compresses badly), for size limits and the bench. */
export async function makeLargeJpeg(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 0.8));
  const raw = randomBytes(side * side * 3);
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** A multipart/form-data body with text fields first, then one file (as browsers send FormData). */
export function multipartBody(
  file: { field?: string; name: string; type?: string; data: Buffer },
  fields: Record<string, string> = {},
) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'image'}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function uploadTo(
  app: FastifyInstance,
  url: string,
  auth: { authorization: string },
  file: Parameters<typeof multipartBody>[0],
  fields: Record<string, string> = {},
) {
  const body = multipartBody(file, fields);
  return app.inject({ method: 'POST', url, headers: { ...auth, ...body.headers }, payload: body.payload });
}
