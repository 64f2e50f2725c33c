import type { Category, CategoryInput, CategoryList, Producer, ProducerInput } from '../../../shared/categories.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import {
  countAttributeUses,
  countProductsByCategory,
  countProductsInCategory,
  countProductsWithProducer,
  deleteAttribute,
  deleteCategoryRow,
  deleteProducerRow,
  findProducer,
  insertAttribute,
  insertCategory,
  insertProducer,
  loadCatalogue,
  lockCatalogue,
  toCategory,
  toProducer,
  updateAttribute,
  updateCategoryRow,
  updateProducerRow,
  type Catalogue,
} from './repository.js';

/** The shop's visible categories with their published products counted (GET /api/categories). */
export async function getPublicCategories(tx: Tx): Promise<CategoryList> {
  const [catalogue, counts] = await Promise.all([loadCatalogue(tx), countProductsByCategory(tx, { publishedOnly: true })]);
  const hidden = new Set(catalogue.categories.filter((c) => !c.visible).map((c) => c.id));
  return {
    categories: catalogue.categories.filter((c) => !hidden.has(c.id) && !(c.parentId && hidden.has(c.parentId))).map((c) => toCategory(c, catalogue, counts)),
  };
}

/** Every category, hidden ones too, counting every product (the admin's screen). */
export async function getAdminCategories(tx: Tx): Promise<CategoryList> {
  const [catalogue, counts] = await Promise.all([loadCatalogue(tx), countProductsByCategory(tx, { publishedOnly: false })]);
  return { categories: catalogue.categories.map((c) => toCategory(c, catalogue, counts)) };
}

const categoryNotFound = () => new AppError('CATEGORY_NOT_FOUND');

/** A group holds categories, never a category of a category: the tree is two levels deep (docs/domain.md). */
function requireParent(catalogue: Catalogue, slug: string | null, selfId: string | null) {
  if (!slug) return null;
  const parent = catalogue.bySlug(slug);
  if (!parent) throw new AppError('CATEGORY_PARENT_INVALID');
  if (parent.id === selfId || parent.parentId) throw new AppError('CATEGORY_PARENT_INVALID');
  if (selfId && catalogue.childrenOf(selfId).length > 0) throw new AppError('CATEGORY_PARENT_INVALID');
  return parent;
}

export async function createCategory(tx: Tx, input: CategoryInput): Promise<Category> {
  return tx.transaction(async (t) => {
    await lockCatalogue(t);
    const catalogue = await loadCatalogue(t);
    if (catalogue.categories.some((c) => c.slug.toLowerCase() === input.slug.toLowerCase())) {
      throw new AppError('CATEGORY_SLUG_TAKEN', { slug: input.slug });
    }
    const parent = requireParent(catalogue, input.parent, null);
    const row = await insertCategory(t, { slug: input.slug, ...categoryValues(input, parent) });
    await saveAttributes(t, row.id, row.slug, input.attributes, []);
    return requireCategory(t, row.id);
  });
}

/** Edits a category and replaces its attribute list; the slug stays (products and links name it). */
export async function updateCategory(tx: Tx, id: string, input: CategoryInput): Promise<Category> {
  return tx.transaction(async (t) => {
    await lockCatalogue(t);
    const catalogue = await loadCatalogue(t);
    const current = catalogue.categories.find((c) => c.id === id);
    if (!current) throw categoryNotFound();
    if (input.slug !== current.slug) throw new AppError('CATEGORY_SLUG_FIXED');
    const parent = requireParent(catalogue, input.parent, id);
    await updateCategoryRow(t, id, { ...categoryValues(input, parent), updatedAt: new Date() });
    await saveAttributes(t, id, current.slug, input.attributes, catalogue.attributesOf(id));
    return requireCategory(t, id);
  });
}

/** What the owner sets on a category, whether new or edited. */
const categoryValues = (input: CategoryInput, parent: { id: string } | null) => ({
  name: input.name,
  nameEn: input.nameEn,
  parentId: parent?.id ?? null,
  position: input.position,
  visible: input.visible,
  description: input.description,
  googleProductCategory: input.googleProductCategory,
});

async function saveAttributes(
  tx: Tx,
  categoryId: string,
  slug: string,
  wanted: CategoryInput['attributes'],
  current: { id: string; key: string; type: string }[],
) {
  const keys = wanted.map((a) => a.key);
  const repeated = keys.find((key, i) => keys.indexOf(key) !== i);
  if (repeated) throw new AppError('ATTRIBUTE_REPEATED', { key: repeated });
  const removed = current.filter((a) => !keys.includes(a.key));
  // A product's value would be lost, or read as another type: the owner clears them first.
  const retyped = current.filter((a) => wanted.some((w) => w.key === a.key && w.type !== a.type));
  const used = await countAttributeUses(
    tx,
    slug,
    [...removed, ...retyped].map((a) => a.key),
  );
  if (used.length) {
    throw new AppError('ATTRIBUTE_IN_USE', { key: used[0] });
  }
  for (const a of removed) await deleteAttribute(tx, a.id);
  for (const [position, a] of wanted.entries()) {
    const existing = current.find((c) => c.key === a.key);
    const values = { name: a.name, nameEn: a.nameEn, type: a.type, unit: a.unit, options: a.options, filterable: a.filterable, position };
    if (existing) await updateAttribute(tx, existing.id, values);
    else await insertAttribute(tx, { ...values, key: a.key, categoryId });
  }
}

async function requireCategory(tx: Tx, id: string): Promise<Category> {
  const [catalogue, counts] = await Promise.all([loadCatalogue(tx), countProductsByCategory(tx, { publishedOnly: false })]);
  const row = catalogue.categories.find((c) => c.id === id);
  if (!row) throw categoryNotFound();
  return toCategory(row, catalogue, counts);
}

/** A category with products, or a group with categories, is refused (409): nothing is lost by accident. */
export async function deleteCategory(tx: Tx, id: string): Promise<void> {
  await tx.transaction(async (t) => {
    await lockCatalogue(t);
    const catalogue = await loadCatalogue(t);
    const row = catalogue.categories.find((c) => c.id === id);
    if (!row) throw categoryNotFound();
    const children = catalogue.childrenOf(id);
    if (children.length) {
      throw new AppError('CATEGORY_HAS_CHILDREN', { count: children.length });
    }
    const count = await countProductsInCategory(t, row.slug);
    if (count > 0) {
      throw new AppError('CATEGORY_IN_USE', { count });
    }
    await deleteCategoryRow(t, id);
  });
}

export async function getProducers(tx: Tx): Promise<{ producers: Producer[] }> {
  const catalogue = await loadCatalogue(tx);
  const all = [...catalogue.producersOf(null), ...catalogue.categories.flatMap((c) => catalogue.producersOf(c.id))];
  return { producers: all.map((p) => toProducer(p, catalogue)) };
}

const producerNotFound = () => new AppError('PRODUCER_NOT_FOUND');

export async function saveProducer(tx: Tx, id: string | null, input: ProducerInput): Promise<Producer> {
  return tx.transaction(async (t) => {
    await lockCatalogue(t);
    const catalogue = await loadCatalogue(t);
    const category = input.category ? catalogue.bySlug(input.category) : null;
    if (input.category && !category) throw new AppError('CATEGORY_UNKNOWN');
    const siblings = catalogue.producersOf(category?.id ?? null);
    if (siblings.some((p) => p.id !== id && p.name.toLowerCase() === input.name.toLowerCase())) {
      throw new AppError('PRODUCER_TAKEN', { name: input.name });
    }
    const values = { name: input.name, country: input.country, categoryId: category?.id ?? null, position: input.position };
    let rowId = id;
    if (id) {
      const current = await findProducer(t, id);
      if (!current) throw producerNotFound();
      if (current.name !== input.name || current.categoryId !== values.categoryId) await refuseProducerInUse(t, current, catalogue);
      await updateProducerRow(t, id, values);
    } else {
      rowId = await insertProducer(t, values);
    }
    const fresh = await loadCatalogue(t);
    const all = [...fresh.producersOf(null), ...fresh.categories.flatMap((c) => fresh.producersOf(c.id))];
    return toProducer(
      all.find((p) => p.id === rowId)!,
      fresh,
    );
  });
}

async function refuseProducerInUse(tx: Tx, producer: { name: string; categoryId: string | null }, catalogue: Catalogue) {
  const slugs = producer.categoryId ? [catalogue.categories.find((c) => c.id === producer.categoryId)!.slug] : null;
  const count = await countProductsWithProducer(tx, producer.name, slugs);
  if (count > 0) throw new AppError('PRODUCER_IN_USE', { count });
}

export async function deleteProducer(tx: Tx, id: string): Promise<void> {
  await tx.transaction(async (t) => {
    await lockCatalogue(t);
    const current = await findProducer(t, id);
    if (!current) throw producerNotFound();
    await refuseProducerInUse(t, current, await loadCatalogue(t));
    await deleteProducerRow(t, id);
  });
}
