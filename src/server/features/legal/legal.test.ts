import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { expect, test } from 'vitest';
import type { AdminLegalList, AdminLegalPage, LegalPage } from '../../../shared/legal.js';
import { MAX_LEGAL_BODY } from '../../../shared/legal.js';
import { DEFAULT_SETTINGS } from '../../../shared/settings.js';
import { legalPageVersions, outboxMessages } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { resolvePage } from '../site/index.js';

const save = (app: FastifyInstance, cookie: string | undefined, key: string, payload: unknown) =>
  app.inject({ method: 'PUT', url: `/api/admin/legal/${key}`, headers: cookie ? { cookie } : {}, payload: payload as object });

const offer = async (app: FastifyInstance) => (await app.inject({ url: '/api/legal/offer' })).json() as LegalPage;

async function setSettings(app: FastifyInstance, cookie: string, changes: { shop?: object; legal?: object }) {
  const res = await app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: { cookie },
    payload: { ...DEFAULT_SETTINGS, shop: { ...DEFAULT_SETTINGS.shop, ...changes.shop }, legal: { ...DEFAULT_SETTINGS.legal, ...changes.legal } },
  });
  expect(res.statusCode).toBe(200);
}

describeWithApp('legal pages', (ctx) => {
  test('a new shop has every page from its template, with the seller’s details filled from the settings', async () => {
    const { app, shop } = ctx();
    for (const key of ['offer', 'privacy', 'delivery', 'returns']) {
      const res = await app.inject({ url: `/api/legal/${key}` });
      expect(res.statusCode, key).toBe(200);
      const page = res.json() as LegalPage;
      expect(page).toMatchObject({ key, version: 1, current: true, currentVersion: 1 });
      expect(page.html).toContain('шаблон');
      expect(page.htmlEn).toContain('template');
    }
    const { cookie } = await shop.admin();
    await setSettings(app, cookie, {
      shop: {
        name: 'Пивоварня *Хміль*',
        legalName: 'ФОП Коваленко Ірина Петрівна',
        taxId: '3012345670',
        phone: '+380 67 123 45 67',
        address: 'Київ, вул. Пивоварна, 1',
      },
    });
    const filled = await offer(app);
    expect(filled.html).toContain('ФОП Коваленко Ірина Петрівна');
    expect(filled.html).toContain('3012345670');
    expect(filled.html).toContain('+380 67 123 45 67');
    expect(filled.html).toContain('Київ, вул. Пивоварна, 1');
    expect(filled.html).toContain('shop@example.com');
    // A detail is text, never Markdown: the stars of the name stay stars.
    expect(filled.html).toContain('Пивоварня *Хміль*');
    expect(filled.html).not.toContain('{{');
    // The returns page separates ingredients from equipment and names the terms.
    const returns = (await app.inject({ url: '/api/legal/returns' })).json() as LegalPage;
    expect(returns.html).toMatch(/Інгредієнти[\s\S]*не підлягають[\s\S]*Обладнання[\s\S]*14 днів[\s\S]*30 днів/);
  });

  test('each save is a new version in force; the old ones read back unchanged and the database refuses to change them', async () => {
    const { app, shop } = ctx();
    const { cookie } = await shop.admin({ name: 'Ірина Адмін' });
    const before = await offer(app);
    const first = await save(app, cookie, 'offer', { title: 'Публічна оферта', body: 'Редакція **друга** від {{shopName}}.', titleEn: 'Public offer' });
    expect(first.statusCode).toBe(200);
    const saved = first.json() as AdminLegalPage;
    expect(saved).toMatchObject({
      key: 'offer',
      version: before.version + 1,
      body: 'Редакція **друга** від {{shopName}}.',
      bodyEn: '',
      createdByName: 'Ірина Адмін',
    });
    expect(saved.versions.map((v) => v.version)).toEqual([before.version + 1, before.version]);

    const second = (await save(app, cookie, 'offer', { title: 'Оферта', body: 'Третя.' })).json() as AdminLegalPage;
    expect(second.version).toBe(before.version + 2);
    const now = await offer(app);
    expect(now).toMatchObject({ version: before.version + 2, current: true, title: 'Оферта', html: '<p>Третя.</p>\n', htmlEn: '' });

    const old = (await app.inject({ url: `/api/legal/offer/versions/${before.version + 1}` })).json() as LegalPage;
    expect(old).toMatchObject({ version: before.version + 1, current: false, currentVersion: before.version + 2, title: 'Публічна оферта' });
    expect(old.html).toMatch(/^<p>Редакція <strong>друга<\/strong> від [^<{]+\.<\/p>\n$/);
    expect((await app.inject({ url: `/api/legal/offer/versions/${before.version}` })).json()).toMatchObject({ html: before.html, title: before.title });

    // Other pages are untouched.
    expect((await app.inject({ url: '/api/legal/privacy' })).json()).toMatchObject({ version: 1 });
    const list = (await app.inject({ url: '/api/admin/legal', headers: { cookie } })).json() as AdminLegalList;
    expect(list.pages.map((p) => p.key)).toEqual(['offer', 'privacy', 'delivery', 'returns']);
    expect(list.pages[0]).toMatchObject({ version: before.version + 2, body: 'Третя.' });

    await expect(app.db.update(legalPageVersions).set({ body: 'підмінено' }).where(eq(legalPageVersions.pageKey, 'offer'))).rejects.toThrow();
    await expect(app.db.delete(legalPageVersions).where(eq(legalPageVersions.pageKey, 'offer'))).rejects.toThrow();
    expect((await app.inject({ url: `/api/legal/offer/versions/${before.version + 1}` })).json()).toMatchObject({ title: 'Публічна оферта' });
  });

  test('only an admin saves; empty, too long or malformed texts are a coded 400 and add no version', async () => {
    const { app, shop } = ctx();
    const page = { title: 'Політика', body: 'Текст' };
    expect((await save(app, undefined, 'privacy', page)).statusCode).toBe(401);
    const { cookie: shopper } = await shop.customer();
    expect((await save(app, shopper, 'privacy', page)).statusCode).toBe(403);
    expect((await app.inject({ url: '/api/admin/legal', headers: { cookie: shopper } })).statusCode).toBe(403);

    const { cookie } = await shop.admin();
    const bad: [string, unknown, string][] = [
      ['empty body', { title: 'Політика', body: '   ' }, 'legalBodyRequired'],
      ['empty title', { title: '', body: 'Текст' }, 'legalTitleRequired'],
      ['too long', { title: 'Політика', body: 'а'.repeat(MAX_LEGAL_BODY + 1) }, 'maxChars'],
      ['not text', { title: 'Політика', body: 42 }, 'notText'],
      ['no body', { title: 'Політика' }, 'body'],
    ];
    for (const [what, payload, code] of bad) {
      const res = await save(app, cookie, 'privacy', payload);
      expect(res.statusCode, what).toBe(400);
      expect(res.json().code, what).toBe('VALIDATION_ERROR');
      expect(JSON.stringify(res.json()), what).toContain(code);
    }
    const malformed = await app.inject({
      method: 'PUT',
      url: '/api/admin/legal/privacy',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(malformed.statusCode).toBe(400);
    expect((await save(app, cookie, 'terms', page)).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/legal/privacy' })).json()).toMatchObject({ version: 1 });
  });

  test('an unknown page or version is a 404, for the API and for the page address', async () => {
    const { app } = ctx();
    expect((await app.inject({ url: '/api/legal/terms' })).statusCode).toBe(400);
    const missing = await app.inject({ url: '/api/legal/offer/versions/999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('LEGAL_VERSION_NOT_FOUND');
    expect((await app.inject({ url: '/api/legal/offer/versions/0' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/legal/offer/versions/abc' })).statusCode).toBe(400);
  });

  test('unsafe Markdown is rendered inert: raw HTML shows as text, scripts never run, links only to http(s), mailto or the shop', async () => {
    const { app, shop } = ctx();
    const { cookie } = await shop.admin();
    const body = [
      '<script>alert(1)</script>',
      '<img src=x onerror="alert(2)">',
      '<a href="javascript:alert(3)">raw</a>',
      '[click](javascript:alert(4))',
      '[entity](javascript&#58;alert(5))',
      '[tab](java\tscript:alert(6))',
      '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCg3KTwvc2NyaXB0Pg==)',
      '<javascript:alert(8)>',
      '![pic](javascript:alert(9))',
      '[ok](https://zakon.rada.gov.ua/) [mail](mailto:shop@example.com) [here](/returns)',
    ].join('\n\n');
    expect((await save(app, cookie, 'delivery', { title: 'Доставка', body })).statusCode).toBe(200);
    const { html } = (await app.inject({ url: '/api/legal/delivery' })).json() as LegalPage;
    expect(html).not.toMatch(/<script|<img[^>]*onerror|<a href="javascript|href="data:|src="javascript/i);
    expect(html).not.toMatch(/href="[^"]*script:/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;a href=&quot;javascript:alert(3)&quot;&gt;raw&lt;/a&gt;');
    expect(html).toContain('<a href="https://zakon.rada.gov.ua/" rel="noopener noreferrer">ok</a>');
    expect(html).toContain('<a href="mailto:shop@example.com">mail</a>');
    expect(html).toContain('<a href="/returns">here</a>');

    // The preview renders the same way, for the admin only.
    const preview = await app.inject({ method: 'POST', url: '/api/admin/legal/preview', headers: { cookie }, payload: { body } });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().html).toBe(html);
    expect((await app.inject({ method: 'POST', url: '/api/admin/legal/preview', payload: { body } })).statusCode).toBe(401);
  });

  test('an order stores the offer version in force when placed, and its letter links that version', async () => {
    const { app, shop } = ctx();
    const { cookie } = await shop.admin();
    const placed = await shop.orderPlaced();
    const inForce = (await offer(app)).version;
    expect(placed.offerVersion).toBe(inForce);

    expect((await save(app, cookie, 'offer', { title: 'Оферта', body: 'Нова редакція' })).statusCode).toBe(200);
    const later = await shop.orderPlaced();
    expect(later.offerVersion).toBe(inForce + 1);
    // The earlier order keeps the version it was placed under.
    expect((await shop.orderOf(placed.id, cookie)).offerVersion).toBe(inForce);

    const [letter] = await app.db
      .select()
      .from(outboxMessages)
      .where(sql`${outboxMessages.orderId} = ${later.id} AND ${outboxMessages.channel} = 'email' AND ${outboxMessages.subject} LIKE '%прийнято%'`);
    expect(letter.textBody).toContain(`Публічна оферта (редакція ${inForce + 1}): ${app.config.siteUrl}/oferta/v/${inForce + 1}`);
    expect(letter.textBody).toContain(`${app.config.siteUrl}/returns`);
    expect(letter.htmlBody).toContain(`href="${app.config.siteUrl}/privacy"`);
  });

  test('with the checkbox the server requires acceptOffer: true, from guests and customers alike', async () => {
    const { app, shop } = ctx();
    const { cookie } = await shop.admin();
    // The notice (the default) needs no tick.
    expect((await shop.placeOrder()).status).toBe(201);

    await setSettings(app, cookie, { legal: { offerConsent: 'checkbox' } });
    expect((await app.inject({ url: '/api/settings' })).json().legal).toEqual({ offerConsent: 'checkbox' });
    const [{ n: before }] = await app.db.select({ n: sql<number>`count(*)::int` }).from(legalPageVersions);
    for (const extra of [{}, { acceptOffer: false }]) {
      const refused = await shop.placeOrder({ extra });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('OFFER_NOT_ACCEPTED');
      const guest = await shop.placeOrder({ as: 'guest', extra });
      expect(guest.status).toBe(400);
      expect(guest.body.code).toBe('OFFER_NOT_ACCEPTED');
    }
    expect((await shop.placeOrder({ extra: { acceptOffer: 'yes' } })).status).toBe(400);
    expect((await shop.placeOrder({ extra: { acceptOffer: true } })).status).toBe(201);
    const guest = await shop.placeOrder({ as: 'guest', extra: { acceptOffer: true } });
    expect(guest.status).toBe(201);
    expect(guest.body.offerVersion).toBeGreaterThanOrEqual(1);
    const [{ n: after }] = await app.db.select({ n: sql<number>`count(*)::int` }).from(legalPageVersions);
    expect(after).toBe(before);

    const badMode = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie },
      payload: { ...DEFAULT_SETTINGS, legal: { offerConsent: 'always' } },
    });
    expect(badMode.statusCode).toBe(400);
    expect(JSON.stringify(badMode.json())).toContain('offerConsent');
  });

  test('the pages are in the sitemap; the page addresses answer 200, an unknown version 404', async () => {
    const { app } = ctx();
    const sitemap = (await app.inject({ url: '/sitemap.xml' })).body;
    for (const path of ['/oferta', '/privacy', '/delivery', '/returns']) expect(sitemap).toContain(`<loc>${app.config.siteUrl}${path}</loc>`);
    expect(sitemap).not.toContain('/oferta/v/');
    expect(await resolvePage(app.db, '/oferta')).toEqual({ status: 200 });
    expect(await resolvePage(app.db, '/oferta/v/1')).toEqual({ status: 200 });
    expect(await resolvePage(app.db, '/returns/')).toEqual({ status: 200 });
    expect(await resolvePage(app.db, '/oferta/v/999')).toEqual({ status: 404 });
    expect(await resolvePage(app.db, '/privacy/v/x')).toEqual({ status: 404 });
    expect(await resolvePage(app.db, '/terms')).toEqual({ status: 404 });
  });
});
