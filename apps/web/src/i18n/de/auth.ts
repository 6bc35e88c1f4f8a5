import type { auth as en } from '../en/auth';
import type { AreaCatalogue } from '../messages';

export const auth = {} satisfies AreaCatalogue<typeof en>;
