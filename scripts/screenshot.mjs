// Looks at a page as a shopper would: `node scripts/screenshot.mjs <url> <out.png> [width]`.
import { chromium } from 'playwright-core';

const [url, out, width = '1280'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } });
page.on('console', (msg) => msg.type() === 'error' && console.log('console error:', msg.text()));
page.on('pageerror', (err) => console.log('page error:', err.message));
await page.goto(url, { waitUntil: 'networkidle' });
await page.screenshot({ path: out, fullPage: process.env.FULL !== '0' });
await browser.close();
