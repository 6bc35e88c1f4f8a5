import { MEDIA_LIMITS, type ProductMediaItem } from '@app/contracts/media';
import { useEffect, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { useBackButtonOverride } from '../../lib/telegram/buttons';
import { EmptyState } from '../ui/empty-state';
import styles from './gallery.module.css';

/** A media endpoint's item or a product's image (the catalogue's ProductImage, ordered by `position`). */
export type GalleryItem = Pick<ProductMediaItem, 'id' | 'url' | 'isMain'> & {
  type?: ProductMediaItem['type'];
  mediumUrl?: string | null;
  thumbnailUrl?: string | null;
  name?: string | null;
  order?: number;
  position?: number;
};

export type GalleryProps = {
  items: GalleryItem[];
  /** Advance by itself (spec default off); the visitor can pause and resume. */
  autoPlay?: boolean;
  /** Milliseconds between slides when playing (spec: 5000). */
  interval?: number;
};

const { zoomMin, zoomMax, zoomStep } = MEDIA_LIMITS;

/** Main first, then the vendor's order (`order` or `position`, else as given). */
export function sortForGallery<T extends Pick<GalleryItem, 'isMain' | 'order' | 'position'>>(
  items: T[],
): T[] {
  const rank = (item: T, index: number) => item.order ?? item.position ?? index;
  return items
    .map((item, index) => ({ item, at: rank(item, index) }))
    .sort((a, b) => Number(b.item.isMain) - Number(a.item.isMain) || a.at - b.at)
    .map(({ item }) => item);
}

/**
 * A product's images (spec part 2 §2.1): the main one first, zoom from 100% to 300% in 50% steps (the zoomed
 * image scrolls to pan, with a finger too), a fullscreen toggle, and optional auto-play.
 */
export function Gallery({ items, autoPlay = false, interval = MEDIA_LIMITS.autoPlayMs }: GalleryProps) {
  const { t } = useI18n();
  const sorted = sortForGallery(items);
  const count = sorted.length;
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState<number>(zoomMin);
  const [fullscreen, setFullscreen] = useState(false);
  const [playing, setPlaying] = useState(autoPlay);
  const current = sorted[Math.min(index, count - 1)];

  const show = (next: number) => {
    setIndex(((next % count) + count) % count);
    setZoom(zoomMin);
  };

  useEffect(() => {
    if (!playing || count < 2 || zoom !== zoomMin) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), interval);
    return () => clearInterval(timer);
  }, [playing, count, interval, zoom]);

  // In fullscreen, Telegram's back button (and Escape) leaves fullscreen rather than the screen.
  useBackButtonOverride(fullscreen ? () => setFullscreen(false) : null);

  useEffect(() => {
    if (!fullscreen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setFullscreen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fullscreen]);

  if (!current) return <EmptyState icon="🖼️" title={t('media.gallery.empty')} />;

  const src = fullscreen || zoom > zoomMin ? current.url : (current.mediumUrl ?? current.url);
  const percent = Math.round(zoom * 100);

  return (
    <section
      className={`${styles.gallery} ${fullscreen ? styles.fullscreen : ''}`}
      aria-roledescription="carousel"
      aria-label={current.name ?? undefined}
    >
      <div className={styles.stage}>
        {current.type === 'video' ? (
          // biome-ignore lint/a11y/useMediaCaption: vendors' product videos come without captions
          <video className={styles.video} src={current.url} controls preload="metadata" />
        ) : (
          <div className={styles.viewport} data-testid="gallery-viewport">
            <img
              className={styles.image}
              src={src}
              alt={current.name ?? ''}
              style={{ width: `${percent}%` }}
              draggable={false}
            />
          </div>
        )}
        {count > 1 ? (
          <>
            <button
              type="button"
              className={`${styles.nav} ${styles.prev}`}
              aria-label={t('media.gallery.previous')}
              onClick={() => show(index - 1)}
            >
              ‹
            </button>
            <button
              type="button"
              className={`${styles.nav} ${styles.next}`}
              aria-label={t('media.gallery.next')}
              onClick={() => show(index + 1)}
            >
              ›
            </button>
          </>
        ) : null}
      </div>

      <div className={styles.toolbar}>
        <span className={styles.position}>{t('media.gallery.position', { index: index + 1, count })}</span>
        <button
          type="button"
          aria-label={t('media.gallery.zoomOut')}
          disabled={zoom <= zoomMin || current.type === 'video'}
          onClick={() => setZoom((z) => Math.max(zoomMin, z - zoomStep))}
        >
          −
        </button>
        <output className={styles.zoom} aria-live="polite">
          {t('media.gallery.zoom', { percent })}
        </output>
        <button
          type="button"
          aria-label={t('media.gallery.zoomIn')}
          disabled={zoom >= zoomMax || current.type === 'video'}
          onClick={() => setZoom((z) => Math.min(zoomMax, z + zoomStep))}
        >
          +
        </button>
        {autoPlay && count > 1 ? (
          <button
            type="button"
            aria-label={playing ? t('media.gallery.pause') : t('media.gallery.play')}
            onClick={() => setPlaying((p) => !p)}
          >
            {playing ? '❚❚' : '▶'}
          </button>
        ) : null}
        <button
          type="button"
          aria-label={fullscreen ? t('media.gallery.exitFullscreen') : t('media.gallery.fullscreen')}
          aria-pressed={fullscreen}
          onClick={() => setFullscreen((f) => !f)}
        >
          {fullscreen ? '⤡' : '⤢'}
        </button>
      </div>

      {count > 1 ? (
        <div className={styles.thumbs}>
          {sorted.map((item, i) => (
            <button
              key={item.id}
              type="button"
              className={styles.thumb}
              aria-label={t('media.gallery.show', { index: i + 1 })}
              aria-current={i === index}
              onClick={() => show(i)}
            >
              {item.type === 'video' ? (
                <span className={styles.videoThumb} aria-hidden="true">
                  ▶
                </span>
              ) : (
                <img src={item.thumbnailUrl ?? item.url} alt="" draggable={false} />
              )}
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
