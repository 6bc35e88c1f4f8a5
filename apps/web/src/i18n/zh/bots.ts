import type { bots as en } from '../en/bots';
import type { AreaCatalogue } from '../messages';

export const bots = {} satisfies AreaCatalogue<typeof en>;
