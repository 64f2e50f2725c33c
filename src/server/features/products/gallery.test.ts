import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import type { Product, ProductDetail, ProductUpdateInput, UploadResult } from '../../../shared/products.js';
import { describeWithApp } from '../../test/database.js';
import { createProduct } from '../../test/factories.js';

const webDir = `/tmp/shop-gallery-test-web-${process.pid}`;
mkdirSync(webDir, { recursive: true });
writeFileSync(`${webDir}/index.html`, '<!doctype html>\n<html lang="uk"><head><title>x</title></head><body><div id="root"></div></body></html>\n');
const SITE = 'https://shop.example';

/** One picture in a multipart body, as the admin's browser sends it. */
function multipart(data: Buffer) {
  const boundary = `----shop${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="photo"\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const picture = (r: number) => sharp({ create: { width: 1000, height: 900, channels: 3, background: { r, g: 150, b: 40 } } });

/** A product's gallery (docs/domain.md, "Images"): order, alt texts, removal, the `image` adapter. */
describeWithApp(
  'product galleries',
  (ctx) => {
    const admin = async () => ({ cookie: (await ctx().shop.admin()).cookie });
    const upload = async (bytes: Buffer, headers: { cookie: string }) => {
      const body = multipart(bytes);
      const res = await ctx().app.inject({ method: 'POST', url: '/api/upload', payload: body.payload, headers: { ...body.headers, ...headers } });
      expect(res.statusCode).toBe(201);
      return res.json() as UploadResult;
    };
    const edit = (
      product: { name: string; producer: string; category: string; description: string },
      extra: Partial<ProductUpdateInput>,
    ): ProductUpdateInput => ({
      name: product.name,
      image: '/images/placeholder.svg',
      producer: product.producer,
      category: product.category,
      description: product.description,
      ...extra,
    });
    const put = async (id: string, payload: ProductUpdateInput, headers: Record<string, string>) =>
      ctx().app.inject({ method: 'PUT', url: `/api/products/${id}`, payload, headers });

    test("two uploads become a gallery in the admin's order with alt texts; reordered, one removed; `image` is always the first", async () => {
      const { app } = ctx();
      const headers = await admin();
      const hop = await createProduct(app.db, { name: 'Хміль Galaxy' });
      const png = await upload(await picture(200).png().toBuffer(), headers);
      const jpeg = await upload(await picture(20).jpeg().toBuffer(), headers);
      expect(png.sizes.map((s) => s.width)).toEqual([400, 800]);

      const saved = await put(
        hop.id,
        edit(hop, {
          images: [
            { url: png.image, alt: 'Шишки Galaxy крупним планом', altEn: 'Galaxy cones, close up' },
            { url: jpeg.image, alt: '' },
          ],
        }),
        headers,
      );
      expect(saved.statusCode).toBe(200);
      const product = saved.json() as Product;
      expect(product.image).toBe(png.image);
      expect(product.images).toEqual([
        { url: png.image, alt: 'Шишки Galaxy крупним планом', altEn: 'Galaxy cones, close up', widths: [400, 800] },
        // An empty alt text reads the product's name.
        { url: jpeg.image, alt: 'Хміль Galaxy', altEn: '', widths: [400, 800] },
      ]);

      const reordered = (await put(hop.id, edit(hop, { images: [product.images[1], product.images[0]] }), headers)).json() as Product;
      expect(reordered.images.map((i) => i.url)).toEqual([jpeg.image, png.image]);
      expect(reordered.image).toBe(jpeg.image);
      const detail = (await app.inject({ url: `/api/products/${hop.slug}` })).json() as ProductDetail;
      expect(detail.images.map((i) => i.url)).toEqual([jpeg.image, png.image]);

      // The product page's JSON-LD names every picture, the main one first.
      const page = await app.inject({ url: `/product/${hop.slug}` });
      const jsonLd = [...page.body.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((m) => JSON.parse(m[1]));
      expect(jsonLd.find((item) => item['@type'] === 'Product').image).toEqual([`${SITE}${jpeg.image}`, `${SITE}${png.image}`]);
      expect(page.body).toContain(`imagesrcset="${jpeg.image.replace(/-800\.webp$/, '-400.webp')} 400w, ${jpeg.image} 800w"`);

      const removed = (await put(hop.id, edit(hop, { images: [reordered.images[1]] }), headers)).json() as Product;
      expect(removed.images.map((i) => i.url)).toEqual([png.image]);
      expect(removed.image).toBe(png.image);
    });

    test('a client from before galleries sends `image` alone: the main picture changes, the others stay; demo pictures have no widths', async () => {
      const { app } = ctx();
      const headers = await admin();
      const hop = await createProduct(app.db, { name: 'Хміль Saaz', image: '/images/saaz.svg' });
      const fresh = (await app.inject({ url: `/api/products/${hop.slug}` })).json() as ProductDetail;
      expect(fresh.images).toEqual([{ url: '/images/saaz.svg', alt: 'Хміль Saaz', altEn: '', widths: [] }]);
      const second = await upload(await picture(90).png().toBuffer(), headers);
      await put(hop.id, edit(hop, { images: [fresh.images[0], { url: second.image, alt: 'Пакет' }] }), headers);

      const old = (await put(hop.id, edit(hop, { image: '/images/saaz-new.svg' }), headers)).json() as Product;
      expect(old.image).toBe('/images/saaz-new.svg');
      expect(old.images.map((i) => i.url)).toEqual(['/images/saaz-new.svg', second.image]);
      // An empty gallery shows the placeholder.
      const none = (await put(hop.id, edit(hop, { images: [] }), headers)).json() as Product;
      expect(none.image).toBe('/images/placeholder.svg');
    });

    test('a gallery of foreign addresses, too many pictures or too long an alt text is refused; nothing changes', async () => {
      const { app } = ctx();
      const headers = await admin();
      const hop = await createProduct(app.db, { name: 'Хміль Simcoe', image: '/images/simcoe.svg' });
      const bad: ProductUpdateInput['images'][] = [
        [{ url: 'https://evil.example/x.png', alt: 'x' }],
        [{ url: '//evil.example/x.png', alt: 'x' }],
        Array.from({ length: 13 }, (_, i) => ({ url: `/images/${i}.svg`, alt: 'x' })),
        [{ url: '/images/a.svg', alt: 'ж'.repeat(201) }],
      ];
      for (const images of bad) {
        const res = await put(hop.id, edit(hop, { images }), headers);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
      const customer = { cookie: (await ctx().shop.customer()).cookie };
      expect((await put(hop.id, edit(hop, { images: [] }), customer)).statusCode).toBe(403);
      expect((await put(hop.id, edit(hop, { images: [] }), {})).statusCode).toBe(401);
      const detail = (await app.inject({ url: `/api/products/${hop.slug}` })).json() as ProductDetail;
      expect(detail.images.map((i) => i.url)).toEqual(['/images/simcoe.svg']);
    });
  },
  { env: { WEB_DIR: webDir, SITE_URL: SITE } },
);
