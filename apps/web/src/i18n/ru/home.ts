import type { home as en } from '../en/home';
import type { AreaCatalogue } from '../messages';

export const home = {} satisfies AreaCatalogue<typeof en>;
