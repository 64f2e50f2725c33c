import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { describeWithApp } from './test/database.js';

const webDir = `/tmp/shop-app-test-web-${process.pid}`;
mkdirSync(`${webDir}/assets`, { recursive: true });
writeFileSync(`${webDir}/index.html`, '<!doctype html><title>shop</title><div id="root"></div>');
writeFileSync(`${webDir}/assets/app-abc123.js`, 'console.log(1)');

describeWithApp(
  'serving the web app',
  (ctx) => {
    test('deep links get the SPA so a reload keeps the page', async () => {
      for (const url of ['/', '/search/каскад/page/2', '/admin/userlist']) {
        const res = await ctx().app.inject({ url: encodeURI(url) });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.body).toContain('<div id="root">');
      }
    });

    test('hashed assets are cached for a year; unknown API routes stay JSON 404s', async () => {
      const asset = await ctx().app.inject({ url: '/assets/app-abc123.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      const api = await ctx().app.inject({ url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
      const post = await ctx().app.inject({ method: 'POST', url: '/anything' });
      expect(post.statusCode).toBe(404);
    });

    test('security headers are set on every answer; pages get a policy that lets PayPal in', async () => {
      const api = await ctx().app.inject({ url: '/api/products' });
      expect(api.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(api.headers['x-content-type-options']).toBe('nosniff');
      expect(api.headers['x-frame-options']).toBe('SAMEORIGIN');
      for (const url of ['/', '/order/123']) {
        const page = await ctx().app.inject({ url });
        expect(page.headers['content-security-policy']).toContain("default-src 'self'");
        expect(page.headers['content-security-policy']).toContain('https://*.paypal.com');
        expect(page.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    test('bodies over 1 MB are refused with 413 and a Ukrainian message', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/users/auth',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe('Запит завеликий');
    });

    test('malformed JSON is a 400 with a Ukrainian message, not a 500', async () => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/users/auth',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Тіло запиту не є коректним JSON');
    });
  },
  { env: { WEB_DIR: webDir } },
);
