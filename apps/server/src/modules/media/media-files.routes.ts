import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { ByteRange, StorageDriver } from './storage';

/** Stored names are random and never reused, so a served file never changes: cache it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Public objects only: a random name and one of our extensions, no folder (downloads live under files/). */
const PUBLIC_KEY = /^[A-Za-z0-9_-]{8,80}\.(jpg|png|gif|webp|mp4|webm|ogv)$/;

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
};

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` of an object of `size` bytes; null when unsatisfiable or several. */
function parseRange(header: string, size: number): ByteRange | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  return start <= end && start < size ? { start, end } : null;
}

/**
 * Serves uploaded images and videos at /media/{key}, to anyone who has the (unguessable) address: the shop bot
 * and Telegram fetch them too. Range requests are answered, so videos can be sought.
 */
export function mediaFilesRoutes(storage: StorageDriver) {
  return async (app: FastifyInstance) => {
    const serve = async (req: FastifyRequest<{ Params: { key: string } }>, reply: FastifyReply) => {
      const { key } = req.params;
      const ext = PUBLIC_KEY.exec(key)?.[1];
      const notFound = () => {
        reply.header('Cache-Control', 'no-store');
        return new AppError('FILE_NOT_FOUND');
      };
      if (!ext) throw notFound();
      const header = req.headers.range;
      const whole = await storage.open(key);
      if (!whole) throw notFound();
      reply
        .header('Cache-Control', IMMUTABLE)
        .header('Accept-Ranges', 'bytes')
        .type(CONTENT_TYPES[ext] ?? 'application/octet-stream');
      if (!header) return reply.header('Content-Length', whole.size).send(whole.stream);
      whole.stream.destroy();
      const range = parseRange(header, whole.size);
      if (!range) {
        return reply.status(416).header('Content-Range', `bytes */${whole.size}`).send();
      }
      const part = await storage.open(key, range);
      if (!part) throw notFound();
      return reply
        .status(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${whole.size}`)
        .header('Content-Length', range.end - range.start + 1)
        .send(part.stream);
    };
    app.get<{ Params: { key: string } }>('/media/:key', { schema: { hide: true } }, serve);
    // The same files under the API prefix, for clients that build addresses from it; not rate limited (a
    // product list loads dozens of thumbnails, each cached for a year).
    app.get<{ Params: { key: string } }>(
      '/api/v1/media/:key',
      { schema: { hide: true }, config: { rateLimit: false } },
      serve,
    );
  };
}
