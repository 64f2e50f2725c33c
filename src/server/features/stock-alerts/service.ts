import { createHmac, timingSafeEqual } from 'node:crypto';
import type { StockAlertCreate } from '../../../shared/stock-alerts.js';
import { paths } from '../../../shared/routes.js';
import type { Tx } from '../../db/client.js';
import type { ProductVariantRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { getSettings } from '../settings/index.js';
import { queueMessages, type NewOutboxMessage } from '../notifications/index.js';
import { findProductByRef, findVariantsByIds } from '../products/index.js';
import { deleteAlertsOf, insertAlert, takeRestockedAlerts } from './repository.js';

/**
 * "Повідомити, коли з'явиться" (docs/domain.md, "Stock alerts"): a shopper leaves an address for a
 * sold-out product or pack; the restock that brings it back queues one letter and ends the alert.
 */

/** Subscribes; the same address for the same product or pack again changes nothing. */
export async function subscribe(tx: Tx, productId: string, input: Required<Pick<StockAlertCreate, 'email' | 'locale'>> & { variant?: string }): Promise<void> {
  const product = await findProductByRef(tx, productId);
  if (product?.id !== productId || product.status !== 'published') throw new AppError('PRODUCT_NOT_FOUND');
  if (input.variant) {
    const [pack] = await findVariantsByIds(tx, [input.variant]);
    if (pack?.productId !== productId || pack.archivedAt) throw new AppError('VARIANT_UNKNOWN', { variant: input.variant });
  }
  await insertAlert(tx, { productId, variantId: input.variant ?? null, email: input.email, locale: input.locale });
}

/** Ends every alert of an address: the link in each alert letter, signed so nobody unsubscribes another. */
export async function unsubscribe(tx: Tx, secret: string, email: string, signature: string): Promise<number> {
  const expected = Buffer.from(unsubscribeSignature(secret, email));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
  return deleteAlertsOf(tx, email);
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
  const woken = await takeRestockedAlerts(
    tx,
    product.id,
    restocked.map((v) => v.id),
    productHadNone,
  );
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
