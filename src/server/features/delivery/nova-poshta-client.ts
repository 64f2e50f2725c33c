import { z } from 'zod';
import type { Branch, BranchType, City, Street } from '../../../shared/delivery.js';
import { isTimeout, upstreamFetch } from '../../observability/upstream.js';
import { AppError } from '../../errors.js';

/**
 * Nova Poshta's JSON API (docs/delivery.md): every call is a POST of `{ apiKey, modelName,
 * calledMethod, methodProperties }`; the answer is `{ success, data, errors, info, ... }` with
 * HTTP 200 even when it failed.
 */

/** Under the 5 s the shopper is promised, leaving room for our own work. */
export const NOVA_POSHTA_TIMEOUT_MS = 4_000;
/** Rows per getWarehouses page: Nova Poshta serves a few hundred at most, so big cities take several pages. */
export const WAREHOUSE_PAGE_SIZE = 500;
/** A runaway answer (a page that never ends) stops here. */
const MAX_WAREHOUSE_PAGES = 40;

/** AddressGeneral.getWarehouseTypes: the refs of the kinds of points. */
export const WAREHOUSE_TYPE_REFS = {
  branch: '841339c7-591a-42e2-8233-7a0a00f0ed6f',
  cargo: '9a68df70-0267-42a8-bb5c-37f427e36ee4',
  locker: 'f9316480-5f2d-425d-bc2c-ac7cd29decf0',
  /** PrivatBank's parcel lockers, also served by Nova Poshta. */
  privatLocker: '95dc212d-479c-4ffb-a8ab-8c1b9073d0bc',
} as const;

/** Nova Poshta as configured (docs/configuration.md): without a key the shop runs its demo directory and makes no waybills. */
export interface NovaPoshtaConfig {
  apiUrl: string;
  apiKey: string | undefined;
}

/** A configuration with its key: what every call of the API needs. */
export type NovaPoshtaSettings = NovaPoshtaConfig & { apiKey: string };

const AnswerSchema = z.object({
  success: z.boolean(),
  data: z.array(z.unknown()).default([]),
  errors: z.array(z.string()).default([]),
  info: z.unknown().optional(),
});

export interface CallOptions {
  signal?: AbortSignal;
}

/**
 * One call of the API. Refusals, HTTP errors and nonsense are a 502 UpstreamError, a timeout a 504;
 * both with a Ukrainian message for the shopper. Returns `data` and `info` of the answer.
 */
export async function callNovaPoshta(
  settings: NovaPoshtaSettings,
  modelName: string,
  calledMethod: string,
  methodProperties: Record<string, unknown>,
  options: CallOptions = {},
): Promise<{ data: unknown[]; info: unknown }> {
  let response: Response;
  let body: unknown;
  try {
    response = await upstreamFetch('nova_poshta', settings.apiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ apiKey: settings.apiKey, modelName, calledMethod, methodProperties }),
      timeoutMs: NOVA_POSHTA_TIMEOUT_MS,
      signal: options.signal,
    });
    body = response.ok ? await response.json().catch(() => null) : null;
  } catch (error) {
    if (isTimeout(error)) throw novaPoshtaTimeout();
    throw novaPoshtaUnavailable(`${calledMethod} unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) throw novaPoshtaUnavailable(`${calledMethod}: HTTP ${response.status}`);
  const answer = AnswerSchema.safeParse(body);
  if (!answer.success) throw novaPoshtaUnavailable(`${calledMethod}: unexpected answer shape`);
  if (!answer.data.success) throw novaPoshtaUnavailable(`${calledMethod} refused: ${answer.data.errors.join('; ')}`);
  return { data: answer.data.data, info: answer.data.info };
}

export function novaPoshtaTimeout(): AppError {
  return new AppError('NOVA_POSHTA_TIMEOUT');
}

export function novaPoshtaUnavailable(detail: string): AppError {
  const error = new AppError('NOVA_POSHTA_UNAVAILABLE');
  error.cause = detail;
  return error;
}

const text = z.string().catch('');
const SettlementSchema = z.object({
  Ref: z.string().min(1),
  DeliveryCity: text,
  MainDescription: z.string().min(1),
  Area: text,
  Region: text,
  SettlementTypeCode: text,
  Warehouses: z.coerce.number().catch(0),
});
const SettlementPageSchema = z.object({ Addresses: z.array(z.unknown()).default([]) });

/** Address.searchSettlements: settlements whose name starts with what the shopper typed. */
export async function searchSettlements(settings: NovaPoshtaSettings, name: string, limit: number): Promise<City[]> {
  const { data } = await callNovaPoshta(settings, 'Address', 'searchSettlements', { CityName: name, Limit: String(limit), Page: '1' });
  const page = SettlementPageSchema.safeParse(data[0] ?? {});
  if (!page.success) throw novaPoshtaUnavailable('searchSettlements: unexpected answer shape');
  // One odd record must not hide all the others.
  return page.data.Addresses.flatMap((item) => {
    const s = SettlementSchema.safeParse(item);
    if (!s.success) return [];
    return [
      {
        ref: s.data.Ref.toLowerCase(),
        cityRef: s.data.DeliveryCity.toLowerCase(),
        name: s.data.MainDescription,
        area: s.data.Area,
        region: s.data.Region,
        type: s.data.SettlementTypeCode,
        warehouses: s.data.Warehouses,
      },
    ];
  });
}

const weight = z.coerce.number().catch(0);
const WarehouseSchema = z.object({
  Ref: z.string().min(1),
  Number: z.union([z.string(), z.number()]).transform(String),
  Description: z.string(),
  ShortAddress: text,
  TypeOfWarehouse: text,
  CategoryOfWarehouse: text,
  PlaceMaxWeightAllowed: weight,
  TotalMaxWeightAllowed: weight,
  SettlementRef: text,
  SettlementDescription: text,
  CityRef: text,
  CityDescription: text,
  WarehouseStatus: z.string().catch('Working'),
  DenyToSelect: z.coerce.string().catch('0'),
});

/** A point as the shop keeps it: the public Branch plus the refs the order and the waybill need. */
export interface Warehouse extends Branch {
  settlementRef: string;
  cityRef: string;
  /** The settlement's name as the directory writes it: the order keeps it. */
  settlementName: string;
  /**
   * Whether the point takes parcels now: the directory marks a closed point by a `WarehouseStatus`
   * other than "Working" or by `DenyToSelect: "1"` (docs/delivery.md).
   */
  open: boolean;
}

export interface WarehouseFilter {
  settlementRef?: string;
  cityRef?: string;
  /** The older lookup by a city's name. */
  cityName?: string;
  findByString?: string;
  typeRef?: string;
}

/**
 * AddressGeneral.getWarehouses, every page: the first page tells the total, the others are asked
 * at once. One deadline covers the whole walk.
 */
export async function getWarehouses(settings: NovaPoshtaSettings, filter: WarehouseFilter, pageSize = WAREHOUSE_PAGE_SIZE): Promise<Warehouse[]> {
  const signal = AbortSignal.timeout(NOVA_POSHTA_TIMEOUT_MS);
  const props: Record<string, string> = {};
  if (filter.settlementRef) props.SettlementRef = filter.settlementRef;
  if (filter.cityRef) props.CityRef = filter.cityRef;
  if (filter.cityName !== undefined) props.CityName = filter.cityName;
  if (filter.findByString) props.FindByString = filter.findByString;
  if (filter.typeRef) props.TypeOfWarehouseRef = filter.typeRef;
  const page = (n: number, limit: number) =>
    callNovaPoshta(settings, 'AddressGeneral', 'getWarehouses', { ...props, Limit: String(limit), Page: String(n) }, { signal });

  const first = await page(1, pageSize);
  const rows = [...first.data];
  const total = totalCount(first.info);
  if (total !== null) {
    // A server that serves fewer rows than asked pages by what it served.
    const size = first.data.length > 0 && first.data.length < Math.min(pageSize, total) ? first.data.length : pageSize;
    const pages = Math.min(Math.ceil(total / size), MAX_WAREHOUSE_PAGES);
    const rest = await Promise.all(Array.from({ length: Math.max(pages - 1, 0) }, (_, i) => page(i + 2, size)));
    for (const answer of rest) rows.push(...answer.data);
  } else {
    // No total given: read on until a page comes back short.
    let last = first.data.length;
    for (let n = 2; last >= pageSize && n <= MAX_WAREHOUSE_PAGES; n++) {
      const answer = await page(n, pageSize);
      rows.push(...answer.data);
      last = answer.data.length;
    }
  }
  const seen = new Set<string>();
  return rows.flatMap((item) => {
    const w = WarehouseSchema.safeParse(item);
    if (!w.success || seen.has(w.data.Ref)) return [];
    seen.add(w.data.Ref);
    return [
      {
        ref: w.data.Ref.toLowerCase(),
        number: w.data.Number,
        description: w.data.Description,
        address: w.data.ShortAddress,
        type: warehouseType(w.data.TypeOfWarehouse, w.data.CategoryOfWarehouse),
        maxWeightKg: maxWeight(w.data.PlaceMaxWeightAllowed, w.data.TotalMaxWeightAllowed),
        settlementRef: w.data.SettlementRef.toLowerCase(),
        cityRef: w.data.CityRef.toLowerCase(),
        settlementName: w.data.SettlementDescription || w.data.CityDescription,
        open: isOpen(w.data.WarehouseStatus, w.data.DenyToSelect),
      },
    ];
  });
}

/** A point is open when the directory says "Working" and does not deny choosing it. */
export function isOpen(warehouseStatus: string, denyToSelect: string): boolean {
  return warehouseStatus === 'Working' && denyToSelect !== '1';
}

function totalCount(info: unknown): number | null {
  const parsed = z.object({ totalCount: z.coerce.number().int().min(0) }).safeParse(info);
  return parsed.success ? parsed.data.totalCount : null;
}

export function warehouseType(typeRef: string, category: string): BranchType {
  const ref = typeRef.toLowerCase();
  if (ref === WAREHOUSE_TYPE_REFS.locker || ref === WAREHOUSE_TYPE_REFS.privatLocker || category === 'Postomat') return 'locker';
  if (ref === WAREHOUSE_TYPE_REFS.cargo) return 'cargo';
  return 'branch';
}

/** The tighter of the per-parcel and total limits; Nova Poshta writes 0 for "no limit". */
export function maxWeight(place: number, total: number): number | null {
  const limits = [place, total].filter((kg) => Number.isFinite(kg) && kg > 0);
  return limits.length ? Math.min(...limits) : null;
}

const StreetRowSchema = z.object({ SettlementStreetRef: z.string().min(1), Present: text, SettlementStreetDescription: text });

/** Address.searchSettlementStreets (`StreetName`, `SettlementRef`, `Limit`): the streets of a settlement whose name holds what was typed. */
export async function searchSettlementStreets(settings: NovaPoshtaSettings, settlementRef: string, name: string, limit: number): Promise<Street[]> {
  const { data } = await callNovaPoshta(settings, 'Address', 'searchSettlementStreets', {
    StreetName: name,
    SettlementRef: settlementRef,
    Limit: String(limit),
  });
  const page = SettlementPageSchema.safeParse(data[0] ?? {});
  if (!page.success) throw novaPoshtaUnavailable('searchSettlementStreets: unexpected answer shape');
  return page.data.Addresses.flatMap((item) => {
    const s = StreetRowSchema.safeParse(item);
    if (!s.success) return [];
    const name = s.data.Present || s.data.SettlementStreetDescription;
    return name ? [{ ref: s.data.SettlementStreetRef.toLowerCase(), name }] : [];
  });
}

/** What the tariff and the date depend on: the route, the service, the parcel. */
export interface TariffRequest {
  citySender: string;
  cityRecipient: string;
  serviceType: 'WarehouseWarehouse' | 'WarehouseDoors';
  weightKg: number;
  /** Declared value, whole hryvnias. */
  value: number;
}

const PriceSchema = z.object({ Cost: z.coerce.number().min(0) });

/**
 * InternetDocument.getDocumentPrice (`CitySender`, `CityRecipient`, `Weight`, `ServiceType`, `Cost`,
 * `CargoType`, `SeatsAmount`): the tariff in hryvnias for one parcel seat.
 */
export async function getDocumentPrice(settings: NovaPoshtaSettings, request: TariffRequest, options: CallOptions = {}): Promise<number> {
  const { data } = await callNovaPoshta(
    settings,
    'InternetDocument',
    'getDocumentPrice',
    {
      CitySender: request.citySender,
      CityRecipient: request.cityRecipient,
      Weight: String(request.weightKg),
      ServiceType: request.serviceType,
      Cost: String(Math.round(request.value)),
      CargoType: 'Parcel',
      SeatsAmount: '1',
    },
    options,
  );
  const price = PriceSchema.safeParse(data[0]);
  if (!price.success) throw novaPoshtaUnavailable('getDocumentPrice: unexpected answer shape');
  return price.data.Cost;
}

const DeliveryDateSchema = z.object({ DeliveryDate: z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}/) }) });

/**
 * InternetDocument.getDocumentDeliveryDate (`DateTime` dd.mm.yyyy, `ServiceType`, `CitySender`,
 * `CityRecipient`): the expected day of arrival as `yyyy-mm-dd` (the answer's `DeliveryDate.date`
 * is "2026-11-27 00:00:00.000000" in Kyiv time).
 */
export async function getDocumentDeliveryDate(
  settings: NovaPoshtaSettings,
  request: Omit<TariffRequest, 'weightKg' | 'value'> & { sendOn: string },
  options: CallOptions = {},
): Promise<string> {
  const { data } = await callNovaPoshta(
    settings,
    'InternetDocument',
    'getDocumentDeliveryDate',
    { DateTime: request.sendOn, ServiceType: request.serviceType, CitySender: request.citySender, CityRecipient: request.cityRecipient },
    options,
  );
  const date = DeliveryDateSchema.safeParse(data[0]);
  if (!date.success) throw novaPoshtaUnavailable('getDocumentDeliveryDate: unexpected answer shape');
  return date.data.DeliveryDate.date.slice(0, 10);
}
