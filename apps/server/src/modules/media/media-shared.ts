import type { Db } from '../../db/types';
import type * as repo from './media.repository';
import type { StorageDriver } from './storage';

// What the media service files share: the deps, the clock and the public addresses of stored objects.

export type MediaDeps = { db: Db; storage: StorageDriver; now?: () => Date };

/** The deps' clock, else the wall clock. */
export const nowOf = (deps: MediaDeps): Date => deps.now?.() ?? new Date();

/** Where a stored object is served publicly (media-files.routes.ts). Downloads (`files/…`) never are. */
export const mediaUrl = (key: string) => `/media/${key}`;

/** The public addresses of a stored image's sizes (the catalogue's product views use these). */
export function productImageUrls(row: Pick<repo.MediaRow, 'storageKey' | 'sizes'>) {
  const url = mediaUrl(row.storageKey);
  const sized = (size: string) => {
    const key = row.sizes[size];
    return key ? mediaUrl(key) : url;
  };
  return { url, thumbnailUrl: sized('thumbnail'), mediumUrl: sized('medium') };
}

/** Every stored object of a row: the original and its sizes. */
export const storedKeys = (row: Pick<repo.MediaRow, 'storageKey' | 'sizes'>) => [
  row.storageKey,
  ...Object.values(row.sizes),
];
