import type { DeliveryEstimate, DeliveryKind } from '../../../shared/delivery.js';
import { valueBandUah, weightBandKg } from '../../../shared/delivery.js';
import { formatCalendarDay } from '../../../shared/calendar-day.js';
import { shopDay } from '../../../shared/time-zone.js';
import { getDocumentDeliveryDate, getDocumentPrice, type NovaPoshtaConfig, type NovaPoshtaSettings, type TariffRequest } from './nova-poshta-client.js';
import type { DeliveryDirectory } from './service.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Past this the shopper is not kept waiting: the screens say "за тарифами Нової пошти" instead. */
export const ESTIMATE_DEADLINE_MS = 2_000;
const MAX_ENTRIES = 5000;

export const NO_ESTIMATE: DeliveryEstimate = { available: false, cost: null, date: null };

export interface EstimateRequest {
  settlementRef: string;
  /** A point's ref, or null for courier delivery to the door. */
  branchRef: string | null;
  weightKg: number;
  /** Declared value, hryvnias. */
  value: number;
  /** The sender's city ref from the shop settings (docs/settings.md); empty when not set. */
  senderCityRef: string;
}

export interface EstimatorOptions {
  deadlineMs?: number;
  ttlMs?: number;
  now?: () => Date;
}

/**
 * Nova Poshta's tariff and delivery date for a parcel (docs/delivery.md): asked with
 * InternetDocument.getDocumentPrice and getDocumentDeliveryDate, kept a day per route (sender city,
 * recipient city, service), weight band, value band and sending day. An answer that takes longer
 * than the deadline, or fails, is "no estimate" and never an error: checkout goes on with the old
 * wording. A late answer still fills the cache for the next shopper; a failure is not kept.
 */
export class DeliveryEstimator {
  private readonly entries = new Map<string, { at: number; value?: DeliveryEstimate; pending?: Promise<DeliveryEstimate> }>();
  private readonly deadlineMs: number;
  private readonly ttlMs: number;
  private readonly now: () => Date;

  constructor(
    private readonly settings: NovaPoshtaConfig,
    private readonly directory: DeliveryDirectory,
    options: EstimatorOptions = {},
  ) {
    this.deadlineMs = options.deadlineMs ?? ESTIMATE_DEADLINE_MS;
    this.ttlMs = options.ttlMs ?? DAY_MS;
    this.now = options.now ?? (() => new Date());
  }

  async estimate(request: EstimateRequest): Promise<DeliveryEstimate> {
    if (!this.settings.apiKey || !request.senderCityRef) return NO_ESTIMATE;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<DeliveryEstimate>((resolve) => {
      timer = setTimeout(() => resolve(NO_ESTIMATE), this.deadlineMs);
    });
    try {
      return await Promise.race([this.lookup(request).catch(() => NO_ESTIMATE), deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async lookup(request: EstimateRequest): Promise<DeliveryEstimate> {
    const cityRecipient = await this.recipientCity(request.settlementRef, request.branchRef);
    if (!cityRecipient) return NO_ESTIMATE;
    const kind: DeliveryKind = request.branchRef ? 'branch' : 'door';
    const tariff: TariffRequest = {
      citySender: request.senderCityRef,
      cityRecipient,
      serviceType: kind === 'door' ? 'WarehouseDoors' : 'WarehouseWarehouse',
      weightKg: weightBandKg(request.weightKg),
      value: valueBandUah(request.value),
    };
    const sendOn = kyivDate(this.now());
    const key = [tariff.citySender, tariff.cityRecipient, tariff.serviceType, tariff.weightKg, tariff.value, sendOn].join('|');
    const entry = this.entries.get(key);
    if (entry?.pending) return entry.pending;
    if (entry?.value && Date.now() - entry.at < this.ttlMs) return entry.value;

    const settings = this.settings as NovaPoshtaSettings;
    // Both answers are awaited even when one fails, so no question is left running behind the answer.
    const pending = Promise.allSettled([getDocumentPrice(settings, tariff), getDocumentDeliveryDate(settings, { ...tariff, sendOn })]).then(([cost, date]) => {
      if (cost.status === 'rejected' || date.status === 'rejected') {
        // A failure is not kept: the next shopper asks again.
        this.entries.delete(key);
        throw cost.status === 'rejected' ? cost.reason : (date as PromiseRejectedResult).reason;
      }
      const value: DeliveryEstimate = { available: true, cost: cost.value, date: date.value };
      this.entries.set(key, { at: Date.now(), value });
      return value;
    });
    this.entries.set(key, { at: Date.now(), pending });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return pending;
  }

  /** The recipient's city ref (getDocumentPrice takes a city, not a settlement): from the directory's copy of the settlement's points. */
  private async recipientCity(settlementRef: string, branchRef: string | null): Promise<string | null> {
    if (branchRef) return (await this.directory.findWarehouse(settlementRef, branchRef))?.cityRef || null;
    const points = await this.directory.warehousesOf(settlementRef);
    return points.find((p) => p.cityRef)?.cityRef ?? null;
  }
}

/** dd.mm.yyyy on the shop's (Kyiv's) calendar, as Nova Poshta dates a sending and its documents. */
export const kyivDate = (date: Date): string => formatCalendarDay(shopDay(date));
