import { PRODUCT_LIMITS, type ProductsExportLink } from '@app/contracts/products';
import { AppError } from '../../lib/app-error';
import { type AuthContext, signDownloadToken, verifyDownloadToken } from '../../lib/jwt';

const PURPOSE = 'products.export';

/**
 * Links that download the catalogue CSV for a few minutes with no session: Telegram's downloadFile fetches a
 * file itself, without the app's Bearer header, so the link's token names the caller.
 */
export function createExportLinks(deps: { jwtKey: Uint8Array; now?: () => Date }) {
  return {
    async create(auth: AuthContext): Promise<ProductsExportLink> {
      const ttlS = PRODUCT_LIMITS.exportLinkTtlS;
      const token = await signDownloadToken(auth, PURPOSE, deps.jwtKey, ttlS);
      const expiresAt = new Date((deps.now?.() ?? new Date()).getTime() + ttlS * 1000);
      return {
        url: `/api/v1/downloads/products.csv?token=${encodeURIComponent(token)}`,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** Who a link was made for; TOKEN_INVALID when it is not one, or has expired. */
    async callerOf(token: string): Promise<AuthContext> {
      const auth = await verifyDownloadToken(token, PURPOSE, deps.jwtKey);
      if (!auth) throw new AppError('TOKEN_INVALID', 'This download link is invalid or has expired.');
      return auth;
    },
  };
}

export type ExportLinks = ReturnType<typeof createExportLinks>;
