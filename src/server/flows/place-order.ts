import type { z } from 'zod';
import { branchRefuses, parcelWeightKg } from '../../shared/delivery.js';
import { discountedPriceMinor, fromMinor, priceOrderMinor, pricingRulesOf, toMinor, type PricingRules } from '../../shared/pricing.js';
import type { OrderCreateSchema } from '../../shared/orders.js';
import { isMillable, lineKey, type LineOptions } from '../../shared/line-options.js';
import type { Db, Tx } from '../db/client.js';
import { isUniqueViolation } from '../db/sql-state.js';
import type { OrderRow, ProductVariantRow } from '../db/schema.js';
import { AppError } from '../errors.js';
import { assertOfferAccepted, offerVersionInForce } from '../features/legal/index.js';
import { queueOrderNotices, type NoticeSettings } from '../features/notifications/index.js';
import {
  assertSameBody,
  assertWithinLimits,
  bodyHash,
  doorAddressLine,
  findOrderByIdempotencyKey,
  insertOrder,
  requireOrder,
  withKnownOutcome,
  type Buyer,
  type CheckedBranch,
  type NewOrderItem,
  type OrdersContext,
  type OrderWithItems,
  type PlacingExtras,
} from '../features/orders/index.js';
import {
  findVariantsByIds,
  findVariantsOf,
  lockProducts,
  type ProductRecord,
  queueLowStockNotices,
  refreshProductSummaries,
  takeVariantStock,
} from '../features/products/index.js';
import { applyPromo, promoCustomerOf, recordUse, type AppliedPromo } from '../features/promo-codes/index.js';
import { getSettings } from '../features/settings/index.js';
import { defineFlow, runFlow } from './steps.js';

type OrderCreate = z.output<typeof OrderCreateSchema>;

/**
 * Places an order in one transaction: prices from the database and the shared rules, stock taken
 * pack by pack with a conditional update. Any shortfall rolls everything back with a 409 naming
 * the product. Only product and pack ids, options and quantities of the payload are used.
 *
 * With an idempotency key, the same key from the same customer always answers with the one order
 * it placed (`replayed`), even when two submits race: the unique index lets one of them commit.
 */
export async function placeOrder(
  { db, notices }: OrdersContext,
  buyer: Buyer,
  payload: OrderCreate,
  idempotencyKey?: string,
  branch?: CheckedBranch,
  extras: PlacingExtras = {},
): Promise<{ order: OrderWithItems; replayed: boolean }> {
  // A customer's keys are the customer's; a guest's keys are shared among guests, so they must be long (idempotency.ts).
  const userId = 'user' in buyer ? buyer.user.id : null;
  const hash = idempotencyKey ? bodyHash(payload) : null;
  const replay = async (earlier: OrderRow) => {
    assertSameBody(earlier.idempotencyBodyHash, hash!);
    return { order: await requireOrder(db, earlier.id), replayed: true };
  };
  if (idempotencyKey) {
    const earlier = await findOrderByIdempotencyKey(db, userId, idempotencyKey);
    if (earlier) return replay(earlier);
  }
  try {
    return {
      order: await insertNewOrder(db, notices, buyer, payload, idempotencyKey ? { key: idempotencyKey, bodyHash: hash! } : undefined, branch, extras),
      replayed: false,
    };
  } catch (error) {
    const earlier = idempotencyKey && isUniqueViolation(error) ? await findOrderByIdempotencyKey(db, userId, idempotencyKey) : null;
    if (!earlier) throw error;
    return replay(earlier);
  }
}

/** What the steps of placing pass on to each other, inside the one transaction. */
interface Placing {
  tx: Tx;
  settings?: Awaited<ReturnType<typeof getSettings>>;
  rules?: PricingRules;
  offerVersion?: Awaited<ReturnType<typeof offerVersionInForce>>;
  lines?: ResolvedLine[];
  wantedOf?: Map<string, number>;
  taken?: Map<string, ProductVariantRow>;
  items?: NewOrderItem[];
  prices?: Omit<ReturnType<typeof priceOrderMinor>, 'lineDiscountsMinor'>;
  promo?: AppliedPromo | null;
  customer?: ReturnType<typeof promoCustomerOf>;
  order?: OrderRow;
  placed?: OrderWithItems;
}

/**
 * Place an order (docs/orders.md, "Placing an order"): every step writes in the one transaction, so
 * a step failing (stock short, the promo code used up, the notices' insert) rolls back all before
 * it, and no step has an undo of its own. Once committed, the order is undone by cancelling it
 * (by the shopper, the admin or expiry): its stock and its promo code's use go back.
 */
function placeOrderFlow(
  notices: NoticeSettings,
  buyer: Buyer,
  payload: OrderCreate,
  idempotency: { key: string; bodyHash: string } | undefined,
  branch: CheckedBranch | undefined,
  { door, estimate }: PlacingExtras,
) {
  const productIds = [...new Set(payload.orderItems.map((line) => line.product))].sort();
  const userId = 'user' in buyer ? buyer.user.id : null;
  const packName = (line: ResolvedLine) => `${line.product.name}, ${line.variant.label}`;
  return defineFlow<Placing>('place-order', [
    {
      name: 'offer accepted, lines resolved',
      run: async (state) => {
        const { tx } = state;
        const settings = await getSettings(tx);
        assertOfferAccepted(settings, payload.acceptOffer);
        state.settings = settings;
        state.rules = pricingRulesOf(settings.pricing);
        // The offer in force as the order is placed: the order page links this very version.
        state.offerVersion = await offerVersionInForce(tx);
        // Locking the products in one global order keeps two multi-line orders from deadlocking each other.
        const known = new Map((await lockProducts(tx, productIds)).map((p) => [p.id, p]));
        if (productIds.some((id) => !known.has(id))) throw new AppError('PRODUCT_GONE');
        state.lines = await resolveLines(tx, known, payload.orderItems);
      },
    },
    {
      name: 'within the limits',
      run: async (state) => {
        const lines = state.lines!;
        // Each pack's stock is taken once for all its lines (milled and whole), packs in one global order.
        const wantedOf = new Map<string, number>();
        for (const line of lines) wantedOf.set(line.variant.id, (wantedOf.get(line.variant.id) ?? 0) + line.qty);
        const packs = [...wantedOf.keys()].map((variantId) => lines.find((l) => l.variant.id === variantId)!);
        assertWithinLimits(
          packs.map((line) => ({ name: packName(line), qty: wantedOf.get(line.variant.id)!, countInStock: line.variant.countInStock })),
          state.settings!.orderLimits,
          'user' in buyer,
        );
        if (branch) assertBranchTakes(branch, parcelWeightKg(lines.map((line) => ({ weight: line.variant.weight, qty: line.qty }))));
        state.wantedOf = wantedOf;
      },
    },
    {
      name: 'stock taken per pack',
      run: async (state) => {
        const { tx, lines, wantedOf } = state as Required<Placing>;
        const taken = new Map<string, ProductVariantRow>();
        for (const variantId of [...wantedOf.keys()].sort()) {
          const variant = await takeVariantStock(tx, variantId, wantedOf.get(variantId)!);
          if (!variant) {
            const name = packName(lines.find((l) => l.variant.id === variantId)!);
            throw new AppError('OUT_OF_STOCK', { product: name });
          }
          taken.set(variantId, variant);
        }
        await refreshProductSummaries(tx, productIds);
        await queueLowStockNotices(tx, [...taken.keys()], notices);
        state.taken = taken;
      },
    },
    {
      name: 'priced, promo code judged',
      run: async (state) => {
        const { tx, lines, taken, rules } = state as Required<Placing>;
        const items: NewOrderItem[] = [];
        const priced = [];
        for (const line of lines) {
          // The locked pack is the price the shopper pays, even if an admin edited it a moment ago.
          const variant = taken.get(line.variant.id)!;
          priced.push({ price: fromMinor(variant.priceMinor), discount: variant.discount, qty: line.qty });
          items.push({
            productId: line.product.id,
            name: line.product.name,
            image: line.product.image,
            priceMinor: discountedPriceMinor(variant.priceMinor, variant.discount),
            qty: line.qty,
            variantId: variant.id,
            sku: variant.sku,
            label: variant.label,
            weight: variant.weight,
            options: line.options,
          });
        }
        // The code is judged and its use counted under its row lock, after the products' locks (the
        // one order every writer takes them in): of two orders racing for its last use, one gets it.
        const customer = promoCustomerOf(userId, 'user' in buyer ? buyer.user.email : buyer.guest.email, payload.shipping.phoneNumber);
        let promo: AppliedPromo | null = null;
        if (payload.promoCode) {
          const promoLines = lines.map((line, i) => ({
            productId: line.product.id,
            category: line.product.category,
            totalMinor: items[i].priceMinor * line.qty,
          }));
          promo = await applyPromo(tx, payload.promoCode, promoLines, customer, new Date(), true);
        }
        const { lineDiscountsMinor, ...prices } = priceOrderMinor(
          priced.map((line, i) => ({ ...line, promo: promo?.applies[i] ?? false })),
          rules,
          promo?.terms,
        );
        lineDiscountsMinor.forEach((discountMinor, i) => (items[i].discountMinor = discountMinor));
        Object.assign(state, { items, prices, promo, customer });
      },
    },
    {
      name: 'order row written',
      run: async (state) => {
        const { tx, items, prices, promo, offerVersion } = state as Required<Placing>;
        const { recipientName, city, postalCode, branch: typedBranch, phoneNumber } = payload.shipping;
        state.order = await insertOrder(
          tx,
          {
            ...('user' in buyer ? { userId: buyer.user.id } : { guestEmail: buyer.guest.email ?? null, accessTokenHash: buyer.guest.accessTokenHash }),
            recipientName,
            recipientPhone: phoneNumber,
            // A branch from the directory is stored as the directory names it, with its refs; else as typed.
            cityName: branch?.cityName ?? door?.cityName ?? city,
            branchDescription: branch?.branchDescription ?? (door ? doorAddressLine(door) : typedBranch),
            settlementRef: branch?.settlementRef ?? door?.settlementRef ?? null,
            cityRef: branch?.cityRef ?? null,
            warehouseRef: branch?.warehouseRef ?? null,
            ...(door
              ? {
                  deliveryKind: 'door' as const,
                  streetRef: door.streetRef,
                  streetName: door.streetName,
                  house: door.house,
                  flat: door.flat,
                  settlementArea: door.area,
                  settlementRegion: door.region,
                }
              : {}),
            shippingEstimateMinor: estimate?.available && estimate.cost !== null ? toMinor(estimate.cost) : null,
            shippingEstimateDate: estimate?.available ? estimate.date : null,
            comment: payload.comment,
            postalCode,
            paymentMethodId: payload.paymentMethodId,
            locale: payload.locale ?? 'uk',
            ...prices,
            promoCode: promo?.row.code ?? null,
            promoCodeId: promo?.row.id ?? null,
            idempotencyKey: idempotency?.key ?? null,
            idempotencyBodyHash: idempotency?.bodyHash ?? null,
            offerVersion,
          },
          items,
        );
      },
    },
    {
      name: 'promo code use counted',
      run: async ({ tx, promo, order, customer }) => {
        if (promo) await recordUse(tx, promo.row.id, order!.id, customer!);
      },
    },
    {
      name: 'notices queued',
      run: async (state) => {
        await queueOrderNotices(state.tx, notices, 'placed', state.order!, 'guest' in buyer ? buyer.guest.accessToken : undefined);
        state.placed = await requireOrder(state.tx, state.order!.id);
      },
    },
  ]);
}

async function insertNewOrder(
  db: Db,
  notices: NoticeSettings,
  buyer: Buyer,
  payload: OrderCreate,
  idempotency: { key: string; bodyHash: string } | undefined,
  branch: CheckedBranch | undefined,
  extras: PlacingExtras,
): Promise<OrderWithItems> {
  const flow = placeOrderFlow(notices, buyer, payload, idempotency, branch, extras);
  // The answer is read inside the transaction: once it commits, nothing is left to fail and be
  // mistaken for "nothing changed" (docs/errors.md, DB_UNAVAILABLE).
  return withKnownOutcome((committing) =>
    db.transaction(async (tx) => {
      // No step has an undo: the rollback takes back all of them, so nothing is logged here.
      const { placed } = await runFlow(flow, { tx });
      committing();
      return placed!;
    }),
  );
}

interface ResolvedLine {
  product: ProductRecord;
  variant: ProductVariantRow;
  options: LineOptions;
  qty: number;
}

/**
 * Each line's pack and options, checked (docs/orders.md): only published products; a pack of that
 * product and not archived; no pack named only where the product has a single one; milling only
 * for what can be milled. The same pack with the same options twice counts once, quantities added.
 */
async function resolveLines(tx: Tx, products: Map<string, ProductRecord>, input: OrderCreate['orderItems']): Promise<ResolvedLine[]> {
  const variantsOf = await findVariantsOf(tx, [...products.keys()], { includeArchived: true });
  const merged = new Map<string, ResolvedLine>();
  for (const line of input) {
    const product = products.get(line.product)!;
    if (product.status !== 'published') {
      throw new AppError('PRODUCT_UNAVAILABLE', { product: product.name });
    }
    const own = variantsOf.get(product.id) ?? [];
    let variant: ProductVariantRow | undefined;
    if (line.variant) {
      variant = own.find((v) => v.id === line.variant);
      if (!variant) {
        const [elsewhere] = await findVariantsByIds(tx, [line.variant]);
        if (elsewhere) throw new AppError('VARIANT_NOT_OF_PRODUCT', { product: product.name });
        throw new AppError('VARIANT_UNKNOWN', { product: product.name });
      }
      if (variant.archivedAt) {
        throw new AppError('VARIANT_ARCHIVED', {
          product: product.name,
          label: variant.label,
        });
      }
    } else {
      const active = own.filter((v) => !v.archivedAt);
      if (active.length !== 1) throw new AppError('VARIANT_REQUIRED', { product: product.name });
      variant = active[0];
    }
    if (line.options.milled && !isMillable(product.category)) {
      throw new AppError('OPTION_NOT_AVAILABLE', { product: product.name, option: 'milled' });
    }
    const key = lineKey(product.id, variant.id, line.options);
    const earlier = merged.get(key);
    if (earlier) earlier.qty += line.qty;
    else merged.set(key, { product, variant, options: line.options, qty: line.qty });
  }
  return [...merged.values()];
}

/** A parcel heavier than the point takes (a parcel locker's 20 kg, a branch's 30 kg) cannot go there. */
function assertBranchTakes(branch: CheckedBranch, weightKg: number) {
  if (!branchRefuses(branch, weightKg)) return;
  throw new AppError('PARCEL_TOO_HEAVY', { weightKg, maxWeightKg: branch.maxWeightKg, branch: branch.branchDescription });
}
