import { z } from 'zod';
import { UpstreamError } from '../../errors.js';
import { callNovaPoshta, type CallOptions, type NovaPoshtaSettings } from './nova-poshta-client.js';

/**
 * Waybills (ТТН) and their tracking through Nova Poshta's JSON API (docs/orders.md): the shop's
 * own parcels, where nova-poshta-client.ts reads the directory.
 */

/** The shop as the sender of its parcels: refs from Nova Poshta's Counterparty and Address directories. */
export interface WaybillSender {
  counterpartyRef: string;
  contactRef: string;
  cityRef: string;
  warehouseRef: string;
  contactName: string;
  phone: string;
}

export interface WaybillRecipient {
  name: string;
  phone: string;
  /** The order's city and branch refs when the shopper chose from the directory. */
  cityRef: string | null;
  warehouseRef: string | null;
  cityName: string;
  branchDescription: string;
}

export interface WaybillRequest {
  sender: WaybillSender;
  recipient: WaybillRecipient;
  weightKg: number;
  /** The order total, UAH: the declared value, and the amount collected for cash on delivery. */
  totalUah: number;
  cashOnDelivery: boolean;
  description: string;
  date: Date;
}

export interface Waybill {
  /** The ТТН, 14 digits. */
  number: string;
  ref: string;
}

/** Nova Poshta refuses lighter parcels. */
const MIN_WEIGHT_KG = 0.1;

const SavedSchema = z.object({ IntDocNumber: z.coerce.string().regex(/^\d{14}$/), Ref: z.string().min(1) });

/** InternetDocument.save: a warehouse-to-warehouse parcel paid by the recipient in cash. */
export async function createWaybill(settings: NovaPoshtaSettings, request: WaybillRequest, options: CallOptions = {}): Promise<Waybill> {
  const { sender, recipient } = request;
  const total = String(Math.round(request.totalUah));
  const properties: Record<string, unknown> = {
    PayerType: 'Recipient',
    PaymentMethod: 'Cash',
    CargoType: 'Parcel',
    ServiceType: 'WarehouseWarehouse',
    SeatsAmount: '1',
    Weight: String(Math.max(MIN_WEIGHT_KG, Math.round(request.weightKg * 1000) / 1000)),
    Cost: total,
    Description: request.description,
    DateTime: kyivDate(request.date),
    CitySender: sender.cityRef,
    Sender: sender.counterpartyRef,
    SenderAddress: sender.warehouseRef,
    ContactSender: sender.contactRef,
    SendersPhone: novaPoshtaPhone(sender.phone),
    RecipientName: recipient.name,
    RecipientType: 'PrivatePerson',
    RecipientsPhone: novaPoshtaPhone(recipient.phone),
    // A branch chosen from the directory is named by its refs; one typed by hand by its words.
    ...(recipient.cityRef && recipient.warehouseRef
      ? { CityRecipient: recipient.cityRef, RecipientAddress: recipient.warehouseRef }
      : { NewAddress: '1', RecipientCityName: recipient.cityName, RecipientAddressName: recipient.branchDescription }),
    ...(request.cashOnDelivery ? { BackwardDeliveryData: [{ PayerType: 'Recipient', CargoType: 'Money', RedeliveryString: total }] } : {}),
  };
  const { data } = await callNovaPoshta(settings, 'InternetDocument', 'save', properties, options).catch((error: unknown) => {
    throw waybillFailed(error);
  });
  const saved = SavedSchema.safeParse(data[0]);
  if (!saved.success) throw waybillFailed(new Error('InternetDocument.save: unexpected answer shape'));
  return { number: saved.data.IntDocNumber, ref: saved.data.Ref };
}

export interface TrackingStatus {
  status: string;
  statusCode: string;
}

const StatusSchema = z.object({ Number: z.coerce.string(), Status: z.string().min(1), StatusCode: z.coerce.string().catch('') });

/**
 * TrackingDocument.getStatusDocuments: the status of each waybill, by its number. The recipient's
 * phone opens the full status. Numbers Nova Poshta does not answer for are missing from the map.
 */
export async function getTrackingStatus(
  settings: NovaPoshtaSettings,
  documents: readonly { number: string; phone: string }[],
  options: CallOptions = {},
): Promise<Map<string, TrackingStatus>> {
  const { data } = await callNovaPoshta(
    settings,
    'TrackingDocument',
    'getStatusDocuments',
    { Documents: documents.map((d) => ({ DocumentNumber: d.number, Phone: novaPoshtaPhone(d.phone) })) },
    options,
  );
  const found = new Map<string, TrackingStatus>();
  for (const item of data) {
    const row = StatusSchema.safeParse(item);
    if (row.success) found.set(row.data.Number, { status: row.data.Status, statusCode: row.data.StatusCode });
  }
  return found;
}

/** Nova Poshta writes phones as 380XXXXXXXXX. */
export function novaPoshtaPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.length === 10 && digits.startsWith('0') ? `38${digits}` : digits;
}

/** dd.mm.yyyy on Kyiv's calendar, as Nova Poshta dates its documents. */
function kyivDate(date: Date): string {
  const parts = new Intl.DateTimeFormat('uk-UA', { timeZone: 'Europe/Kyiv', day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}.${part('month')}.${part('year')}`;
}

/** The directory's wording does not fit here: the admin is told the waybill was not made. */
function waybillFailed(error: unknown): UpstreamError {
  const timeout = error instanceof UpstreamError && error.statusCode === 504;
  const failed = timeout
    ? new UpstreamError('Нова пошта не відповіла вчасно: ТТН не створено. Спробуйте ще раз', 'NOVA_POSHTA_TIMEOUT', 504)
    : new UpstreamError('Нова пошта відмовила: ТТН не створено. Перевірте налаштування відправника й спробуйте ще раз', 'NOVA_POSHTA_UNAVAILABLE');
  failed.cause = error;
  return failed;
}
