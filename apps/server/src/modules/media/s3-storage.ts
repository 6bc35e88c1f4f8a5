import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { AppError } from '../../lib/app-error';
import type { StorageDriver } from './storage';

export type S3Settings = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey ||
  err instanceof NotFound ||
  (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;

/** The bucket did not answer (refused, timed out, 5xx): the caller gets 503 STORAGE_UNAVAILABLE. */
function unavailable(err: unknown): never {
  if (err instanceof AppError) throw err;
  throw Object.assign(new AppError('STORAGE_UNAVAILABLE'), { cause: err });
}

/**
 * Uploads in an S3-compatible bucket (AWS S3, MinIO, R2…; S3_* settings), for several server processes: any of
 * them serves what another stored. Objects are streamed through this server rather than handed out as signed
 * URLs: the media routes keep their rules (downloads under files/ only for a paid order, byte ranges, caching
 * headers), the bucket stays private, and the local driver and this one answer the same URLs.
 *
 * An object appears whole or not at all (a multipart upload is aborted on failure), so a failed upload leaves
 * nothing under its key.
 */
export function createS3Storage(settings: S3Settings): StorageDriver {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    forcePathStyle: true,
    // A bucket that does not answer is reported within seconds, not after the SDK's long retries.
    maxAttempts: 2,
    requestHandler: { connectionTimeout: 2000, requestTimeout: 30_000 },
  });
  const Bucket = settings.bucket;

  return {
    async put(key, body) {
      let bytes = Buffer.isBuffer(body) ? body.length : 0;
      const counted = Buffer.isBuffer(body)
        ? body
        : Readable.from(
            (async function* () {
              for await (const chunk of body) {
                bytes += chunk.length;
                yield chunk;
              }
            })(),
          );
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: counted },
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        // The body's own refusal (too large) stays the caller's error; anything else is the bucket's.
        unavailable(err);
      }
      return bytes;
    },
    async open(key, range) {
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const total = res.ContentRange ? Number(res.ContentRange.split('/')[1]) : res.ContentLength;
        return { size: total ?? 0, stream: res.Body as Readable };
      } catch (err) {
        if (isMissing(err)) return null;
        return unavailable(err);
      }
    },
    async remove(keys) {
      try {
        await Promise.all(keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key }))));
      } catch (err) {
        unavailable(err);
      }
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (err) {
        if (isMissing(err)) return false;
        return unavailable(err);
      }
    },
    async *listOlderThan(before) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client
          .send(new ListObjectsV2Command({ Bucket, ...(ContinuationToken ? { ContinuationToken } : {}) }))
          .catch(unavailable);
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified && object.LastModified < before) yield object.Key;
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
