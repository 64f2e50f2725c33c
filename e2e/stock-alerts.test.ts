import { randomBytes } from 'node:crypto';
import { expect, test } from 'vitest';
import { adminCredentials, expectAccessible, expectNoConsoleErrors, openPage, PHONE, useBrowser } from './fixtures';
import { expectNoSideScroll, letterTo } from './support';

const browser = useBrowser();

interface Pack {
  _id: string;
  sku: string;
  label: string;
  price: number;
  discount: number;
  countInStock: number;
  weight: number;
  gtin: string | null;
}
interface ProductDetail {
  _id: string;
  slug: string;
  name: string;
  image: string;
  description: string;
  category: string;
  origin: string;
  cropYear: number | null;
  alfa: number | null;
  ferment_temp: string | null;
  ferment_type: string | null;
  variants: Pack[];
}

test('a shopper asks to be told when a sold-out hop is back, gets one letter when the owner restocks it, and unsubscribes (375 px)', async () => {
  const page = await openPage(browser(), PHONE);
  // A hop of the demo catalogue whose packs are all sold out: sold-out products are listed last.
  type Listing = { products: { slug: string; countInStock: number }[]; pages: number };
  const first = (await (await page.request.get('/api/products?category=Hops')).json()) as Listing;
  const last = (await (await page.request.get(`/api/products?category=Hops&pageNumber=${first.pages}`)).json()) as Listing;
  const soldOut = last.products.find((p) => p.countInStock === 0);
  expect(soldOut, 'a sold-out hop in the demo catalogue').toBeDefined();
  const hop = (await (await page.request.get(`/api/products/${soldOut!.slug}`)).json()) as ProductDetail;

  await page.goto(`/product/${hop.slug}`);
  expect(await page.getByRole('button', { name: 'Додати в кошик' }).isDisabled()).toBe(true);
  const email = `brewer-${randomBytes(4).toString('hex')}@example.com`;
  await page.getByLabel('Повідомити, коли з’явиться').fill(email);
  await page.getByRole('button', { name: 'Повідомити мене' }).click();
  await expect.poll(() => page.getByRole('status').filter({ hasText: email }).isVisible()).toBe(true);
  await expectAccessible(page);
  await expectNoSideScroll(page);

  // The owner restocks the pack shown first.
  const admin = await openPage(browser());
  expect((await admin.request.post('/api/users/auth', { data: adminCredentials() })).status()).toBe(200);
  const shown = hop.variants[0];
  const edit = {
    name: hop.name,
    image: hop.image,
    description: hop.description,
    category: hop.category,
    origin: hop.origin,
    cropYear: hop.cropYear,
    alfa: hop.alfa,
    ferment_temp: hop.ferment_temp,
    ferment_type: hop.ferment_type,
    variants: hop.variants.map(({ _id, sku, label, price, discount, weight, gtin }) => ({
      _id,
      sku,
      label,
      price,
      discount,
      weight,
      gtin,
      countInStock: _id === shown._id ? 12 : 0,
    })),
  };
  expect((await admin.request.put(`/api/products/${hop._id}`, { data: edit })).status()).toBe(200);
  await expect.poll(() => letterTo(email)?.text, { timeout: 30_000 }).toContain(`/product/${hop.slug}`);
  const letter = letterTo(email)!.text;
  expect(letter).toContain('знову в наявності');
  const unsubscribe = /https?:\/\/[^\s"<>]+\/stock-alerts\/unsubscribe\?[^\s"<>]+/.exec(letter)![0];

  // The letter's link asks before it unsubscribes.
  await page.goto(new URL(unsubscribe).pathname + new URL(unsubscribe).search);
  await page.getByRole('button', { name: 'Відписатися' }).click();
  await expect.poll(() => page.getByText(`листів про надходження на ${email} більше не буде`).isVisible()).toBe(true);
  // Sold out again, as the demo catalogue has it: other tests list its sold-out hops.
  const restored = { ...edit, variants: edit.variants.map((v) => ({ ...v, countInStock: 0 })) };
  expect((await admin.request.put(`/api/products/${hop._id}`, { data: restored })).status()).toBe(200);
  expectNoConsoleErrors(page);
  expectNoConsoleErrors(admin);
});
