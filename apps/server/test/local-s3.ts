import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/modules/media/s3-storage';

/**
 * A local S3-compatible server (s3rver, from npm) over a temporary folder, with one bucket: what the tests store
 * uploads in when they exercise S3 (modules/media/s3-storage.ts). `close` stops it and removes the folder.
 */
export async function startLocalS3(): Promise<{ settings: S3Settings; close: () => Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), 'local-s3-'));
  const bucket = 'uploads';
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  return {
    settings: {
      endpoint: `http://127.0.0.1:${address.port}`,
      bucket,
      region: 'us-east-1',
      // s3rver's fixed credentials.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
