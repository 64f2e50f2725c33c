import { DEFAULT_SETTINGS, ShopSettingsSchema, type PublicSettings, type ShopSettings } from '../../../shared/settings.js';
import type { z } from 'zod';

type ShopSettingsUpdate = z.output<typeof ShopSettingsSchema>;
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
  return parsed.success ? { ...parsed.data, orderLimits: parsed.data.orderLimits ?? DEFAULT_SETTINGS.orderLimits } : DEFAULT_SETTINGS;
}

/** What shoppers see: all but the waybill sender (GET /api/settings, and the pages that embed it). */
export async function getPublicSettings(tx: Tx): Promise<PublicSettings> {
  const { novaPoshtaSender: _sender, ...visible } = await getSettings(tx);
  return visible;
}

export async function saveSettings(tx: Tx, input: ShopSettingsUpdate): Promise<ShopSettings> {
  // A client that does not know the limits leaves them as they are.
  const settings: ShopSettings = { ...input, orderLimits: input.orderLimits ?? (await getSettings(tx)).orderLimits };
  await tx
    .insert(shopSettings)
    .values({ id: 1, value: settings })
    .onConflictDoUpdate({ target: shopSettings.id, set: { value: settings, updatedAt: new Date() } });
  return getSettings(tx);
}
