import { MEDIA_MESSAGES, type MediaUpload, type ProductMediaList } from '@app/contracts/media';
import type { Permission } from '@app/contracts/permissions';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createCategory,
  createProduct,
  insertProduct,
  productBody,
  type Vendor,
  vendor,
} from '../../../test/factories';
import { bearer, createTestApp, signIn, type TestApp, telegramUser } from '../../../test/harness';
import { makeImage, makeLargeJpeg, tempStorage, uploadTo } from '../../../test/media';
import {
  botSettings,
  bots,
  campaigns,
  productBots,
  productImages,
  products,
  telegramIdentities,
} from '../../db/schema/index';
import { sweepMedia } from '../../jobs/media-sweep';
import type { StorageDriver } from './storage';

let t: TestApp;
let v: Vendor;
let storage: StorageDriver;
let cleanup: () => Promise<void>;

/** A fresh app on temporary storage, and its vendor; `findStaffGrant` says what staff may do there. */
async function setUp(opts: Pick<Parameters<typeof createTestApp>[0] & object, 'findStaffGrant'> = {}) {
  const temp = await tempStorage();
  storage = temp.storage;
  cleanup = temp.cleanup;
  t = await createTestApp({ storage, ...opts });
  v = await vendor(t.app);
}

afterEach(async () => {
  await t.app.close();
  await cleanup();
});

const uploadImage = async (data: Buffer, name = 'photo.jpg', fields: Record<string, string> = {}, who = v) =>
  uploadTo(t.app, `${who.base}/upload/image`, who.auth, { name, data, type: 'image/jpeg' }, fields);

async function uploaded(data?: Buffer): Promise<MediaUpload> {
  const res = await uploadImage(data ?? (await makeImage('png')), 'p.png');
  expect(res.statusCode).toBe(201);
  return res.json() as MediaUpload;
}

const keyOf = (url: string | null) => (url ?? '').replace(/^\/media\//, '');

async function fetchFile(url: string | null) {
  const res = await t.app.inject({ method: 'GET', url: url ?? '' });
  return res;
}

async function imagesOf(productId: string, who = v): Promise<ProductMediaList> {
  const res = await t.app.inject({
    method: 'GET',
    url: `${who.base}/products/${productId}/images`,
    headers: who.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as ProductMediaList;
}

async function attach(productId: string, uploadIds: string[], who = v) {
  return t.app.inject({
    method: 'POST',
    url: `${who.base}/products/${productId}/images`,
    headers: who.auth,
    payload: { uploadIds },
  });
}

/** A product with `n` images attached, in upload order. */
async function productWithImages(n: number) {
  const productId = await insertProduct(t.database, v.vendorId);
  const ups: MediaUpload[] = [];
  for (let i = 0; i < n; i++) ups.push(await uploaded());
  const res = await attach(
    productId,
    ups.map((u) => u.id),
  );
  expect(res.statusCode).toBe(200);
  return { productId, ids: ups.map((u) => u.id) };
}

describe('POST /vendors/{id}/upload/image', () => {
  beforeEach(() => setUp());

  // The heaviest image work of the file (three sizes of a 2000 px photo, each decoded again): more time on a busy
  // machine.
  it('stores a JPEG under a random name with a thumbnail and a medium size, EXIF gone', {
    timeout: 60_000,
  }, async () => {
    const original = await makeImage('jpeg', { width: 2000, height: 1500, exif: true });
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await uploadImage(original, 'My Holiday.jpg');
    expect(res.statusCode).toBe(201);
    const body = res.json() as MediaUpload;
    expect(body).toMatchObject({
      type: 'image',
      name: 'My Holiday.jpg',
      mimeType: 'image/jpeg',
      width: 2000,
    });
    expect(body.url).toMatch(/^\/media\/[A-Za-z0-9_-]{24}\.jpg$/);
    expect(body.url).not.toContain('Holiday');
    // The same file under the API prefix (the catalogue's default addresses).
    const viaApi = await fetchFile(`/api/v1${body.url}`);
    expect(viaApi.statusCode, viaApi.body).toBe(200);

    for (const url of [body.url, body.thumbnailUrl, body.mediumUrl]) {
      const file = await fetchFile(url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.exif).toBeUndefined();
      expect(file.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
    }
    const thumb = await sharp((await fetchFile(body.thumbnailUrl)).rawPayload).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(['webp', 320, 320]);
    const medium = await sharp((await fetchFile(body.mediumUrl)).rawPayload).metadata();
    expect([medium.width, medium.height]).toEqual([1024, 768]);
  });

  it.each([
    ['png', 'image/png'],
    ['gif', 'image/gif'],
    ['webp', 'image/webp'],
  ] as const)('accepts a %s image, typed by its bytes', async (format, mime) => {
    const res = await uploadImage(await makeImage(format, { width: 64, height: 64 }), 'no-extension');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ mimeType: mime, type: format === 'gif' ? 'gif' : 'image' });
  });

  it('refuses a text file renamed .png with the spec message, and stores nothing', async () => {
    const res = await uploadImage(Buffer.from('just some text, not an image\n'.repeat(10)), 'photo.png');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'MEDIA_INVALID', message: MEDIA_MESSAGES.invalidFile });
    expect(await t.database.db.select().from(productImages)).toEqual([]);
  });

  it('refuses an image over 5 MB with the spec message', async () => {
    const big = await makeLargeJpeg(5.5 * 1024 * 1024);
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const res = await uploadImage(big);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'MEDIA_INVALID', details: { reason: 'size' } });
  });

  it('refuses bytes that claim to be a JPEG but do not decode', async () => {
    const head = (await makeImage('jpeg')).subarray(0, 300);
    const res = await uploadImage(Buffer.concat([head, Buffer.alloc(5000, 7)]));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('MEDIA_INVALID');
  });

  it('refuses a video on the image endpoint and accepts it on the media endpoint', async () => {
    // The start of an MP4: an ftyp box with the isom brand.
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x20]),
      Buffer.from('ftypisom\0\0\x02\0isomiso2avc1mp41', 'latin1'),
      Buffer.alloc(8000, 1),
    ]);
    expect((await uploadImage(mp4, 'clip.mp4')).statusCode).toBe(400);
    const res = await uploadTo(t.app, `${v.base}/upload/media`, v.auth, {
      field: 'video',
      name: 'clip.mp4',
      data: mp4,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json() as MediaUpload;
    expect(body).toMatchObject({ type: 'video', mimeType: 'video/mp4', size: mp4.length, thumbnail: null });
    const ranged = await t.app.inject({
      method: 'GET',
      url: body.url ?? '',
      headers: { range: 'bytes=0-99' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 0-99/${mp4.length}`);
    expect(ranged.rawPayload.length).toBe(100);
  });

  describe('videos (spec part 2 §5.3: MP4, WebM, Ogg up to 50 MB)', () => {
    const uploadVideo = (data: Buffer, name: string, type = 'video/mp4') =>
      uploadTo(t.app, `${v.base}/upload/media`, v.auth, { field: 'video', name, data, type });
    /** The start of a WebM: an EBML header whose DocType is "webm". */
    const webmHead = () =>
      Buffer.concat([
        Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01]),
        Buffer.from([0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]),
        Buffer.from('webm', 'latin1'),
        Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
      ]);

    it('takes a WebM by its bytes, whatever its name says, and serves it as a video', async () => {
      const webm = Buffer.concat([webmHead(), Buffer.alloc(8000, 3)]);
      const res = await uploadVideo(webm, 'clip.bin', 'application/octet-stream');
      expect(res.statusCode).toBe(201);
      const body = res.json() as MediaUpload;
      expect(body).toMatchObject({ type: 'video', mimeType: 'video/webm', size: webm.length });
      const served = await fetchFile(body.url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('video/webm');
    });

    it('refuses a file named .mp4 and sent as video/mp4 whose bytes are not a video, and stores nothing', async () => {
      const res = await uploadVideo(Buffer.from('not a video at all\n'.repeat(500)), 'clip.mp4');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'MEDIA_INVALID', message: MEDIA_MESSAGES.invalidFile });
      expect(await t.database.db.select().from(productImages)).toEqual([]);
    });

    it('refuses a video over 50 MB with the spec message, and stores nothing', async () => {
      const mp4 = Buffer.concat([
        Buffer.from([0, 0, 0, 0x20]),
        Buffer.from('ftypisom\0\0\x02\0isomiso2avc1mp41', 'latin1'),
        Buffer.alloc(50 * 1024 * 1024, 1),
      ]);
      const res = await uploadVideo(mp4, 'long.mp4');
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'MEDIA_INVALID', details: { reason: 'size' } });
      expect(await t.database.db.select().from(productImages)).toEqual([]);
    });
  });

  it('stores any file as a private download when mediaType is file', async () => {
    const data = Buffer.from('%PDF-1.4 not really\n'.repeat(100));
    const res = await uploadTo(
      t.app,
      `${v.base}/upload/media`,
      v.auth,
      { field: 'file', name: 'manual.pdf', data },
      { mediaType: 'file' },
    );
    expect(res.statusCode).toBe(201);
    const body = res.json() as MediaUpload;
    expect(body).toMatchObject({ type: 'file', url: null, size: data.length, name: 'manual.pdf' });
    const [row] = await t.database.db.select().from(productImages);
    expect(row?.storageKey).toMatch(/^files\//);
    expect(await storage.exists(row?.storageKey ?? '')).toBe(true);
    // Not reachable through the public route, whatever the spelling.
    expect((await t.app.inject({ method: 'GET', url: `/media/${row?.storageKey}` })).statusCode).toBe(404);
  });

  it('lets the vendor download their private file as an attachment, and nobody else', async () => {
    const data = Buffer.from('PK\x03\x04 archive bytes'.repeat(50));
    const res = await uploadTo(
      t.app,
      `${v.base}/upload/media`,
      v.auth,
      { field: 'file', name: 'Guide é.zip', data },
      { mediaType: 'file' },
    );
    const { id } = res.json() as MediaUpload;
    const got = await t.app.inject({ method: 'GET', url: `${v.base}/uploads/${id}/file`, headers: v.auth });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(data)).toBe(true);
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="Guide _.zip"; filename*=UTF-8''Guide%20%C3%A9.zip`,
    );
    const other = await vendor(t.app);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `${other.base}/uploads/${id}/file`,
      headers: other.auth,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('refuses a request without a file', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${v.base}/upload/image`,
      headers: { ...v.auth, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(res.statusCode).toBe(400);
  });

  it.each(['image', 'media'])(
    'answers 400 BAD_REQUEST, not 500, to a form cut short on /upload/%s',
    async (endpoint) => {
      for (const payload of [
        'garbage',
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
      ]) {
        const res = await t.app.inject({
          method: 'POST',
          url: `${v.base}/upload/${endpoint}`,
          headers: { ...v.auth, 'content-type': 'multipart/form-data; boundary=x' },
          payload,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('BAD_REQUEST');
      }
    },
  );

  it('attaches at once when the form names a product, as its main image', async () => {
    const productId = await insertProduct(t.database, v.vendorId);
    const res = await uploadImage(await makeImage('png'), 'a.png', { productId });
    expect(res.statusCode).toBe(201);
    const { images } = await imagesOf(productId);
    expect(images).toMatchObject([{ id: res.json().id, isMain: true, order: 0 }]);
  });
});

describe('product images (spec part 2 §4 media rules)', () => {
  beforeEach(() => setUp());

  it('makes the first attached image main and keeps upload order', async () => {
    const { productId, ids } = await productWithImages(3);
    const { images } = await imagesOf(productId);
    expect(images.map((i) => [i.id, i.isMain, i.order])).toEqual([
      [ids[0], true, 0],
      [ids[1], false, 1],
      [ids[2], false, 2],
    ]);
  });

  it('refuses an 11th image with the spec text, and keeps the ten', async () => {
    const { productId } = await productWithImages(10);
    const eleventh = await uploaded();
    const res = await attach(productId, [eleventh.id]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'PRODUCT_IMAGES_LIMIT',
      message: 'You can only upload up to 10 images',
    });
    const direct = await uploadImage(await makeImage('png'), 'b.png', { productId });
    expect(direct.json().error).toMatchObject({ code: 'PRODUCT_IMAGES_LIMIT' });
    expect((await imagesOf(productId)).images).toHaveLength(10);
  });

  it('moves main to the first remaining image when the main one is deleted, and deletes its files', async () => {
    const { productId, ids } = await productWithImages(3);
    const before = (await imagesOf(productId)).images[0];
    const res = await t.app.inject({
      method: 'DELETE',
      url: `${v.base}/products/${productId}/images/${ids[0]}`,
      headers: v.auth,
    });
    expect(res.statusCode).toBe(204);
    const { images } = await imagesOf(productId);
    expect(images.map((i) => [i.id, i.isMain, i.order])).toEqual([
      [ids[1], true, 0],
      [ids[2], false, 1],
    ]);
    for (const url of [before?.url, before?.thumbnailUrl, before?.mediumUrl]) {
      expect(await storage.exists(keyOf(url ?? null))).toBe(false);
    }
  });

  it('keeps main where it is when another image is deleted', async () => {
    const { productId, ids } = await productWithImages(3);
    await t.app.inject({
      method: 'DELETE',
      url: `${v.base}/products/${productId}/images/${ids[1]}`,
      headers: v.auth,
    });
    const { images } = await imagesOf(productId);
    expect(images.map((i) => [i.id, i.isMain, i.order])).toEqual([
      [ids[0], true, 0],
      [ids[2], false, 1],
    ]);
  });

  it('reorders and renumbers; main stays with its image', async () => {
    const { productId, ids } = await productWithImages(3);
    const order = [ids[2], ids[0], ids[1]] as string[];
    const res = await t.app.inject({
      method: 'PUT',
      url: `${v.base}/products/${productId}/images/order`,
      headers: v.auth,
      payload: { imageIds: order },
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as ProductMediaList).images.map((i) => [i.id, i.order, i.isMain])).toEqual([
      [ids[2], 0, false],
      [ids[0], 1, true],
      [ids[1], 2, false],
    ]);
  });

  it('refuses an order that leaves an image out', async () => {
    const { productId, ids } = await productWithImages(3);
    const res = await t.app.inject({
      method: 'PUT',
      url: `${v.base}/products/${productId}/images/order`,
      headers: v.auth,
      payload: { imageIds: [ids[1], ids[0]] },
    });
    expect(res.statusCode).toBe(400);
  });

  it('sets another image main: the flag moves', async () => {
    const { productId, ids } = await productWithImages(2);
    const res = await t.app.inject({
      method: 'POST',
      url: `${v.base}/products/${productId}/images/${ids[1]}/main`,
      headers: v.auth,
    });
    expect(res.statusCode).toBe(200);
    expect((res.json() as ProductMediaList).images.map((i) => i.isMain)).toEqual([false, true]);
  });

  it('records product.updated events for image changes', async () => {
    const { productId } = await productWithImages(1);
    const rows = await t.database.db.execute(
      `select type, subject_id from events where vendor_id = '${v.vendorId}' and type = 'product.updated'`,
    );
    expect((rows as unknown as { rows: { subject_id: string }[] }).rows).toEqual([
      { type: 'product.updated', subject_id: productId },
    ]);
  });
});

describe('two requests at once', () => {
  beforeEach(() => setUp());

  it('lets only one of two concurrent attaches take the tenth place', async () => {
    const { productId } = await productWithImages(9);
    const [x, y] = [await uploaded(), await uploaded()];
    const results = await Promise.all([attach(productId, [x.id]), attach(productId, [y.id])]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await imagesOf(productId)).images).toHaveLength(10);
  });
});

describe('staff', () => {
  const staffUser = telegramUser({ first_name: 'Staff' });
  let staff: Vendor;
  beforeEach(async () => {
    let ownerId = '';
    await setUp({
      findStaffGrant: async (vendorId, telegramId) =>
        vendorId === ownerId && telegramId === staffUser.id
          ? { permissions: ['orders'], botIds: 'all' }
          : null,
    });
    ownerId = v.vendorId;
    await t.database.db
      .insert(telegramIdentities)
      .values({ vendorId: v.vendorId, telegramId: staffUser.id, role: 'STAFF', firstName: 'Staff' });
    staff = { ...v, auth: bearer((await signIn(t.app, staffUser)).accessToken) };
  });

  it('needs the products permission to upload or change images', async () => {
    const { productId, ids } = await productWithImages(1);

    expect((await uploadImage(await makeImage('png'), 'a.png', {}, staff)).statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${v.base}/products/${productId}/images/${ids[0]}`,
      headers: staff.auth,
    });
    expect(del.statusCode).toBe(403);
    expect((await imagesOf(productId)).images).toHaveLength(1);
  });
});

describe("a campaign's photo", () => {
  const staffUser = telegramUser({ first_name: 'Sender' });
  let permissions: Permission[] = [];
  let staff: Vendor;
  beforeEach(async () => {
    let ownerId = '';
    await setUp({
      findStaffGrant: async (vendorId, telegramId) =>
        vendorId === ownerId && telegramId === staffUser.id ? { permissions, botIds: 'all' } : null,
    });
    ownerId = v.vendorId;
    await t.database.db
      .insert(telegramIdentities)
      .values({ vendorId: v.vendorId, telegramId: staffUser.id, role: 'STAFF', firstName: 'Sender' });
    staff = { ...v, auth: bearer((await signIn(t.app, staffUser)).accessToken) };
  });
  const uploadPhoto = async (data: Buffer, name: string, type = 'image/jpeg') =>
    uploadTo(t.app, `${v.base}/campaigns/photo`, staff.auth, { name, data, type });

  it('is uploaded by who may send campaigns (customers and support), typed by its bytes', async () => {
    permissions = ['customers', 'support'];
    const res = await uploadPhoto(await makeImage('png'), 'sale.jpg');
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json() as MediaUpload;
    expect(photo).toMatchObject({ type: 'image', mimeType: 'image/png' });
    expect((await fetchFile(photo.mediumUrl)).statusCode).toBe(200);
  });

  it('refuses a file that is not an image whatever its name says', async () => {
    permissions = ['customers', 'support'];
    const res = await uploadPhoto(Buffer.from('%PDF-1.4 not a picture'), 'sale.jpg');
    expect(res.statusCode).toBe(400);
    expect(await t.database.db.select().from(productImages)).toHaveLength(0);
  });

  it('is refused to a member without both customers and support', async () => {
    permissions = ['customers'];
    expect((await uploadPhoto(await makeImage('png'), 'sale.png')).statusCode).toBe(403);
  });
});

describe('staff held to some bots', () => {
  const staffUser = telegramUser({ first_name: 'Staff' });
  let grant: { permissions: ['products']; botIds: string[] } | null = null;
  let staff: Vendor;
  let mine: typeof bots.$inferSelect;
  let theirs: typeof bots.$inferSelect;
  beforeEach(async () => {
    grant = null;
    await setUp({ findStaffGrant: async (_v, id) => (id === staffUser.id ? grant : null) });
    const botRow = (n: number) => ({
      vendorId: v.vendorId,
      telegramBotId: 7_300_000_000 + n,
      username: `scope${n}_bot`,
      name: `Scope ${n}`,
      tokenCiphertext: 'x',
      tokenHash: `hash${n}-${v.vendorId}`,
    });
    const rows = await t.database.db
      .insert(bots)
      .values([botRow(1), botRow(2)])
      .returning();
    if (!rows[0] || !rows[1]) throw new Error('no bots');
    [mine, theirs] = [rows[0], rows[1]];
    grant = { permissions: ['products'], botIds: [mine.id] };
    await t.database.db
      .insert(telegramIdentities)
      .values({ vendorId: v.vendorId, telegramId: staffUser.id, role: 'STAFF', firstName: 'Staff' });
    staff = { ...v, auth: bearer((await signIn(t.app, staffUser)).accessToken) };
  });

  it('sees and changes only the images of products sold through their bots', async () => {
    const sold = await productWithImages(1);
    const other = await productWithImages(1);
    await t.database.db.update(products).set({ allBots: false });
    await t.database.db.insert(productBots).values([
      { vendorId: v.vendorId, productId: sold.productId, botId: mine.id },
      { vendorId: v.vendorId, productId: other.productId, botId: theirs.id },
    ]);

    expect((await imagesOf(sold.productId, staff)).images).toHaveLength(1);
    const get = await t.app.inject({
      method: 'GET',
      url: `${v.base}/products/${other.productId}/images`,
      headers: staff.auth,
    });
    expect(get.statusCode).toBe(404);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${v.base}/products/${other.productId}/images/${other.ids[0]}`,
      headers: staff.auth,
    });
    expect(del.statusCode).toBe(404);
    const up = await uploadImage(await makeImage('png'), 'a.png', { productId: other.productId }, staff);
    expect(up.statusCode).toBe(404);
    expect((await imagesOf(other.productId)).images).toHaveLength(1);
  });
});

describe('another vendor', () => {
  beforeEach(() => setUp());

  it("answers not found for another vendor's product, image or upload, and changes nothing", async () => {
    const { productId, ids } = await productWithImages(2);
    const other = await vendor(t.app);
    const otherProduct = await insertProduct(t.database, other.vendorId);
    const imageId = ids[0] as string;
    const spare = await uploaded();
    const calls = [
      { method: 'GET', url: `${other.base}/products/${productId}/images` },
      {
        method: 'POST',
        url: `${other.base}/products/${productId}/images`,
        payload: { uploadIds: [spare.id] },
      },
      // Their own product, with my upload: the upload is not theirs.
      {
        method: 'POST',
        url: `${other.base}/products/${otherProduct}/images`,
        payload: { uploadIds: [spare.id] },
      },
      { method: 'DELETE', url: `${other.base}/products/${productId}/images/${imageId}` },
      { method: 'DELETE', url: `${other.base}/products/${otherProduct}/images/${imageId}` },
      { method: 'POST', url: `${other.base}/products/${productId}/images/${imageId}/main` },
      { method: 'POST', url: `${other.base}/products/${otherProduct}/images/${imageId}/main` },
      { method: 'PUT', url: `${other.base}/products/${productId}/images/order`, payload: { imageIds: ids } },
      {
        method: 'PUT',
        url: `${other.base}/products/${otherProduct}/images/order`,
        payload: { imageIds: ids },
      },
    ] as const;
    for (const call of calls) {
      const res = await t.app.inject({ ...call, headers: other.auth });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    const direct = await uploadImage(await makeImage('png'), 'x.png', { productId }, other);
    expect(direct.statusCode).toBe(404);
    // Using my vendor id with their token is refused before anything is read.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `${v.base}/products/${productId}/images`,
      headers: other.auth,
    });
    expect(foreign.statusCode).toBe(403);

    const { images } = await imagesOf(productId);
    expect(images.map((i) => [i.id, i.isMain])).toEqual([
      [ids[0], true],
      [ids[1], false],
    ]);
    const [spareRow] = await t.database.db.select().from(productImages).where(eq(productImages.id, spare.id));
    expect(spareRow?.productId).toBeNull();
  });
});

describe('the media.sweep job', () => {
  beforeEach(() => setUp());

  it('deletes uploads left unattached for over a day with their files, and nothing else', async () => {
    const { productId } = await productWithImages(1);
    const old = await uploaded();
    const fresh = await uploaded();
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    await t.database.db.update(productImages).set({ createdAt: dayAgo });
    await t.database.db
      .update(productImages)
      .set({ createdAt: new Date() })
      .where(eq(productImages.id, fresh.id));

    expect(await sweepMedia({ db: t.database.db, storage })).toEqual({ deleted: 1, orphanFiles: 0 });

    const left = await t.database.db.select({ id: productImages.id }).from(productImages);
    expect(left.map((r) => r.id).sort()).toEqual(
      [fresh.id, (await imagesOf(productId)).images[0]?.id].sort(),
    );
    for (const url of [old.url, old.thumbnailUrl, old.mediumUrl])
      expect(await storage.exists(keyOf(url))).toBe(false);
    expect(await storage.exists(keyOf(fresh.url))).toBe(true);
    expect(await sweepMedia({ db: t.database.db, storage })).toEqual({ deleted: 0, orphanFiles: 0 });
  });

  it("keeps an image a store's details name as its logo", async () => {
    const logo = await uploaded();
    const loose = await uploaded();
    const [bot] = await t.database.db
      .insert(bots)
      .values({
        vendorId: v.vendorId,
        telegramBotId: 7_300_000_099,
        username: 'logo_bot',
        name: 'Logo',
        tokenCiphertext: 'x',
        tokenHash: `logo-${v.vendorId}`,
      })
      .returning();
    if (!bot) throw new Error('no bot');
    await t.database.db.insert(botSettings).values({
      vendorId: v.vendorId,
      botId: bot.id,
      store: { logo: `https://shop.example.test${logo.url}` },
    });
    await t.database.db.update(productImages).set({ createdAt: new Date(Date.now() - 2 * 86_400_000) });

    expect(await sweepMedia({ db: t.database.db, storage })).toEqual({ deleted: 1, orphanFiles: 0 });
    const left = await t.database.db.select({ id: productImages.id }).from(productImages);
    expect(left.map((r) => r.id)).toEqual([logo.id]);
    expect(loose.id).not.toBe(logo.id);
  });

  it('keeps the photo of a campaign that may still send it, and sweeps it once the campaign is over', async () => {
    const photo = await uploaded();
    const [bot] = await t.database.db
      .insert(bots)
      .values({
        vendorId: v.vendorId,
        telegramBotId: 7_300_000_098,
        username: 'promo_bot',
        name: 'Promo',
        tokenCiphertext: 'x',
        tokenHash: `promo-${v.vendorId}`,
      })
      .returning();
    if (!bot) throw new Error('no bot');
    const [campaign] = await t.database.db
      .insert(campaigns)
      .values({
        vendorId: v.vendorId,
        botId: bot.id,
        text: 'Sale',
        photoUrl: `https://shop.example.test${photo.url}`,
        segment: 'all',
        scheduledAt: new Date(Date.now() + 3 * 86_400_000),
        createdBy: 42,
      })
      .returning();
    if (!campaign) throw new Error('no campaign');
    await t.database.db.update(productImages).set({ createdAt: new Date(Date.now() - 2 * 86_400_000) });

    expect(await sweepMedia({ db: t.database.db, storage })).toEqual({ deleted: 0, orphanFiles: 0 });
    await t.database.db.update(campaigns).set({ status: 'completed' }).where(eq(campaigns.id, campaign.id));
    expect(await sweepMedia({ db: t.database.db, storage })).toEqual({ deleted: 1, orphanFiles: 0 });
  });

  it('keeps a download that a digital product names in its details', async () => {
    const upload = (name: string) =>
      uploadTo(
        t.app,
        `${v.base}/upload/media`,
        v.auth,
        { field: 'file', name, data: Buffer.from('x'.repeat(500)) },
        {
          mediaType: 'file',
        },
      );
    const named = (await upload('named.zip')).json() as MediaUpload;
    const loose = (await upload('loose.zip')).json() as MediaUpload;
    const productId = await insertProduct(t.database, v.vendorId, 'E-book');
    await t.database.db
      .update(products)
      .set({ details: { digital: { digitalType: 'downloadable', fileMediaId: named.id } } })
      .where(eq(products.id, productId));
    await t.database.db.update(productImages).set({ createdAt: new Date(Date.now() - 2 * 86_400_000) });

    expect(await sweepMedia({ db: t.database.db, storage })).toEqual({ deleted: 1, orphanFiles: 0 });
    const left = await t.database.db.select({ id: productImages.id }).from(productImages);
    expect(left.map((r) => r.id)).toEqual([named.id]);
    expect(loose.id).not.toBe(named.id);
  });

  it("removes a deleted product's files once they are a day old", async () => {
    const { productId } = await productWithImages(1);
    const [image] = (await imagesOf(productId)).images;
    await t.database.db.delete(products).where(eq(products.id, productId));
    const later = () => new Date(Date.now() + 2 * 86_400_000);

    expect(await sweepMedia({ db: t.database.db, storage })).toEqual({ deleted: 0, orphanFiles: 0 });
    expect(await storage.exists(keyOf(image?.url ?? null))).toBe(true);
    expect(await sweepMedia({ db: t.database.db, storage, now: later })).toEqual({
      deleted: 0,
      orphanFiles: 3,
    });
    for (const url of [image?.url, image?.thumbnailUrl, image?.mediumUrl]) {
      expect(await storage.exists(keyOf(url ?? null))).toBe(false);
    }
  });
});

describe('with the catalogue', () => {
  beforeEach(() => setUp());

  it('a product created with uploads shows them with the media addresses, main first', async () => {
    const [a, b] = [await uploaded(), await uploaded()];
    const category = await createCategory(t.app, v);
    const product = await createProduct(
      t.app,
      v,
      productBody('physical', category.id, { imageIds: [a.id, b.id], mainImageId: b.id }),
    );
    expect(product.images.map((i) => [i.id, i.isMain, i.url, i.thumbnailUrl])).toEqual([
      [b.id, true, b.url, b.thumbnailUrl],
      [a.id, false, a.url, a.thumbnailUrl],
    ]);
    expect((await imagesOf(product.id)).images.map((i) => [i.id, i.order, i.isMain])).toEqual([
      [a.id, 0, false],
      [b.id, 1, true],
    ]);
    const list = await t.app.inject({ method: 'GET', url: `${v.base}/products`, headers: v.auth });
    expect(list.json().products[0].image).toBe(b.thumbnailUrl);
  });

  it('deleting an image of a duplicated product keeps the files the original still shows', async () => {
    const up = await uploaded();
    const category = await createCategory(t.app, v);
    const original = await createProduct(
      t.app,
      v,
      productBody('physical', category.id, { imageIds: [up.id] }),
    );
    const dup = await t.app.inject({
      method: 'POST',
      url: `${v.base}/products/${original.id}/duplicate`,
      headers: v.auth,
    });
    expect(dup.statusCode).toBe(201);
    const copy = dup.json() as { id: string; images: { id: string }[] };
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${v.base}/products/${copy.id}/images/${copy.images[0]?.id}`,
      headers: v.auth,
    });
    expect(del.statusCode).toBe(204);
    expect((await fetchFile(up.thumbnailUrl)).statusCode).toBe(200);
  });
});

describe('files shared by a duplicated product', () => {
  beforeEach(() => setUp());

  it('keeps the files while another product still shows them', async () => {
    const { productId, ids } = await productWithImages(1);
    const copyId = await insertProduct(t.database, v.vendorId, 'Mug (copy)');
    const [row] = await t.database.db
      .select()
      .from(productImages)
      .where(eq(productImages.id, ids[0] as string));
    if (!row) throw new Error('no row');
    const { id: _id, createdAt: _c, ...copy } = row;
    await t.database.db.insert(productImages).values({ ...copy, productId: copyId });
    const [copied] = (await imagesOf(copyId)).images;

    const del = (product: string, image: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `${v.base}/products/${product}/images/${image}`,
        headers: v.auth,
      });
    expect((await del(productId, ids[0] as string)).statusCode).toBe(204);
    expect(await storage.exists(row.storageKey)).toBe(true);
    expect((await fetchFile(copied?.thumbnailUrl ?? null)).statusCode).toBe(200);
    expect((await del(copyId, copied?.id as string)).statusCode).toBe(204);
    expect(await storage.exists(row.storageKey)).toBe(false);
  });
});
