import { DEFAULT_SETTINGS, ShopSettingsSchema, type ShopSettings } from '../../../shared/settings.js';
import type { Tx } from '../../db/client.js';
import { shopSettings } from '../../db/schema.js';

/**
 * The shop's settings (docs/settings.md), read fresh on every use so several server instances agree.
 * Sections a newer release adds take their defaults until the admin saves them.
 */
export async function getSettings(tx: Tx): Promise<ShopSettings> {
  const [row] = await tx.select({ value: shopSettings.value }).from(shopSettings).limit(1);
  if (!row) return DEFAULT_SETTINGS;
  const stored = row.value as Partial<Record<keyof ShopSettings, object>>;
  const merged = Object.fromEntries(
    (Object.keys(DEFAULT_SETTINGS) as (keyof ShopSettings)[]).map((key) => [key, { ...DEFAULT_SETTINGS[key], ...stored[key] }]),
  );
  const parsed = ShopSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS;
}

export async function saveSettings(tx: Tx, settings: ShopSettings): Promise<ShopSettings> {
  await tx
    .insert(shopSettings)
    .values({ id: 1, value: settings })
    .onConflictDoUpdate({ target: shopSettings.id, set: { value: settings, updatedAt: new Date() } });
  return getSettings(tx);
}
