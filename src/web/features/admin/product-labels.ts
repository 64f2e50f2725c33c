import { isEquipmentCategory, type ProductCategory } from '../../../shared/catalog';
import type { Messages } from '../../i18n';

/** The category's name in the current language (the catalogue section holds the labels). */
export function categoryLabel(t: Messages, category: string): string {
  if (category === 'Hops') return t.catalog.hops;
  if (category === 'Yeast') return t.catalog.yeast;
  if (category === 'Malt') return t.catalog.malt;
  return isEquipmentCategory(category) ? t.catalog.equipmentCategories[category] : category;
}

/** Hop producers are countries and get translated; other producers are brand names. */
export function producerLabel(t: Messages, category: ProductCategory | string, producer: string): string {
  if (category !== 'Hops') return producer;
  return t.catalog.hopCountries[producer as keyof Messages['catalog']['hopCountries']] ?? producer;
}
