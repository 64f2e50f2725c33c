import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { paths } from '../../../shared/routes.js';
import type { Tx } from '../../db/client.js';
import { products, productVariants } from '../../db/schema.js';
import { rowsOf } from '../../db/sql-rows.js';
import { getSettings } from '../settings/index.js';
import { queueMessages, type NewOutboxMessage } from '../notifications/index.js';

/** Who hears that packs run low: the shop's e-mail and Telegram chat, as for new orders (docs/notifications.md). */
export interface LowStockTargets {
  siteUrl: string;
  shopNotifyEmail: string | undefined;
  telegramChatId: string | undefined;
}

/**
 * Called after a write that may have taken stock from these packs (an order, an admin's save), in
 * its transaction: each pack now at or below its threshold that the shop was not yet told of is
 * flagged and told of, once. The flag is set by a conditional update on the row the write already
 * holds locked, so of two orders racing for the same pack only one sees it unset. A restock above
 * the threshold clears the flag (a trigger, migration 0024), and the next fall tells again.
 */
export async function queueLowStockNotices(tx: Tx, variantIds: readonly string[], targets: LowStockTargets): Promise<void> {
  if (!variantIds.length) return;
  const flagged = await tx
    .update(productVariants)
    .set({ lowStockNotified: true })
    .where(
      and(
        inArray(productVariants.id, [...variantIds]),
        eq(productVariants.lowStockNotified, false),
        isNull(productVariants.archivedAt),
        sql`${productVariants.countInStock} <= ${productVariants.lowStockThreshold}`,
      ),
    )
    .returning({
      productId: productVariants.productId,
      sku: productVariants.sku,
      label: productVariants.label,
      countInStock: productVariants.countInStock,
      threshold: productVariants.lowStockThreshold,
    });
  if (!flagged.length) return;
  const names = new Map(
    (
      await tx
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(
          inArray(
            products.id,
            flagged.map((v) => v.productId),
          ),
        )
    ).map((p) => [p.id, p.name]),
  );
  const { shop } = await getSettings(tx);
  const subject = flagged.length === 1 ? `Закінчується: ${names.get(flagged[0].productId)}, ${flagged[0].label}` : `Закінчуються ${flagged.length} фасовки`;
  const lines = flagged.map((v) => `${names.get(v.productId)}, ${v.label} (${v.sku}): залишилось ${v.countInStock} шт., поріг ${v.threshold}`);
  const link = `${targets.siteUrl}${paths.admin.dashboard}`;
  const email = targets.shopNotifyEmail ?? (shop.email || null);
  const messages: NewOutboxMessage[] = [];
  if (email)
    messages.push({
      channel: 'email',
      recipient: email,
      subject,
      textBody: [...lines, '', `Панель магазину: ${link}`].join('\n'),
      htmlBody: null,
      orderId: null,
    });
  if (targets.telegramChatId) {
    messages.push({
      channel: 'telegram',
      recipient: targets.telegramChatId,
      subject,
      textBody: [subject, ...lines, link].join('\n'),
      htmlBody: null,
      orderId: null,
    });
  }
  await queueMessages(tx, messages);
}

/** A pack at or below its threshold, as the dashboard lists it. */
export interface LowStockPack {
  productId: string;
  productName: string;
  slug: string;
  variantId: string;
  sku: string;
  label: string;
  countInStock: number;
  threshold: number;
}

/** The published products' active packs at or below their threshold, emptiest first, up to `limit`. */
export async function findLowStockPacks(tx: Tx, limit: number): Promise<LowStockPack[]> {
  return rowsOf<LowStockPack>(
    tx,
    sql`SELECT p.id AS "productId", p.name AS "productName", coalesce(p.slug, p.id::text) AS slug, v.id AS "variantId", v.sku, v.label,
               v.count_in_stock AS "countInStock", v.low_stock_threshold AS threshold
        FROM product_variants v JOIN products p ON p.id = v.product_id
        WHERE v.archived_at IS NULL AND v.count_in_stock <= v.low_stock_threshold AND p.status = 'published'
        ORDER BY v.count_in_stock, p.name, v.position LIMIT ${limit}`,
  );
}
