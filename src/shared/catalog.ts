/** Product taxonomy of the shop (docs/domain.md). Values are stable API strings; labels live in the locales. */

export const HOP_PRODUCERS = ['Germany', 'Australia', 'New Zealand', 'Slovenia', 'England', 'Czech Republic', 'South Africa', 'USA'] as const;

export const YEAST_PRODUCERS = ['Fermentis', 'Lallemand'] as const;

export const EQUIPMENT_CATEGORIES = ['Kegs', 'Fittings', 'Heads', 'Coolers', 'BeerTaps', 'Defoamers', 'Reducers', 'BeerColumns', 'Accessories'] as const;

/** Categories a product can have. */
export const PRODUCT_CATEGORIES = ['Hops', 'Yeast', 'Malt', ...EQUIPMENT_CATEGORIES] as const;

/** Values the catalogue filter takes: the four groups, or one equipment category. */
export const CATEGORY_FILTERS = ['Hops', 'Yeast', 'Malt', 'Equipment', ...EQUIPMENT_CATEGORIES] as const;

export const FERMENT_TYPES = ['top', 'bottom'] as const;

export type HopProducer = (typeof HOP_PRODUCERS)[number];
export type EquipmentCategory = (typeof EQUIPMENT_CATEGORIES)[number];
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];
export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];

/** The equipment categories' Ukrainian names: the interface's and the price feeds' alike. */
export const EQUIPMENT_CATEGORY_NAMES_UK: Record<EquipmentCategory, string> = {
  Kegs: 'Кеги',
  Fittings: 'Фітинги',
  Heads: 'Заправні головки',
  Coolers: 'Охолоджувачі',
  BeerTaps: 'Пивні крани',
  Defoamers: 'Піногасники',
  Reducers: 'Редуктори',
  BeerColumns: 'Пивні колони',
  Accessories: 'Аксесуари',
};

export function isEquipmentCategory(category: string): category is EquipmentCategory {
  return (EQUIPMENT_CATEGORIES as readonly string[]).includes(category);
}

/** The product categories a filter value stands for. */
export function categoriesOf(filter: CategoryFilter): ProductCategory[] {
  return filter === 'Equipment' ? [...EQUIPMENT_CATEGORIES] : [filter];
}

/** Producers a product of this category may have; null where the producer is free text (malt, equipment). */
export function producersFor(category: ProductCategory): readonly string[] | null {
  if (category === 'Hops') return HOP_PRODUCERS;
  if (category === 'Yeast') return YEAST_PRODUCERS;
  return null;
}
