/** A decompression bomb (a tiny file declaring a huge canvas) is refused before it is decoded. */
const MAX_INPUT_PIXELS = 50_000_000;
const THUMBNAIL_SIZE = 320;
const MEDIUM_SIZE = 1024;

export type ProcessedImage = {
  /** The original re-encoded in its own format: EXIF (camera, GPS) and any trailing payload are gone. */
  original: Buffer;
  /** A square crop for grids (WebP). */
  thumbnail: Buffer;
  /** At most 1024 px on its longer side, for the gallery (WebP). */
  medium: Buffer;
  width: number;
  height: number;
};

export class ImageDecodeError extends Error {}

/**
 * Re-encodes an uploaded image and derives its sizes. sharp writes no metadata unless asked, so every output is
 * free of EXIF; `rotate()` first applies the EXIF orientation, so a portrait photo stays upright without it.
 * An animated GIF keeps its frames in the original; its thumbnail and medium show the first frame.
 */
export async function processImage(
  input: Buffer,
  format: 'jpeg' | 'png' | 'gif' | 'webp',
): Promise<ProcessedImage> {
  // Loaded on the first image: libvips and its 22 MiB are not held by an idle server.
  const { default: sharp } = await import('sharp');
  const base = () => sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  try {
    const original =
      format === 'gif'
        ? sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: true }).gif()
        : format === 'jpeg'
          ? base().rotate().jpeg({ quality: 90 })
          : format === 'png'
            ? base().rotate().png()
            : base().rotate().webp({ quality: 90 });
    const [out, thumbnail, medium] = await Promise.all([
      original.toBuffer({ resolveWithObject: true }),
      base()
        .rotate()
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover' })
        .webp({ quality: 80 })
        .toBuffer(),
      base()
        .rotate()
        .resize(MEDIUM_SIZE, MEDIUM_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 85 })
        .toBuffer(),
    ]);
    const height = out.info.pageHeight ?? out.info.height;
    return { original: out.data, thumbnail, medium, width: out.info.width, height };
  } catch (err) {
    throw new ImageDecodeError(err instanceof Error ? err.message : String(err));
  }
}
