import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { count, eq } from 'drizzle-orm';
import { toMinor } from '../../shared/pricing.js';
import type { Db } from '../db/client.js';
import { isUniqueViolation } from '../db/sql-state.js';
import { DEFAULT_SETTINGS, type ShopSettings } from '../../shared/settings.js';
import { products, reviews, shopSettings, users } from '../db/schema.js';
import { insertProducts } from '../features/products/repository.js';
import { recomputeRatings } from '../features/reviews/repository.js';
import { findUserByEmail, insertUser } from '../features/users/repository.js';
import { demoAttributesOf, demoBrandOf, demoCatalog, demoNameOf, demoPacksOf } from './demo-catalog.js';
import { demoReviewers, demoReviewsFor } from './demo-reviews.js';

/** The first admin, from ADMIN_EMAIL / ADMIN_PASSWORD, when the shop has no admin yet. */
export async function ensureAdmin(db: Db, admin: { email: string; password: string }): Promise<boolean> {
  const [{ admins }] = await db.select({ admins: count() }).from(users).where(eq(users.isAdmin, true));
  if (admins > 0) return false;
  const existing = await findUserByEmail(db, admin.email);
  if (existing) {
    await db.update(users).set({ isAdmin: true }).where(eq(users.id, existing.id));
    return true;
  }
  const passwordHash = await hash(admin.password);
  try {
    await insertUser(db, { name: 'Адміністратор', email: admin.email, passwordHash, isAdmin: true });
    return true;
  } catch (error) {
    // Several instances starting at once on a new database: another one created it first.
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export async function isCatalogEmpty(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(products);
  return n === 0;
}

/**
 * Replaces the catalogue with the demo one. Orders keep their line snapshots (order_items.product_id
 * becomes null). Ratings come from real demo reviews so the numbers always agree with the list.
 */
export async function seedDemoCatalog(db: Db): Promise<number> {
  const reviewerRows = await Promise.all(
    demoReviewers.map(async (reviewer) => {
      const existing = await findUserByEmail(db, reviewer.email);
      // Demo reviewers cannot sign in: their password is random and never shown.
      return existing ?? insertUser(db, { ...reviewer, passwordHash: await hash(randomBytes(24).toString('hex')) });
    }),
  );
  return db.transaction(async (tx) => {
    await tx.delete(products);
    const now = Date.now();
    const inserted = await insertProducts(
      tx,
      demoCatalog.map((p, i) => ({
        name: demoNameOf(p),
        image: `/images/products/${p.slug}.svg`,
        description: p.description,
        priceMinor: toMinor(p.price),
        discount: p.discount,
        category: p.category,
        producer: p.producer,
        brand: demoBrandOf(p),
        weight: p.weight,
        countInStock: p.countInStock,
        attributes: demoAttributesOf(p),
        // The catalogue's order is its "newest first" order in the shop.
        createdAt: new Date(now - i * 60_000),
        variants: demoPacksOf(p),
      })),
    );
    const reviewRows = inserted.flatMap((product, i) => demoReviewsFor(demoCatalog[i], reviewerRows).map((r) => ({ ...r, productId: product.id })));
    if (reviewRows.length) await tx.insert(reviews).values(reviewRows);
    await recomputeRatings(
      tx,
      inserted.map((p) => p.id),
    );
    // A demo shop's details, unless the admin has saved real ones.
    await tx.insert(shopSettings).values({ id: 1, value: DEMO_SETTINGS }).onConflictDoNothing();
    return inserted.length;
  });
}

/** Demo details, marked as such: a real shop enters its own at /admin/settings. */
const DEMO_SETTINGS: ShopSettings = {
  ...DEFAULT_SETTINGS,
  shop: {
    name: 'Хмільна крамниця',
    phone: '+380 67 123 45 67',
    email: 'shop@example.com',
    address: 'Київ, вул. Пивоварна, 1 (лише самовивіз за домовленістю)',
    legalName: 'ФОП Коваленко Ірина Петрівна (демо)',
    taxId: '3012345670',
    hours: 'з понеділка по суботу, з 9:00 до 19:00',
    description: 'Хміль, дріжджі, солод і обладнання для домашнього пивоваріння з доставкою Новою поштою.',
    about: [
      'Хмільна крамниця — інтернет-магазин для домашніх пивоварів (демо). Ми продаємо свіжий гранульований хміль з усього світу, сухі пивні дріжджі Fermentis і Lallemand, солод і обладнання: кеги, фітинги, охолоджувачі, крани та колони.',
      'Хміль зберігаємо в холоді у вакуумній упаковці, дріжджі — у холодильнику. Відправляємо щодня Новою поштою.',
    ].join('\n\n'),
  },
  transfer: { cardNumber: '5168000000000007', iban: 'UA523052990000026007000000000', recipient: 'Коваленко Ірина Петрівна (демо)' },
};
