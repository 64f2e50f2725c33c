import type { Branch, BranchList, BranchQuery, CityList, StreetList } from '../../../shared/delivery.js';
import { MIN_CITY_QUERY, branchMatches, normalizeText } from '../../../shared/delivery.js';
import { AppError } from '../../errors.js';
import { demoSettlements, demoStreets, demoWarehousesByName, demoWarehousesOf } from './demo-directory.js';
import {
  getWarehouses,
  searchSettlements,
  searchSettlementStreets,
  type NovaPoshtaConfig,
  type NovaPoshtaSettings,
  type Warehouse,
} from './nova-poshta-client.js';

const HOUR_MS = 60 * 60 * 1000;
/** Suggestions per typed prefix: enough to tell apart villages of one name. */
const CITY_SUGGESTIONS = 30;
/** Streets per typed prefix: the shopper narrows the rest by typing. */
const STREET_SUGGESTIONS = 20;
const RETRY_AFTER_FAILURE_MS = 60_000;

export interface DirectoryOptions {
  /** How long a settlement's points are kept before Nova Poshta is asked again (it changes daily). */
  warehousesTtlMs?: number;
  /** How long a typed prefix's suggestions are kept. */
  citiesTtlMs?: number;
  /** How long an old copy still answers while Nova Poshta is down. */
  staleMs?: number;
}

/**
 * The Nova Poshta directory as the shop reads it (docs/delivery.md): Nova Poshta when a key is set,
 * else the offline demo directory. Nova Poshta asks integrators to keep a local copy: the points of
 * a settlement are fetched whole (every page) once and searched here, so typing a branch number
 * answers in milliseconds; shoppers asking at once share one request; failures are not kept, and a
 * copy past its time still answers while Nova Poshta fails.
 */
export class DeliveryDirectory {
  private readonly warehouses: TtlCache<Warehouse[]>;
  private readonly cities: TtlCache<CityList['cities']>;
  private readonly streets: TtlCache<StreetList['streets']>;

  constructor(
    private readonly settings: NovaPoshtaConfig,
    options: DirectoryOptions = {},
  ) {
    const stale = options.staleMs ?? 72 * HOUR_MS;
    this.warehouses = new TtlCache(options.warehousesTtlMs ?? 6 * HOUR_MS, stale, 500);
    this.cities = new TtlCache(options.citiesTtlMs ?? 24 * HOUR_MS, stale, 5000);
    this.streets = new TtlCache(options.citiesTtlMs ?? 24 * HOUR_MS, stale, 5000);
  }

  get isDemo(): boolean {
    return !this.settings.apiKey;
  }

  private get novaPoshta(): NovaPoshtaSettings {
    return this.settings as NovaPoshtaSettings;
  }

  /** Settlements for the city combobox; fewer than two letters find nothing. */
  async findCities(query: string): Promise<CityList> {
    const q = normalizeText(query);
    if (q.length < MIN_CITY_QUERY) return { cities: [], demo: this.isDemo };
    if (this.isDemo) return { cities: demoSettlements(q), demo: true };
    const cities = await this.cities.get(q, () => searchSettlements(this.novaPoshta, q, CITY_SUGGESTIONS));
    return { cities, demo: false };
  }

  /** Streets of a settlement for courier delivery (Address.searchSettlementStreets); fewer than two letters find nothing. */
  async findStreets(settlementRef: string, query: string): Promise<StreetList> {
    const q = normalizeText(query);
    if (q.length < MIN_CITY_QUERY) return { streets: [], demo: this.isDemo };
    if (this.isDemo) return { streets: demoStreets(settlementRef, q), demo: true };
    const streets = await this.streets.get(`${settlementRef}:${q}`, () => searchSettlementStreets(this.novaPoshta, settlementRef, q, STREET_SUGGESTIONS));
    return { streets, demo: false };
  }

  /** Every point of a settlement (from the copy when it has one). */
  warehousesOf(settlementRef: string): Promise<Warehouse[]> {
    if (this.isDemo) return Promise.resolve(demoWarehousesOf(settlementRef));
    return this.warehouses.get(`ref:${settlementRef}`, () => getWarehouses(this.novaPoshta, { settlementRef }));
  }

  /** The point with this ref if it belongs to the settlement, else null. */
  async findWarehouse(settlementRef: string, warehouseRef: string): Promise<Warehouse | null> {
    return (await this.warehousesOf(settlementRef)).find((w) => w.ref === warehouseRef) ?? null;
  }

  /**
   * The point the shopper chose, as the directory describes it; a ref that is not a point of that
   * settlement (another city's branch, a made-up ref) is refused, and so is a point the directory
   * marks closed (docs/delivery.md).
   */
  async requireBranch(settlementRef: string, warehouseRef: string): Promise<Warehouse> {
    const found = await this.findWarehouse(settlementRef, warehouseRef);
    if (!found) {
      throw new AppError('BRANCH_NOT_IN_SETTLEMENT');
    }
    if (!found.open) {
      throw new AppError('BRANCH_CLOSED');
    }
    return found;
  }

  async findBranches(query: BranchQuery & { ref?: string }): Promise<BranchList> {
    let all: Warehouse[];
    if (query.cityRef) all = await this.warehousesOf(query.cityRef);
    else if (!query.city) all = [];
    else if (this.isDemo) all = demoWarehousesByName(query.city);
    else {
      const cityName = query.city;
      all = await this.warehouses.get(`name:${normalizeText(cityName)}`, () => getWarehouses(this.novaPoshta, { cityName }));
    }
    const matching = all
      .filter((w) => w.open && (!query.type || w.type === query.type) && (!query.ref || w.ref === query.ref) && branchMatches(w, query.q))
      .sort(byNumber);
    return { branches: matching.slice(0, query.limit).map(toBranch), total: matching.length, demo: this.isDemo };
  }
}

function toBranch(w: Warehouse): Branch {
  return { ref: w.ref, number: w.number, description: w.description, address: w.address, type: w.type, maxWeightKg: w.maxWeightKg };
}

function byNumber(a: Warehouse, b: Warehouse): number {
  return Number(a.number) - Number(b.number) || a.description.localeCompare(b.description, 'uk');
}

/**
 * Answers kept for `ttlMs`, one request per key at a time. A failed refresh serves the old answer
 * while it is younger than `staleMs`; with nothing to fall back on, the failure goes to the caller
 * and is not kept.
 */
class TtlCache<T> {
  private readonly entries = new Map<string, { at: number; value?: T; retryAt?: number; pending?: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly staleMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const entry = this.entries.get(key);
    if (entry?.pending) return entry.pending;
    const usable = entry?.value !== undefined && now - entry.at < this.staleMs ? entry : undefined;
    if (usable && (now - usable.at < this.ttlMs || now < (usable.retryAt ?? 0))) return Promise.resolve(usable.value!);

    const pending = load().then(
      (value) => {
        this.entries.set(key, { at: Date.now(), value });
        return value;
      },
      (error: unknown) => {
        if (!usable) {
          this.entries.delete(key);
          throw error;
        }
        // Serve the old copy, and let Nova Poshta rest a minute before the next try.
        this.entries.set(key, { at: usable.at, value: usable.value, retryAt: Date.now() + RETRY_AFTER_FAILURE_MS });
        return usable.value!;
      },
    );
    // A Map keeps insertion order: re-inserting marks the key as the newest; the first is the oldest.
    this.entries.delete(key);
    this.entries.set(key, { at: usable?.at ?? now, value: usable?.value, pending });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return pending;
  }
}
