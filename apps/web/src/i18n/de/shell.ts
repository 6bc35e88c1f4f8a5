import type { shell as en } from '../en/shell';
import type { AreaCatalogue } from '../messages';

export const shell = {} satisfies AreaCatalogue<typeof en>;
