import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:5099';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
await page.goto(base + '/login?redirect=/admin/promo-codes');
await page.getByLabel(/Електронна пошта|E-mail/i).first().fill('admin@example.com');
await page.getByLabel(/Пароль/).first().fill('admin12345');
await page.getByRole('button', { name: /Увійти/ }).last().click();
await page.waitForURL('**/admin/promo-codes');
const r0 = 0; const r = await page.request.post(base + '/api/admin/promo-codes', { data: { code: 'BREWCLUB10', kind: 'percent', percent: 10, categories: [], products: [], active: true } });
console.log('create', r.status(), (await r.text()).slice(0, 200));
await page.reload();
await page.waitForTimeout(3000);
const wide = await page.evaluate(() => {
  const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.right > 376) out.push(`${el.tagName}.${el.className} right=${Math.round(r.right)} w=${Math.round(r.width)}`);
  }
  return { sw: document.documentElement.scrollWidth, wide: out.slice(0, 15) };
});
console.log(JSON.stringify(wide, null, 1));
await page.screenshot({ path: '/tmp/shot/promo-375.png', fullPage: true });
await browser.close();
