import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { categoryPath, type AttributeDefinition, type Category, type Producer } from '../../../shared/categories.js';
import type { Tx } from '../../db/client.js';
import { categories, categoryAttributes, producers } from '../../db/schema.js';
// eslint-disable-next-line shop/import-layers -- counts of products per category, attribute and producer, grouped in one statement each
import { products } from '../../db/schema.js';

export type CategoryRecord = typeof categories.$inferSelect;
export type AttributeRecord = typeof categoryAttributes.$inferSelect;
export type ProducerRecord = typeof producers.$inferSelect;

/** The whole taxonomy: every category with its attributes and producers, in the owner's order. */
export interface Catalogue {
  categories: CategoryRecord[];
  attributesOf: (categoryId: string) => AttributeRecord[];
  producersOf: (categoryId: string | null) => ProducerRecord[];
  bySlug: (slug: string) => CategoryRecord | undefined;
  childrenOf: (categoryId: string) => CategoryRecord[];
}

/** Every category, top-level ones before the groups' categories: a list a menu reads in order. */
export async function loadCategories(tx: Tx): Promise<CategoryRecord[]> {
  return tx
    .select()
    .from(categories)
    .orderBy(sql`${categories.parentId} is not null`, asc(categories.position), asc(categories.name));
}

export async function loadCatalogue(tx: Tx): Promise<Catalogue> {
  const [categoryRows, attributeRows, producerRows] = await Promise.all([
    loadCategories(tx),
    tx.select().from(categoryAttributes).orderBy(asc(categoryAttributes.position), asc(categoryAttributes.key)),
    tx.select().from(producers).orderBy(asc(producers.position), asc(producers.name)),
  ]);
  const bySlug = new Map(categoryRows.map((c) => [c.slug, c]));
  return {
    categories: categoryRows,
    attributesOf: (id) => attributeRows.filter((a) => a.categoryId === id),
    producersOf: (id) => producerRows.filter((p) => p.categoryId === id),
    bySlug: (slug) => bySlug.get(slug),
    childrenOf: (id) => categoryRows.filter((c) => c.parentId === id),
  };
}

/** Published products per category slug. */
export async function countProductsByCategory(tx: Tx, options: { publishedOnly: boolean }): Promise<Map<string, number>> {
  const rows = await tx
    .select({ category: products.category, count: sql<number>`count(*)::int` })
    .from(products)
    .where(options.publishedOnly ? eq(products.status, 'published') : undefined)
    .groupBy(products.category);
  return new Map(rows.map((r) => [r.category, r.count]));
}

export function toAttributeDefinition(row: AttributeRecord): AttributeDefinition {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    nameEn: row.nameEn,
    type: row.type,
    unit: row.unit,
    options: row.options,
    filterable: row.filterable,
    position: row.position,
  };
}

export function toProducer(row: ProducerRecord, catalogue: Catalogue): Producer {
  return {
    id: row.id,
    name: row.name,
    country: row.country,
    category: row.categoryId ? (catalogue.categories.find((c) => c.id === row.categoryId)?.slug ?? null) : null,
    position: row.position,
  };
}

export function toCategory(row: CategoryRecord, catalogue: Catalogue, counts: Map<string, number>): Category {
  const parent = row.parentId ? (catalogue.categories.find((c) => c.id === row.parentId) ?? null) : null;
  const children = catalogue.childrenOf(row.id);
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    nameEn: row.nameEn,
    parent: parent?.slug ?? null,
    position: row.position,
    visible: row.visible,
    description: row.description,
    googleProductCategory: row.googleProductCategory,
    feedId: row.feedId,
    path: categoryPath(row.slug, parent?.slug ?? null),
    count: (counts.get(row.slug) ?? 0) + children.reduce((sum, child) => sum + (counts.get(child.slug) ?? 0), 0),
    attributes: catalogue.attributesOf(row.id).map(toAttributeDefinition),
    producers: catalogue.producersOf(row.id).map((p) => toProducer(p, catalogue)),
  };
}

/** How many products of these categories hold a value for this attribute key. */
export async function countAttributeUses(tx: Tx, categorySlug: string, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const used: string[] = [];
  for (const key of keys) {
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(and(eq(products.category, categorySlug), sql`${products.attributes} ? ${key}`));
    if (count > 0) used.push(key);
  }
  return used;
}

export async function countProductsWithProducer(tx: Tx, name: string, categorySlugs: string[] | null): Promise<number> {
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(and(eq(products.producer, name), categorySlugs ? inArray(products.category, categorySlugs) : undefined));
  return count;
}

/** Category writes are rare; one lock keeps two admins' edits of the tree from crossing. */
export async function lockCatalogue(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(170017)`);
}

export async function insertCategory(tx: Tx, values: typeof categories.$inferInsert): Promise<CategoryRecord> {
  const [row] = await tx.insert(categories).values(values).returning();
  return row;
}

export async function updateCategoryRow(tx: Tx, id: string, values: Partial<typeof categories.$inferInsert>): Promise<void> {
  await tx.update(categories).set(values).where(eq(categories.id, id));
}

export async function deleteCategoryRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(categories).where(eq(categories.id, id));
}

/** Products filed under the category, published or not. */
export async function countProductsInCategory(tx: Tx, slug: string): Promise<number> {
  const [{ count }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(products)
    .where(eq(products.category, slug));
  return count;
}

export async function insertAttribute(tx: Tx, values: typeof categoryAttributes.$inferInsert): Promise<void> {
  await tx.insert(categoryAttributes).values(values);
}

export async function updateAttribute(tx: Tx, id: string, values: Partial<typeof categoryAttributes.$inferInsert>): Promise<void> {
  await tx.update(categoryAttributes).set(values).where(eq(categoryAttributes.id, id));
}

export async function deleteAttribute(tx: Tx, id: string): Promise<void> {
  await tx.delete(categoryAttributes).where(eq(categoryAttributes.id, id));
}

export async function findProducer(tx: Tx, id: string): Promise<ProducerRecord | null> {
  const [row] = await tx.select().from(producers).where(eq(producers.id, id));
  return row ?? null;
}

/** Adds a producer; its new id. */
export async function insertProducer(tx: Tx, values: typeof producers.$inferInsert): Promise<string> {
  const [row] = await tx.insert(producers).values(values).returning({ id: producers.id });
  return row.id;
}

export async function updateProducerRow(tx: Tx, id: string, values: Partial<typeof producers.$inferInsert>): Promise<void> {
  await tx.update(producers).set(values).where(eq(producers.id, id));
}

export async function deleteProducerRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(producers).where(eq(producers.id, id));
}

/** Whether the category of this slug exists and is shown (its page answers 200). */
export async function isCategoryVisible(tx: Tx, slug: string): Promise<boolean> {
  const [row] = await tx.select({ visible: categories.visible }).from(categories).where(eq(categories.slug, slug));
  return row?.visible ?? false;
}
