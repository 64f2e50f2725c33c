import type { Branch, City, DeliveryKind, Street } from '../../../shared/delivery';

/**
 * The shipping step as typed so far, kept in the tab's session storage (docs/delivery.md): a reload
 * or a trip to sign in comes back to the same settlement, branch or street and the same fields. It
 * goes when the tab closes, and once the order is placed.
 */
export interface ShippingDraft {
  kind: DeliveryKind;
  city: City | null;
  /** What the settlement field showed (a name typed by hand when the directory was unreachable). */
  cityText: string;
  branch: Branch | null;
  street: Street | null;
  house: string;
  flat: string;
  recipient: string;
  phone: string;
  email: string;
  comment: string;
}

const KEY = 'checkout-shipping';

export function readShippingDraft(): ShippingDraft | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const draft = raw ? (JSON.parse(raw) as Partial<ShippingDraft>) : null;
    if (!draft || (draft.kind !== 'branch' && draft.kind !== 'door')) return null;
    return {
      kind: draft.kind,
      city: draft.city ?? null,
      cityText: draft.cityText ?? '',
      branch: draft.branch ?? null,
      street: draft.street ?? null,
      house: draft.house ?? '',
      flat: draft.flat ?? '',
      recipient: draft.recipient ?? '',
      phone: draft.phone ?? '',
      email: draft.email ?? '',
      comment: draft.comment ?? '',
    };
  } catch {
    // Storage refused (private mode, full) or an old shape: start from the saved address.
    return null;
  }
}

export function writeShippingDraft(draft: ShippingDraft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Not kept: the step still works, a reload just starts over.
  }
}

export function clearShippingDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
