import { z } from 'zod';
import { AppError } from '../../errors.js';
import { kyivDate } from './estimate.js';
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
  /** Courier delivery to this address instead of a branch (docs/delivery.md). */
  door?: RecipientDoor | null;
}

/** The recipient's address for courier delivery: the street as Nova Poshta names it, the house and flat as typed. */
export interface RecipientDoor {
  street: string;
  house: string;
  flat: string;
  /** The settlement's oblast and district: Nova Poshta tells apart settlements of one name by them. */
  area: string;
  region: string;
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

/**
 * The shop's one parcel as a seat of `OptionsSeat`: the box it ships in, in centimetres
 * (docs/delivery.md). Nova Poshta prices by the larger of the real and the volumetric weight.
 */
export const PARCEL_BOX_CM = { length: 40, width: 30, height: 20 } as const;

const SavedSchema = z.object({ IntDocNumber: z.coerce.string().regex(/^\d{14}$/), Ref: z.string().min(1) });
const CounterpartySchema = z.object({
  Ref: z.string().min(1),
  ContactPerson: z.object({ data: z.array(z.object({ Ref: z.string().min(1) })).min(1) }),
});

/** A recipient's full name as Nova Poshta's counterparty takes it: first name, last name, any middle words. */
export function splitRecipientName(name: string): { FirstName: string; MiddleName: string; LastName: string } | null {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  if (words.length < 2) return null;
  return { FirstName: words[0], MiddleName: words.slice(1, -1).join(' '), LastName: words.at(-1)! };
}

/**
 * Counterparty.save with CounterpartyProperty "Recipient": the shopper as a private person in the
 * shop's recipients, giving the Recipient and ContactRecipient refs the waybill names.
 */
export async function saveRecipient(
  settings: NovaPoshtaSettings,
  recipient: { name: string; phone: string },
  options: CallOptions = {},
): Promise<{ recipientRef: string; contactRef: string }> {
  const name = splitRecipientName(recipient.name);
  if (!name) throw new AppError('RECIPIENT_NAME_INCOMPLETE');
  const { data } = await callNovaPoshta(
    settings,
    'Counterparty',
    'save',
    { ...name, Phone: novaPoshtaPhone(recipient.phone), Email: '', CounterpartyType: 'PrivatePerson', CounterpartyProperty: 'Recipient' },
    options,
  ).catch((error: unknown) => {
    throw waybillFailed(error);
  });
  const saved = CounterpartySchema.safeParse(data[0]);
  if (!saved.success) throw waybillFailed(new Error('Counterparty.save: unexpected answer shape'));
  return { recipientRef: saved.data.Ref, contactRef: saved.data.ContactPerson.data[0].Ref };
}

/**
 * InternetDocument.save for a parcel paid by the recipient in cash, field for field as Nova Poshta's
 * API 2.0 documents it (docs/delivery.md). A branch from the directory is named by refs, the
 * recipient first saved by Counterparty.save; a branch typed by hand uses the documented one-line
 * form (`NewAddress: "1"` with the city and branch in words); courier delivery (`WarehouseDoors`)
 * uses the one-line form with the street, house and flat.
 */
export async function createWaybill(settings: NovaPoshtaSettings, request: WaybillRequest, options: CallOptions = {}): Promise<Waybill> {
  const { sender, recipient } = request;
  const total = String(Math.round(request.totalUah));
  const weight = String(Math.max(MIN_WEIGHT_KG, Math.round(request.weightKg * 1000) / 1000));
  const door = recipient.door ?? null;
  const byRefs = !door && Boolean(recipient.cityRef && recipient.warehouseRef);
  const saved = byRefs ? await saveRecipient(settings, recipient, options) : null;
  const properties: Record<string, unknown> = {
    PayerType: 'Recipient',
    PaymentMethod: 'Cash',
    DateTime: kyivDate(request.date),
    CargoType: 'Parcel',
    Weight: weight,
    ServiceType: door ? 'WarehouseDoors' : 'WarehouseWarehouse',
    SeatsAmount: '1',
    OptionsSeat: [
      {
        volumetricVolume: String((PARCEL_BOX_CM.length * PARCEL_BOX_CM.width * PARCEL_BOX_CM.height) / 1_000_000),
        volumetricWidth: String(PARCEL_BOX_CM.width),
        volumetricLength: String(PARCEL_BOX_CM.length),
        volumetricHeight: String(PARCEL_BOX_CM.height),
        weight,
      },
    ],
    Description: request.description,
    Cost: total,
    CitySender: sender.cityRef,
    Sender: sender.counterpartyRef,
    SenderAddress: sender.warehouseRef,
    ContactSender: sender.contactRef,
    SendersPhone: novaPoshtaPhone(sender.phone),
    RecipientsPhone: novaPoshtaPhone(recipient.phone),
    ...(door
      ? {
          // To the door, in the documented one-line form: the address in words, the oblast and district beside the city.
          NewAddress: '1',
          RecipientName: recipient.name,
          RecipientType: 'PrivatePerson',
          RecipientCityName: recipient.cityName,
          RecipientArea: door.area,
          RecipientAreaRegions: door.region,
          RecipientAddressName: door.street,
          RecipientHouse: door.house,
          RecipientFlat: door.flat,
        }
      : saved
        ? { CityRecipient: recipient.cityRef, Recipient: saved.recipientRef, RecipientAddress: recipient.warehouseRef, ContactRecipient: saved.contactRef }
        : {
            NewAddress: '1',
            RecipientName: recipient.name,
            RecipientType: 'PrivatePerson',
            RecipientCityName: recipient.cityName,
            RecipientAddressName: recipient.branchDescription,
          }),
    // Cash on delivery: the money comes back to the shop, the recipient pays for its transfer.
    ...(request.cashOnDelivery ? { BackwardDeliveryData: [{ PayerType: 'Recipient', CargoType: 'Money', RedeliveryString: total }] } : {}),
  };
  const { data } = await callNovaPoshta(settings, 'InternetDocument', 'save', properties, options).catch((error: unknown) => {
    throw waybillFailed(error);
  });
  const done = SavedSchema.safeParse(data[0]);
  if (!done.success) throw waybillFailed(new Error('InternetDocument.save: unexpected answer shape'));
  return { number: done.data.IntDocNumber, ref: done.data.Ref };
}

/**
 * InternetDocument.delete: withdraws a waybill the shop made but will not use (docs/delivery.md).
 * Nova Poshta deletes only a waybill not yet handed over; a refusal is thrown for the caller to report.
 */
export async function deleteWaybill(settings: NovaPoshtaSettings, ref: string, options: CallOptions = {}): Promise<void> {
  await callNovaPoshta(settings, 'InternetDocument', 'delete', { DocumentRefs: ref }, options);
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

/** The directory's wording does not fit here: the admin is told the waybill was not made. */
function waybillFailed(error: unknown): AppError {
  const timeout = error instanceof AppError && error.statusCode === 504;
  const failed = timeout ? new AppError('NOVA_POSHTA_TIMEOUT') : new AppError('NOVA_POSHTA_UNAVAILABLE');
  failed.cause = error;
  return failed;
}
