import {
  IMAGE_MIME_TYPES,
  MEDIA_LIMITS,
  type MediaUpload,
  type ProductMediaItem,
  VIDEO_MIME_TYPES,
} from '@app/contracts/media';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { isApiError } from '../../lib/api-client';
import { queryRoots } from '../../lib/query-keys';
import { haptics, showConfirm, showPopup } from '../../lib/telegram/bridge';
import { ErrorState } from '../ui/error-state';
import { LoadingState } from '../ui/spinner';
import { mediaKeys } from './api/media-keys';
import {
  useDeleteProductMedia,
  useProductMedia,
  useReorderProductMedia,
  useSetMainProductMedia,
} from './api/product-media';
import { uploadMedia } from './api/upload-media';
import styles from './media-uploader.module.css';

/**
 * One tile of the uploader: an upload, attached to a product or waiting for the product's save. Both the media
 * endpoints' items (ProductMediaItem) and a product's `images` (the catalogue's ProductImage) fit; the order
 * is the array's.
 */
export type MediaItem = Pick<ProductMediaItem, 'id' | 'url' | 'isMain'> &
  Partial<Pick<ProductMediaItem, 'type' | 'thumbnailUrl' | 'mediumUrl' | 'name' | 'order'>>;

export type MediaUploaderProps = {
  /**
   * With `productId`, every change (upload, delete, reorder, main) is made on the server at once: for screens
   * that do not save the product's images themselves. Without it the items live in the form through
   * value/onChange and saving the product applies them: send `imageIds` (the items' ids in order) and
   * `mainImageId`. An add or edit form that sends `imageIds` must use this second way (on edit, start from the
   * product's `images`), or its save would undo what the uploader did on the server meanwhile.
   */
  productId?: string | undefined;
  value?: MediaItem[];
  onChange?: (items: MediaItem[]) => void;
  /** At most this many items (spec: 10 images). */
  max?: number;
  /** Accept videos (MP4, WebM, Ogg up to 50 MB) besides images. */
  allowVideo?: boolean;
};

type Uploading = { key: number; name: string; percent: number };

const isAcceptable = (file: File, allowVideo: boolean) => {
  if ((IMAGE_MIME_TYPES as readonly string[]).includes(file.type))
    return file.size <= MEDIA_LIMITS.imageBytes;
  if (allowVideo && (VIDEO_MIME_TYPES as readonly string[]).includes(file.type)) {
    return file.size <= MEDIA_LIMITS.videoBytes;
  }
  return false;
};

const renumber = (items: MediaItem[]) => items.map((item, order) => ({ ...item, order }));

/** An upload as a tile of a product not saved yet; the first one is main (spec part 2 §4). */
function toItem(upload: MediaUpload, current: MediaItem[]): MediaItem {
  return {
    id: upload.id,
    type: upload.type,
    url: upload.url ?? '',
    thumbnailUrl: upload.thumbnailUrl,
    mediumUrl: upload.mediumUrl,
    name: upload.name,
    isMain: !current.some((i) => i.isMain),
    order: current.length,
  };
}

/** Moves `id` to `to` in the list of ids. */
function moveTo(ids: string[], id: string, to: number): string[] {
  const rest = ids.filter((x) => x !== id);
  rest.splice(Math.max(0, Math.min(to, rest.length)), 0, id);
  return rest;
}

let nextUploadKey = 1;

/**
 * The media grid (spec part 2 §2.1): drag to reorder (mouse, touch and pen through pointer events; arrow keys
 * on the handle), a star to make an item main, delete after a Telegram confirmation, and an 'Add Media' tile
 * while below the maximum. Each upload shows its real progress.
 */
export function MediaUploader({ productId, value, onChange, max, allowVideo = false }: MediaUploaderProps) {
  const { t } = useI18n();
  const limit = max ?? MEDIA_LIMITS.maxImagesPerProduct;
  const queryClient = useQueryClient();
  const query = useProductMedia(productId);
  const reorder = useReorderProductMedia(productId ?? '');
  const setMain = useSetMainProductMedia(productId ?? '');
  const remove = useDeleteProductMedia(productId ?? '');
  const items: MediaItem[] = productId ? (query.data?.images ?? []) : (value ?? []);

  const [uploads, setUploads] = useState<Uploading[]>([]);
  const [drag, setDrag] = useState<{ id: string; order: string[] } | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const shown = drag
    ? drag.order.map((id) => items.find((i) => i.id === id)).filter((i): i is MediaItem => i !== undefined)
    : items;

  const popup = (message: string, title?: string) =>
    showPopup({ ...(title ? { title } : {}), message, buttons: [{ id: 'ok', type: 'ok' }] });

  const tooMany = () => popup(t('media.error.tooMany', { n: limit }), t('media.error.tooManyTitle'));

  async function addFiles(files: File[]) {
    if (files.length === 0) return;
    if (files.length > limit - items.length - uploads.length) {
      haptics.error();
      await tooMany();
      return;
    }
    const valid = files.filter((f) => isAcceptable(f, allowVideo));
    if (valid.length < files.length) {
      haptics.error();
      await popup(t('media.error.invalid'));
    }
    let current = items;
    for (const file of valid) {
      const key = nextUploadKey++;
      setUploads((u) => [...u, { key, name: file.name, percent: 0 }]);
      try {
        const uploaded = await uploadMedia({
          file,
          productId,
          onProgress: (percent) => setUploads((u) => u.map((x) => (x.key === key ? { ...x, percent } : x))),
        });
        if (!productId) {
          current = [...current, toItem(uploaded, current)];
          onChange?.(current);
        }
      } catch (error) {
        haptics.error();
        if (isApiError(error) && error.code === 'PRODUCT_IMAGES_LIMIT') await tooMany();
        else if (isApiError(error) && error.code === 'MEDIA_INVALID') await popup(t('media.error.invalid'));
        else await popup(t('media.error.upload'), t('media.error.uploadTitle'));
        break;
      } finally {
        setUploads((u) => u.filter((x) => x.key !== key));
        if (productId) {
          await queryClient.invalidateQueries({ queryKey: mediaKeys.product(productId) });
        }
      }
    }
    if (productId) void queryClient.invalidateQueries({ queryKey: queryRoots.products });
  }

  async function commitOrder(ids: string[]) {
    const unchanged = ids.every((id, i) => items[i]?.id === id);
    if (unchanged) return;
    haptics.selection();
    if (!productId) {
      onChange?.(renumber(ids.map((id) => items.find((i) => i.id === id)).filter((i) => i !== undefined)));
      return;
    }
    // Shown in the new order at once; the server's answer replaces it.
    queryClient.setQueryData(mediaKeys.product(productId), {
      images: renumber(ids.map((id) => items.find((i) => i.id === id)).filter((i) => i !== undefined)),
    });
    try {
      await reorder.mutateAsync(ids);
    } catch {
      haptics.error();
      void queryClient.invalidateQueries({ queryKey: mediaKeys.product(productId) });
      await popup(t('media.error.update'));
    }
  }

  async function makeMain(item: MediaItem) {
    if (item.isMain) return;
    haptics.selection();
    if (!productId) {
      onChange?.(items.map((i) => ({ ...i, isMain: i.id === item.id })));
      return;
    }
    try {
      await setMain.mutateAsync(item.id);
    } catch {
      haptics.error();
      await popup(t('media.error.update'));
    }
  }

  async function deleteItem(item: MediaItem) {
    const confirmed = await showConfirm(t('media.uploader.deleteConfirm'), t('media.uploader.deleteButton'), {
      destructive: true,
    });
    if (!confirmed) return;
    if (!productId) {
      const left = items.filter((i) => i.id !== item.id);
      const first = left[0];
      if (item.isMain && first) left[0] = { ...first, isMain: true };
      onChange?.(renumber(left));
      return;
    }
    try {
      await remove.mutateAsync(item.id);
      haptics.success();
    } catch {
      haptics.error();
      await popup(t('media.error.delete'), t('media.error.deleteTitle'));
    }
  }

  // Dragging: the handle captures the pointer; the tile under the pointer tells where the item goes.
  function onHandleDown(event: PointerEvent<HTMLButtonElement>, id: string) {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    haptics.impact('light');
    setDrag({ id, order: items.map((i) => i.id) });
  }

  function onHandleMove(event: PointerEvent<HTMLButtonElement>) {
    if (!drag) return;
    const under = document.elementFromPoint?.(event.clientX, event.clientY);
    const tile = under?.closest<HTMLElement>('[data-media-id]');
    const overId = tile?.dataset.mediaId;
    if (!overId || overId === drag.id) return;
    const to = drag.order.indexOf(overId);
    if (to >= 0) setDrag({ ...drag, order: moveTo(drag.order, drag.id, to) });
  }

  function onHandleUp() {
    if (!drag) return;
    const order = drag.order;
    setDrag(null);
    void commitOrder(order);
  }

  function onHandleKey(event: KeyboardEvent<HTMLButtonElement>, id: string) {
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const ids = items.map((i) => i.id);
    void commitOrder(moveTo(ids, id, ids.indexOf(id) + step));
  }

  if (productId && query.isPending) return <LoadingState />;
  if (productId && query.isError) {
    return (
      <ErrorState
        message={t('media.error.load')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  const canAdd = items.length + uploads.length < limit;
  const accept = [...IMAGE_MIME_TYPES, ...(allowVideo ? VIDEO_MIME_TYPES : [])].join(',');

  return (
    <div className={styles.uploader}>
      <ul className={styles.grid}>
        {shown.map((item, index) => (
          <li
            key={item.id}
            data-media-id={item.id}
            className={`${styles.tile} ${drag?.id === item.id ? styles.dragging : ''}`}
          >
            {item.type === 'video' ? (
              <video
                className={styles.preview}
                src={item.url}
                muted
                preload="metadata"
                aria-label={item.name ?? ''}
              />
            ) : (
              <img
                className={styles.preview}
                src={item.thumbnailUrl ?? item.url}
                alt={item.name ?? ''}
                draggable={false}
              />
            )}
            {item.isMain ? <span className={styles.badge}>{t('media.uploader.main')}</span> : null}
            <button
              type="button"
              className={`${styles.action} ${styles.star} ${item.isMain ? styles.starred : ''}`}
              aria-label={t('media.uploader.setMain')}
              aria-pressed={item.isMain}
              onClick={() => void makeMain(item)}
            >
              {item.isMain ? '★' : '☆'}
            </button>
            <button
              type="button"
              className={`${styles.action} ${styles.remove}`}
              aria-label={t('media.uploader.delete')}
              onClick={() => void deleteItem(item)}
            >
              ×
            </button>
            <button
              type="button"
              className={`${styles.action} ${styles.handle}`}
              aria-label={`${t('media.uploader.reorder')} (${index + 1})`}
              onPointerDown={(e) => onHandleDown(e, item.id)}
              onPointerMove={onHandleMove}
              onPointerUp={onHandleUp}
              onPointerCancel={() => setDrag(null)}
              onKeyDown={(e) => onHandleKey(e, item.id)}
            >
              ⠿
            </button>
          </li>
        ))}
        {uploads.map((u) => (
          <li key={`upload-${u.key}`} className={`${styles.tile} ${styles.progressTile}`}>
            <div
              role="progressbar"
              aria-label={u.name}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={u.percent}
              className={styles.progress}
            >
              <span className={styles.progressBar} style={{ width: `${u.percent}%` }} />
              <span className={styles.progressText}>
                {t('media.uploader.progress', { percent: u.percent })}
              </span>
            </div>
          </li>
        ))}
        {canAdd ? (
          <li className={styles.tile}>
            <button type="button" className={styles.add} onClick={() => inputRef.current?.click()}>
              <span aria-hidden="true" className={styles.plus}>
                +
              </span>
              {t('media.uploader.add')}
            </button>
          </li>
        ) : null}
      </ul>
      <p className={styles.count}>{t('media.uploader.count', { count: items.length, max: limit })}</p>
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        multiple
        hidden
        data-testid="media-file-input"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          void addFiles(files);
        }}
      />
    </div>
  );
}
