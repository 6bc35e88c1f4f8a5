import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A byte range of a stored object, both ends included (HTTP Range semantics). */
export type ByteRange = { start: number; end: number };

/**
 * Where uploads live. Keys are ours (random names, see media.service.ts), never a client's file name. The local
 * folder is the driver today; an S3-compatible bucket is a second implementation of this type, chosen by
 * configuration, and nothing else changes.
 */
export type StorageDriver = {
  /** Writes the object, streaming (a large download never sits in memory whole); answers the bytes written. */
  put(key: string, body: Buffer | AsyncIterable<Buffer>): Promise<number>;
  /** The object's size and a stream of it (or of a range of it); null when there is no such object. */
  open(key: string, range?: ByteRange): Promise<{ size: number; stream: Readable } | null>;
  /** Removes the objects; a missing one is not an error (a sweep may run twice). */
  remove(keys: readonly string[]): Promise<void>;
  /** Whether the object exists (tests and the sweep's checks). */
  exists(key: string): Promise<boolean>;
  /** Keys of the objects last written before `before` (the sweep looks for files no row names any more). */
  listOlderThan(before: Date): AsyncIterable<string>;
};

/** Keys are `[A-Za-z0-9_-]` names with an extension, optionally under one folder: never `..` or absolute. */
const SAFE_KEY = /^(?:[a-z]+\/)?[A-Za-z0-9_-]{8,80}(?:\.[a-z0-9]{2,5})?$/;

function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe storage key: ${key}`);
}

/** The storage driver over a local folder (DATA_DIR/media by default; tests use a temporary folder). */
export function createLocalStorage(root: string): StorageDriver {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(root, key);
  };
  return {
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written under a temporary name and renamed: a reader never sees half an object, and a failed upload
      // leaves nothing behind under its key.
      const partial = `${path}.${process.pid}.partial`;
      let bytes = 0;
      try {
        if (Buffer.isBuffer(body)) {
          await pipeline([body], createWriteStream(partial));
          bytes = body.length;
        } else {
          await pipeline(async function* () {
            for await (const chunk of body) {
              bytes += chunk.length;
              yield chunk;
            }
          }, createWriteStream(partial));
        }
        await rename(partial, path);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
      return bytes;
    },
    async open(key, range) {
      const path = pathOf(key);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile()) return null;
      return { size: info.size, stream: createReadStream(path, range ?? {}) };
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
    async exists(key) {
      const info = await stat(pathOf(key)).catch(() => null);
      return info?.isFile() ?? false;
    },
    async *listOlderThan(before) {
      for (const folder of ['', 'files/']) {
        const names = await readdir(join(root, folder)).catch(() => [] as string[]);
        for (const name of names) {
          const key = `${folder}${name}`;
          if (!SAFE_KEY.test(key)) continue; // partial writes and anything not ours
          const info = await stat(join(root, key)).catch(() => null);
          if (info?.isFile() && info.mtime < before) yield key;
        }
      }
    },
  };
}
