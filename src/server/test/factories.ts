import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Db } from '../db/client.js';
import { orderItems, orders, type ProductRow, type UserRow } from '../db/schema.js';
import { DEFAULT_PRICING, discountedPriceMinor, fromMinor, priceOrderMinor } from '../../shared/pricing.js';
import { signSessionToken, SESSION_COOKIE } from '../plugins/auth.js';
import { insertProducts, type NewProduct, type NewProductVariant } from '../features/products/repository.js';
import { findEditableVariants } from '../features/products/variants.js';
import { insertUser } from '../features/users/repository.js';

const unique = () => randomBytes(4).toString('hex');

/**
 * A published product; without `variants` it has one pack made of its price, discount, stock and
 * weight ("1 кг" for hops). Its packs: `variantsOf(db, product.id)`.
 */
export async function createProduct(
  db: Db,
  overrides: Partial<NewProduct> & { variants?: NewProductVariant[]; alphaAcid?: number | null; cropYear?: number | null } = {},
) {
  const { alphaAcid = 6.5, cropYear = 2025, ...rest } = overrides;
  const category = rest.category ?? 'Hops';
  // A hop's alpha acids and crop year as fields; other categories carry none by default.
  const attributes =
    rest.attributes ?? (category === 'Hops' ? Object.fromEntries(Object.entries({ alpha: alphaAcid, cropYear }).filter(([, v]) => v !== null)) : {});
  const [row] = await insertProducts(db, [
    {
      name: `Хміль Cascade ${unique()}`,
      image: '/images/placeholder.svg',
      description: 'Тестовий товар',
      priceMinor: 1000_00,
      discount: 0,
      category: 'Hops',
      producer: 'USA',
      weight: 1,
      countInStock: 10,
      ...rest,
      attributes: attributes as NewProduct['attributes'],
    },
  ]);
  return row;
}

/** A product's active packs in the editor's order. */
export const variantsOf = (db: Db, productId: string) => findEditableVariants(db, productId);

/** A pack size for createProduct's `variants`, with a unique SKU. */
export function pack(label: string, priceMinor: number, countInStock: number, weight: number, extra: Partial<NewProductVariant> = {}): NewProductVariant {
  return { sku: `T-${unique()}`.toUpperCase(), label, priceMinor, discount: 0, countInStock, weight, ...extra };
}

export const TEST_PASSWORD = 'correct-horse-42';

export async function createUser(db: Db, overrides: Partial<{ name: string; email: string; isAdmin: boolean; password: string }> = {}) {
  const { password = TEST_PASSWORD, ...rest } = overrides;
  return insertUser(db, {
    name: 'Тарас Шевченко',
    email: `user-${unique()}@example.com`,
    passwordHash: await hash(password),
    ...rest,
  });
}

/** A Cookie header that signs the user in, as the login route would. */
export async function sessionCookie(user: UserRow, secret: string): Promise<string> {
  return `${SESSION_COOKIE}=${await signSessionToken(user, secret)}`;
}

/**
 * An order written straight into the database, priced by the shared rules, for tests of other
 * features (deleting a product or a user) that must not depend on the checkout routes.
 */
export async function createOrder(db: Db, user: UserRow, lines: { product: ProductRow; qty: number }[]) {
  const prices = priceOrderMinor(
    lines.map(({ product, qty }) => ({ price: fromMinor(product.priceMinor), discount: product.discount, qty })),
    DEFAULT_PRICING,
  );
  const [order] = await db
    .insert(orders)
    .values({
      userId: user.id,
      recipientName: user.name,
      recipientPhone: '+380671234567',
      cityName: 'Київ',
      branchDescription: 'Відділення №1',
      paymentMethodId: 'paypal',
      ...prices,
    })
    .returning();
  if (lines.length) {
    const packs = await Promise.all(lines.map(({ product }) => findEditableVariants(db, product.id)));
    await db.insert(orderItems).values(
      lines.map(({ product, qty }, i) => ({
        orderId: order.id,
        productId: product.id,
        name: product.name,
        image: product.image,
        priceMinor: discountedPriceMinor(product.priceMinor, product.discount),
        qty,
        variantId: packs[i][0]?.id ?? null,
        sku: packs[i][0]?.sku ?? null,
        label: packs[i][0]?.label ?? null,
        weight: packs[i][0]?.weight ?? product.weight,
      })),
    );
  }
  return order;
}
