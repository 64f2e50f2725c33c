import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import { describeWithApp } from '../../test/database.js';
import type { UploadResult } from '../../../shared/products.js';

/** A multipart body as a browser sends it, with whatever name and type the client claims. */
function multipart(parts: { field: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----shop${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.field}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof part.data === 'string' ? Buffer.from(part.data) : part.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const picture = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 150, b: 40 } } });

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>';
const HTML = '<!doctype html><html><body><script>fetch("/api/users")</script></body></html>';

describeWithApp('image upload API', (ctx) => {
  const adminCookie = async () => (await ctx().shop.admin()).cookie;
  const upload = async (body: ReturnType<typeof multipart>, cookie?: string) =>
    ctx().app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    });
  const stored = () => new Set(readdirSync(ctx().config.uploadsDir));

  test('an admin uploads a PNG: it becomes WebP at two widths under a server-made name, served with a long cache', async () => {
    const png = await picture(1600, 1200).png().toBuffer();
    const res = await upload(multipart([{ field: 'image', filename: '../../etc/passwd.png', type: 'image/png', data: png }]), await adminCookie());
    expect(res.statusCode).toBe(201);
    const body = res.json() as UploadResult;
    expect(body.message).toBe('Зображення завантажено');
    expect(body.image).toMatch(/^\/uploads\/[0-9a-f-]{36}-800\.webp$/);
    expect(body.sizes.map((s) => s.width)).toEqual([400, 800]);

    for (const size of body.sizes) {
      const file = path.join(ctx().config.uploadsDir, path.basename(size.url));
      const meta = await sharp(file).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size.width, height: (size.width * 3) / 4 });
    }
    const served = await ctx().app.inject({ url: body.image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
    expect(served.headers['cache-control']).toMatch(/immutable/);
  });

  test('JPEG and WebP are accepted too, whatever name and type the client claims; small pictures are not enlarged', async () => {
    const cookie = await adminCookie();
    const jpeg = await picture(300, 200).jpeg().toBuffer();
    const asText = await upload(multipart([{ field: 'image', filename: 'notes.txt', type: 'text/plain', data: jpeg }]), cookie);
    expect(asText.statusCode).toBe(201);
    const small = await sharp(path.join(ctx().config.uploadsDir, path.basename((asText.json() as UploadResult).image))).metadata();
    expect(small).toMatchObject({ format: 'webp', width: 300, height: 200 });

    const webp = await picture(900, 900).webp().toBuffer();
    const res = await upload(multipart([{ field: 'image', filename: 'hop.webp', type: 'image/webp', data: webp }]), cookie);
    expect(res.statusCode).toBe(201);
  });

  const refused: [string, Buffer | string, string, string][] = [
    ['an SVG renamed .png', SVG, 'logo.png', 'image/png'],
    ['an HTML page renamed .png', HTML, 'page.png', 'image/png'],
    ['a shell script renamed .jpg', '#!/bin/sh\nrm -rf /\n', 'run.jpg', 'image/jpeg'],
    ['a GIF', Buffer.from('474946383961010001000000002c00000000010001000002024401003b', 'hex'), 'a.gif', 'image/gif'],
    ['a PNG signature followed by garbage', Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(2000)]), 'broken.png', 'image/png'],
    ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png'],
  ];
  test.each(refused)('refuses %s with 415 and stores nothing', async (_what, data, filename, type) => {
    const cookie = await adminCookie();
    const before = stored();
    const res = await upload(multipart([{ field: 'image', filename, type, data }]), cookie);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_IMAGE' });
    expect(res.json().message).toMatch(/JPEG|пошкоджений/);
    expect(stored()).toEqual(before);
  });

  test('an 11 MB upload is refused with 413 and stores nothing', async () => {
    const cookie = await adminCookie();
    const before = stored();
    const big = Buffer.concat([await picture(10, 10).png().toBuffer(), randomBytes(11 * 1024 * 1024)]);
    const res = await upload(multipart([{ field: 'image', filename: 'big.png', type: 'image/png', data: big }]), cookie);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: 'Файл завеликий: не більше 10 МБ' });
    expect(stored()).toEqual(before);
  });

  test('only admins upload: 401 for visitors, 403 for customers', async () => {
    const png = await picture(20, 20).png().toBuffer();
    const body = multipart([{ field: 'image', filename: 'a.png', type: 'image/png', data: png }]);
    expect((await upload(body)).statusCode).toBe(401);
    const customer = (await ctx().shop.customer()).cookie;
    expect((await upload(body, customer)).statusCode).toBe(403);
  });

  test('the file must come in the field image; no file, other fields or JSON are 400', async () => {
    const cookie = await adminCookie();
    const png = await picture(20, 20).png().toBuffer();
    const wrongField = await upload(multipart([{ field: 'file', filename: 'a.png', type: 'image/png', data: png }]), cookie);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toMatch(/image/);
    const noFile = await upload(multipart([{ field: 'name', data: 'без файлу' }]), cookie);
    expect(noFile.statusCode).toBe(400);
    const json = await ctx().app.inject({ method: 'POST', url: '/api/upload', payload: { image: 'x' }, headers: { cookie } });
    expect(json.statusCode).toBe(400);
    expect(json.json().code).toBe('NOT_MULTIPART');
  });

  test('no upload escapes the uploads folder', () => {
    for (const name of stored()) expect(name).toMatch(/^[0-9a-f-]{36}-(400|800)\.webp$/);
    expect(existsSync(path.join(ctx().config.uploadsDir, '..', 'etc'))).toBe(false);
  });
});
