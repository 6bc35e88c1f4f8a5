import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../../../lib/app-error';
import * as repo from './shop-payments.repository';
import type { DownloadTarget, ShopPaymentsDeps } from './shop-payments.types';
import { nowOf, UUID } from './shop-payments-orders.service';

// The signed download links sent to buyers of digital goods: made at delivery, opened by the buyer.

type LinkDeps = Pick<ShopPaymentsDeps, 'downloadKey' | 'publicUrl'>;

const sign = (deps: LinkDeps, id: string) =>
  createHmac('sha256', deps.downloadKey).update(`download:${id}`).digest('base64url');

/** The link a buyer opens for one download row: its id and our signature of it. */
export const downloadLink = (deps: LinkDeps, id: string) =>
  `${deps.publicUrl}/api/v1/downloads/${id}.${sign(deps, id)}`;

/** The download a link's token names, when the signature is ours (compared in constant time); else null. */
function downloadIdOf(deps: LinkDeps, token: string): string | null {
  const [id, sig] = token.split('.');
  if (!id || !sig || !UUID.test(id)) return null;
  const expected = Buffer.from(sign(deps, id));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/**
 * A buyer opens a download link: the signature must be ours, the link not expired and under its
 * download limit (each opening counts one). An uploaded file streams; an outside address is redirected to.
 */
export async function openDownload(deps: ShopPaymentsDeps, token: string): Promise<DownloadTarget> {
  const id = downloadIdOf(deps, token);
  const at = nowOf(deps);
  const taken = id ? await repo.takeDownload(deps.db, id, at) : undefined;
  if (!taken) {
    const row = id ? await repo.findDownloadById(deps.db, id) : undefined;
    if (!row) throw new AppError('DOWNLOAD_NOT_FOUND');
    throw new AppError(row.expiresAt <= at ? 'DOWNLOAD_EXPIRED' : 'DOWNLOAD_LIMIT_REACHED');
  }
  if (taken.mediaId) {
    try {
      return { kind: 'file', ...(await deps.openFile(taken.vendorId, taken.mediaId)) };
    } catch (err) {
      if (err instanceof AppError && err.code === 'MEDIA_NOT_FOUND') throw new AppError('DOWNLOAD_NOT_FOUND');
      throw err;
    }
  }
  if (taken.url) return { kind: 'redirect', url: taken.url };
  throw new AppError('DOWNLOAD_NOT_FOUND');
}
