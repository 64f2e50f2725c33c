import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { StockAlertCreate } from '../../../shared/stock-alerts.js';
import { paths } from '../../../shared/routes.js';
import type { Tx } from '../../db/client.js';
import { products, productVariants, stockAlerts, type ProductVariantRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { getSettings } from '../settings/index.js';
import { queueMessages, type NewOutboxMessage } from '../notifications/index.js';

/**
 * "Повідомити, коли з'явиться" (docs/domain.md, "Stock alerts"): a shopper leaves an address for a
 * sold-out product or pack; the restock that brings it back queues one letter and ends the alert.
 */

/** Subscribes; the same address for the same product or pack again changes nothing. */
export async function subscribe(tx: Tx, productId: string, input: Required<Pick<StockAlertCreate, 'email' | 'locale'>> & { variant?: string }): Promise<void> {
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, 'published')));
  if (!product) throw new AppError('PRODUCT_NOT_FOUND');
  if (input.variant) {
    const [pack] = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.id, input.variant), eq(productVariants.productId, productId), isNull(productVariants.archivedAt)));
    if (!pack) throw new AppError('VARIANT_UNKNOWN', { variant: input.variant });
  }
  await tx
    .insert(stockAlerts)
    .values({ productId, variantId: input.variant ?? null, email: input.email, locale: input.locale })
    .onConflictDoNothing({ target: [stockAlerts.productId, stockAlerts.variantId, stockAlerts.email] });
}

/** Ends every alert of an address: the link in each alert letter, signed so nobody unsubscribes another. */
export async function unsubscribe(tx: Tx, secret: string, email: string, signature: string): Promise<number> {
  const expected = Buffer.from(unsubscribeSignature(secret, email));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
  const deleted = await tx.delete(stockAlerts).where(eq(stockAlerts.email, email)).returning({ id: stockAlerts.id });
  return deleted.length;
}

export function unsubscribeSignature(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`stock-alerts:${email}`).digest('base64url');
}

/**
 * Called inside an admin's product write, after its packs are saved: every pack that had none and
 * now has some wakes the alerts for it and for its product. The write holds the product's lock, so
 * two admins restocking at once are one after the other, and the second sees no "from 0".
 */
export async function queueRestockAlerts(
  tx: Tx,
  product: { id: string; name: string; slug: string | null },
  before: readonly Pick<ProductVariantRow, 'id' | 'countInStock'>[],
  after: readonly Pick<ProductVariantRow, 'id' | 'countInStock' | 'label'>[],
  site: { url: string; secret: string },
): Promise<void> {
  const stockBefore = new Map(before.map((v) => [v.id, v.countInStock]));
  const restocked = after.filter((v) => v.countInStock > 0 && (stockBefore.get(v.id) ?? 0) <= 0);
  if (!restocked.length) return;
  const productHadNone = before.every((v) => v.countInStock <= 0);
  const woken = await tx
    .delete(stockAlerts)
    .where(
      and(
        eq(stockAlerts.productId, product.id),
        or(
          inArray(
            stockAlerts.variantId,
            restocked.map((v) => v.id),
          ),
          productHadNone ? isNull(stockAlerts.variantId) : sql`false`,
        ),
      ),
    )
    .returning();
  if (!woken.length) return;
  const shopName = (await getSettings(tx)).shop.name;
  const link = `${site.url}${paths.product(product.slug ?? product.id)}`;
  const labels = new Map(after.map((v) => [v.id, v.label]));
  const messages: NewOutboxMessage[] = woken.map((alert) => {
    const title = alert.variantId ? `${product.name}, ${labels.get(alert.variantId)}` : product.name;
    const unsubscribe = `${site.url}${paths.stockAlertsUnsubscribe(alert.email, unsubscribeSignature(site.secret, alert.email))}`;
    const english = alert.locale === 'en';
    return {
      channel: 'email',
      recipient: alert.email,
      subject: english ? `Back in stock: ${title}` : `Знову в наявності: ${title}`,
      textBody: (english
        ? [`"${title}", which you asked us about, is back in stock.`, `Order it here: ${link}`, '', `${shopName}`, `Stop these letters: ${unsubscribe}`]
        : [`«${title}», про який ви питали, знову в наявності.`, `Замовити: ${link}`, '', `${shopName}`, `Більше не надсилати таких листів: ${unsubscribe}`]
      ).join('\n'),
      htmlBody: null,
      orderId: null,
    };
  });
  await queueMessages(tx, messages);
}
