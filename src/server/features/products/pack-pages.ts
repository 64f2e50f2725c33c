import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { productVariants, products } from '../../db/schema.js';
// eslint-disable-next-line shop/import-layers -- each pack's category name joined to the export's page
import { categories } from '../../db/schema.js';

/** Where a page of packs ends: the next page starts after it. */
export type PackKey = { productId: string; position: number; id: string };

/**
 * A page of every active pack of every product (drafts and hidden ones too), grouped by product, by
 * keyset after `after`: what the catalogue's export writes, with the product's columns and its
 * category's name joined in the same statement.
 */
export function findPackPage(tx: Tx, after: PackKey | null, pageSize: number) {
  return tx
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      position: productVariants.position,
      sku: productVariants.sku,
      label: productVariants.label,
      priceMinor: productVariants.priceMinor,
      discount: productVariants.discount,
      countInStock: productVariants.countInStock,
      weight: productVariants.weight,
      gtin: productVariants.gtin,
      slug: products.slug,
      name: products.name,
      category: categories.name,
      producer: products.producer,
      attributes: products.attributes,
      status: products.status,
      image: products.image,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(categories, eq(categories.slug, products.category))
    .where(
      and(
        isNull(productVariants.archivedAt),
        after
          ? sql`(${productVariants.productId}, ${productVariants.position}, ${productVariants.id}) > (${after.productId}::uuid, ${after.position}, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id))
    .limit(pageSize);
}
