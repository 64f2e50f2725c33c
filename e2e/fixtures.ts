import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

export const baseURL = () => inject('baseURL');
export const adminCredentials = () => ({ email: inject('adminEmail'), password: inject('adminPassword') });

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 900 };
/** A common laptop screen, for the screenshots and the wide layouts. */
export const WIDE = { width: 1366, height: 900 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** One Chromium for the test file, closed after it: `const browser = useBrowser();` then `openPage(browser())`. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser is not started yet');
    return browser;
  };
}

const consoleErrors = new WeakMap<Page, { errors: string[]; allowed: RegExp[] }>();

/**
 * A fresh browser context and page at the shop. Any console error or uncaught exception fails
 * the test in `expectNoConsoleErrors`, unless the test said it expects it (`allowConsoleErrors`).
 */
export async function openPage(browser: Browser, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL(), viewport, locale: 'uk-UA' });
  const page = await context.newPage();
  const record = { errors: [] as string[], allowed: [] as RegExp[] };
  consoleErrors.set(page, record);
  page.on('console', (message) => {
    if (message.type() === 'error') record.errors.push(message.text());
  });
  page.on('pageerror', (error) => record.errors.push(`uncaught: ${error.message}`));
  // A page the server rendered shows its buttons before React has taken them over: a test, like a
  // shopper, acts once the page is live (src/web/main.tsx marks it).
  const live = () => page.waitForFunction(() => document.documentElement.dataset.ready === 'true');
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await live();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await live();
    return response;
  };
  return page;
}

/** Failed requests the test causes on purpose (a wrong password's 401) log console errors. */
export function allowConsoleErrors(page: Page, pattern: RegExp) {
  consoleErrors.get(page)?.allowed.push(pattern);
}

export function expectNoConsoleErrors(page: Page) {
  const record = consoleErrors.get(page);
  const unexpected = (record?.errors ?? []).filter((text) => !record?.allowed.some((re) => re.test(text)));
  expect(unexpected, 'console errors in the browser').toEqual([]);
}

/** No serious or critical accessibility violations on the current page. */
export async function expectAccessible(page: Page) {
  // A toast still fading in is half-transparent: axe would measure its contrast mid-animation.
  // Short transitions only: spinners never end and a toast's progress bar runs until it closes.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          const timing = animation.effect?.getTiming();
          return timing?.iterations !== Infinity && Number(timing?.duration) <= 1000;
        })
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
  expect(serious, 'serious accessibility violations').toEqual([]);
}

/**
 * What the page says besides errors, and which API calls it makes: a server-rendered page the
 * browser takes over should warn of nothing and fetch nothing again (docs/seo.md).
 */
export function recordWarningsAndApiCalls(page: Page) {
  const warnings: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(url.pathname);
  });
  return { warnings, apiCalls };
}
