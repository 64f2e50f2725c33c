import type { z } from 'zod';
import { discountedPriceMinor, fromMinor, priceOrderMinor, pricingRulesOf, toMinor } from '../../../shared/pricing.js';
import { normalizePhone } from '../../../shared/phone.js';
import { shopDay } from '../../../shared/time-zone.js';
import {
  normalizePromoCode,
  promoApplies,
  promoTermsOf,
  type PromoCheckResult,
  type PromoCheckSchema,
  type PromoCode,
  type PromoCodeValues,
  type PromoRefusalCode,
} from '../../../shared/promo-codes.js';
import type { PromoTerms } from '../../../shared/pricing.js';
import type { Db, Tx } from '../../db/client.js';
import type { PromoCodeRow } from '../../db/schema.js';
import { AppError, type AppErrorArgs } from '../../errors.js';
import { recordAudit } from '../audit/index.js';
import { findPublishedProducts, findVariantsOf } from '../products/index.js';
import { getSettings } from '../settings/index.js';
import type { ErrorParams } from '../../../shared/errors/index.js';
import {
  countCustomerUses,
  deletePromoCode,
  findPromoByCode,
  hasUses,
  insertPromoCode,
  listPromoCodes,
  lockPromoCode,
  promoCodeColumns,
  updatePromoCode,
  type NewPromoCode,
  type PromoCustomer,
} from './repository.js';

/** A code that gives nothing, and why (docs/errors.md, "Promo codes"): 422 with the code's own words. */
export class PromoRefused<C extends PromoRefusalCode> extends AppError<C> {
  constructor(code: C, params: ErrorParams<C>) {
    super(code, ...([params] as AppErrorArgs<C>));
  }
}

/** A line as a code is judged on: its product, and what it costs before the code (kopiykas). */
export interface PromoLine {
  productId: string;
  category: string;
  totalMinor: number;
}

/** A code that applies: its row, its terms for the pricing, and which of the lines it applies to. */
export interface AppliedPromo {
  row: PromoCodeRow;
  terms: PromoTerms;
  applies: boolean[];
}

/**
 * Judges a code for these lines and this customer (docs/promo-codes.md), in the order a shopper can
 * act on: unknown or switched off, not yet or no longer valid, not for these products, below the
 * minimum (with what is missing), used up, used by this customer. With `lock`, the code's row is held
 * until the transaction ends, so the uses counted are the uses there are.
 */
export async function applyPromo(tx: Tx, code: string, lines: readonly PromoLine[], who: PromoCustomer, now: Date, lock = false): Promise<AppliedPromo> {
  const row = await findPromoByCode(tx, code.trim(), lock);
  if (!row || !row.active) throw new PromoRefused('PROMO_CODE_UNKNOWN', { code: code.trim() });
  const shown = row.code;
  const today = shopDay(now);
  if (row.validFrom && today < row.validFrom) {
    throw new PromoRefused('PROMO_CODE_NOT_YET_VALID', { code: shown, date: row.validFrom });
  }
  if (row.validTo && today > row.validTo) {
    throw new PromoRefused('PROMO_CODE_EXPIRED', {
      code: shown,
      date: row.validTo,
    });
  }
  const targets = { categories: row.categories, products: row.productIds };
  const applies = lines.map((line) => promoApplies(targets, { id: line.productId, category: line.category }));
  if (!applies.some(Boolean)) throw new PromoRefused('PROMO_CODE_NOT_APPLICABLE', { code: shown });
  const itemsMinor = lines.reduce((sum, line) => sum + line.totalMinor, 0);
  if (itemsMinor < row.minOrderMinor) {
    const missing = fromMinor(row.minOrderMinor - itemsMinor);
    const minimum = fromMinor(row.minOrderMinor);
    throw new PromoRefused('PROMO_CODE_BELOW_MINIMUM', { code: shown, minimum, missing });
  }
  if (row.totalLimit !== null && row.usedCount >= row.totalLimit) {
    throw new PromoRefused('PROMO_CODE_USED_UP', { code: shown });
  }
  if (row.perCustomerLimit !== null && (await countCustomerUses(tx, row.id, who)) >= row.perCustomerLimit) {
    throw new PromoRefused('PROMO_CODE_ALREADY_USED', { code: shown });
  }
  return { row, terms: promoTermsOf({ kind: row.kind, percent: row.percent, amount: row.amountMinor === null ? null : fromMinor(row.amountMinor) }), applies };
}

/** The customer a code's per-customer limit counts: the account, the e-mail (one case) and the phone (+380…). */
export function promoCustomerOf(userId: string | null, email: string | null | undefined, phone: string | null | undefined): PromoCustomer {
  return {
    userId,
    email: email ? email.trim().toLowerCase() : null,
    phone: phone ? normalizePhone(phone) : null,
  };
}

type PromoCheck = z.output<typeof PromoCheckSchema>;

/**
 * POST /api/promo-codes/check: what the code would take off these lines, priced by the shared
 * function from the catalogue and the settings as the order would be. Nothing is written.
 */
export async function checkPromo(db: Db, input: PromoCheck, userId: string | null, userEmail: string | null, now = new Date()): Promise<PromoCheckResult> {
  const productIds = [...new Set(input.orderItems.map((line) => line.product))];
  const products = new Map((await findPublishedProducts(db, productIds)).map((p) => [p.id, p]));
  const variantsOf = await findVariantsOf(db, [...products.keys()]);
  const priced = [];
  const lines: PromoLine[] = [];
  for (const line of input.orderItems) {
    const product = products.get(line.product);
    const own = variantsOf.get(line.product) ?? [];
    const variant = line.variant ? own.find((v) => v.id === line.variant) : own.length === 1 ? own[0] : undefined;
    if (!product || !variant) continue;
    priced.push({ price: fromMinor(variant.priceMinor), discount: variant.discount, qty: line.qty });
    lines.push({ productId: product.id, category: product.category, totalMinor: discountedPriceMinor(variant.priceMinor, variant.discount) * line.qty });
  }
  if (!lines.length) throw new AppError('PRODUCT_GONE', undefined, { status: 400 });
  const settings = await getSettings(db);
  const rules = pricingRulesOf(settings.pricing);
  const who = promoCustomerOf(userId, userEmail ?? input.email, input.phone);
  const applied = await applyPromo(db, input.code, lines, who, now);
  const withPromo = priceOrderMinor(
    priced.map((line, i) => ({ ...line, promo: applied.applies[i] })),
    rules,
    applied.terms,
  );
  return {
    code: applied.row.code,
    kind: applied.row.kind,
    percent: applied.row.percent,
    amount: applied.row.amountMinor === null ? null : fromMinor(applied.row.amountMinor),
    products: [...new Set(lines.filter((_, i) => applied.applies[i]).map((line) => line.productId))],
    discountPrice: fromMinor(withPromo.discountMinor),
    freeDelivery: applied.row.kind === 'free_delivery',
  };
}

export function promoCodeJson(row: PromoCodeRow): PromoCode {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amount: row.amountMinor === null ? null : fromMinor(row.amountMinor),
    minOrder: fromMinor(row.minOrderMinor),
    validFrom: row.validFrom,
    validTo: row.validTo,
    totalLimit: row.totalLimit,
    perCustomerLimit: row.perCustomerLimit,
    categories: row.categories,
    products: row.productIds,
    active: row.active,
    usedCount: row.usedCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The admin's values as stored: the code as typed (compared in one case), money in kopiykas, only the field of its kind. */
function valuesOf(input: PromoCodeValues): NewPromoCode {
  return {
    code: normalizePromoCode(input.code),
    kind: input.kind,
    percent: input.kind === 'percent' ? input.percent : null,
    amountMinor: input.kind === 'fixed' && input.amount !== null ? toMinor(input.amount) : null,
    minOrderMinor: toMinor(input.minOrder),
    validFrom: input.validFrom,
    validTo: input.validTo,
    totalLimit: input.totalLimit,
    perCustomerLimit: input.perCustomerLimit,
    categories: [...new Set(input.categories)],
    productIds: [...new Set(input.products)],
    active: input.active,
  };
}

const codeTaken = (code: string) => new AppError('PROMO_CODE_TAKEN', { code });
const promoNotFound = () => new AppError('PROMO_CODE_NOT_FOUND');

/**
 * The trail's entry for an admin's write of a code: the triggers do not watch promo_codes, so the
 * service records it in the same transaction (docs/decisions/022-audit-trail-by-triggers.md).
 */
async function auditPromoCode(tx: Tx, action: string, before: PromoCodeRow | null, after: PromoCodeRow | null): Promise<void> {
  const old = before ? promoCodeColumns(before) : {};
  const now = after ? promoCodeColumns(after) : {};
  const changed = Object.keys({ ...old, ...now }).filter((column) => JSON.stringify(old[column]) !== JSON.stringify(now[column]));
  if (before && after && !changed.length) return;
  await recordAudit(tx, {
    entity: 'promo_code',
    entityId: (after ?? before)!.id,
    action,
    subject: (after ?? before)!.code,
    before: before ? Object.fromEntries(changed.filter((c) => c in old).map((c) => [c, old[c]])) : {},
    after: after ? Object.fromEntries(changed.filter((c) => c in now).map((c) => [c, now[c]])) : {},
  });
}

export async function listPromoCodesJson(db: Db): Promise<PromoCode[]> {
  return (await listPromoCodes(db)).map(promoCodeJson);
}

export async function createPromoCode(db: Db, input: PromoCodeValues): Promise<PromoCode> {
  const values = valuesOf(input);
  return db.transaction(async (tx) => {
    if (await findPromoByCode(tx, values.code)) throw codeTaken(values.code);
    const row = await insertPromoCode(tx, values);
    await auditPromoCode(tx, 'create', null, row);
    return promoCodeJson(row);
  });
}

/**
 * Edits a code under its row lock (an order counting a use waits). A total limit below the uses
 * already counted is refused: the orders that used it stay as they are.
 */
export async function editPromoCode(db: Db, id: string, input: PromoCodeValues): Promise<PromoCode> {
  const values = valuesOf(input);
  return db.transaction(async (tx) => {
    const current = await lockPromoCode(tx, id);
    if (!current) throw promoNotFound();
    const same = await findPromoByCode(tx, values.code);
    if (same && same.id !== id) throw codeTaken(values.code);
    if (values.totalLimit !== null && values.totalLimit !== undefined && values.totalLimit < current.usedCount) {
      throw new AppError('PROMO_LIMIT_BELOW_USES', {
        used: current.usedCount,
      });
    }
    const row = (await updatePromoCode(tx, id, values))!;
    await auditPromoCode(tx, 'update', current, row);
    return promoCodeJson(row);
  });
}

/** An unused code is deleted; a used one is switched off, so its orders and their history stay whole. */
export async function removePromoCode(db: Db, id: string): Promise<{ deleted: boolean; promoCode: PromoCode | null }> {
  return db.transaction(async (tx) => {
    const current = await lockPromoCode(tx, id);
    if (!current) throw promoNotFound();
    if (await hasUses(tx, id)) {
      const row = (await updatePromoCode(tx, id, { active: false }))!;
      await auditPromoCode(tx, 'deactivate', current, row);
      return { deleted: false, promoCode: promoCodeJson(row) };
    }
    await deletePromoCode(tx, id);
    await auditPromoCode(tx, 'delete', current, null);
    return { deleted: true, promoCode: null };
  });
}
