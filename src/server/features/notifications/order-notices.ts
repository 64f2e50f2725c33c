import { isCashOnDelivery, isOfflineMethod, isPaid } from '../../../shared/order-status.js';
import { normalizeLineOptions } from '../../../shared/line-options.js';
import { legalPagePath, paths } from '../../../shared/routes.js';
import type { OrderItemRow, OrderRow } from '../../db/schema.js';
import { escapeHtml } from '../../html.js';
import type { NewOutboxMessage } from './outbox.js';
import { LETTER_TEXTS, letterTextsOf, type LetterTexts } from './letter-texts.js';

/** The shop's own notices are Ukrainian, whatever the shopper's language. */
const SHOP_TEXTS = LETTER_TEXTS.uk;

/**
 * The order e-mails and Telegram notices (docs/notifications.md): the shopper's in the language they
 * ordered in, the shop's in Ukrainian, with the shop's name and contacts, as HTML and plain text. Rendered when the change happens, so a notice says what
 * was true at that moment.
 */

export type OrderEvent = 'placed' | 'paid' | 'shipped' | 'cancelled' | 'refunded';

/** The shop as its settings describe it (docs/settings.md). */
export interface ShopContacts {
  name: string;
  phone: string;
  email: string;
  address: string;
  /** The registered trader and its ЄДРПОУ/ІПН, shown under the signature. */
  legalName: string;
  taxId: string;
  /** For "transfer to a card" orders: where the money goes. */
  transfer: { cardNumber: string; iban: string; recipient: string };
}

export interface NoticeTargets {
  /** The shopper's (or guest's) e-mail; null once the account is gone. */
  customerEmail: string | null;
  /** Where the shopper opens the order; null for a guest once the secret link is no longer known. */
  customerOrderUrl: string | null;
  shopEmail: string | null;
  telegramChatId: string | null;
  siteUrl: string;
}

/** Cash on delivery is paid to the courier when the parcel comes to the door. */
const methodName = (order: OrderRow, t: LetterTexts) =>
  t.methods[order.paymentMethodId === 'cash_on_delivery' && order.deliveryKind === 'door' ? 'cash_on_delivery_door' : order.paymentMethodId] ??
  order.paymentMethodId;

export const trackingLink = (trackingNumber: string) => `https://novaposhta.ua/tracking/?cargo_number=${trackingNumber}`;

interface Letter {
  subject: string;
  /** Paragraphs; each a plain string (escaped for HTML). */
  lines: string[];
  /** A list of the order's lines, when the letter shows them. */
  items?: OrderItemRow[];
  link?: { href: string; label: string };
  /** The shop's terms under the signature (docs/domain.md): the offer's version of this order and the policies. */
  legalLinks?: { href: string; label: string }[];
}

/** The buyer's letters link the terms of the sale: the offer as it was when the order was placed. */
function legalLinks(order: OrderRow, siteUrl: string, t: LetterTexts): { href: string; label: string }[] {
  return [
    { label: t.offer(order.offerVersion ?? null), href: `${siteUrl}${legalPagePath('offer', order.offerVersion ?? undefined)}` },
    { label: t.returns, href: `${siteUrl}${legalPagePath('returns')}` },
    { label: t.privacy, href: `${siteUrl}${legalPagePath('privacy')}` },
  ];
}

/** The promo code's line under the items (docs/promo-codes.md): what it took off, or the free delivery it gave. */
function promoLines(order: OrderRow, t: LetterTexts): string[] {
  if (!order.promoCode) return [];
  return [t.promo(order.promoCode, order.discountMinor > 0 ? t.money(order.discountMinor) : null)];
}

function render(letter: Letter, order: OrderRow, shop: ShopContacts, t: LetterTexts): Pick<NewOutboxMessage, 'subject' | 'textBody' | 'htmlBody'> {
  const itemLines = (letter.items ?? []).map((item) => `${lineTitle(item, t)} — ${item.qty} × ${t.money(item.priceMinor)}`);
  const contacts = [shop.phone, shop.email].filter(Boolean).join(', ');
  const legal = [shop.legalName, shop.taxId && t.taxId(shop.taxId)].filter(Boolean).join(', ');
  const signature = [shop.name, contacts, shop.address, legal].filter(Boolean);
  const text = [
    ...letter.lines,
    ...(itemLines.length ? ['', ...itemLines, ...promoLines(order, t), `${t.total}: ${t.money(order.totalMinor)}`] : []),
    ...(letter.link ? ['', `${letter.link.label}: ${letter.link.href}`] : []),
    '',
    '—',
    ...signature,
    ...(letter.legalLinks ? ['', ...letter.legalLinks.map((l) => `${l.label}: ${l.href}`)] : []),
  ].join('\n');
  const html = `<!doctype html><html lang="${t.lang}"><body style="font-family:Arial,sans-serif;color:#1f2a1f;line-height:1.5">
${letter.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${
  itemLines.length
    ? `<ul>${itemLines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>${promoLines(order, t)
        .map((line) => `<p>${escapeHtml(line)}</p>`)
        .join('')}<p><strong>${t.total}: ${escapeHtml(t.money(order.totalMinor))}</strong></p>`
    : ''
}
${letter.link ? `<p><a href="${escapeHtml(letter.link.href)}">${escapeHtml(letter.link.label)}</a></p>` : ''}
<hr><p style="color:#6c757d">${signature.map(escapeHtml).join('<br>')}</p>
${
  letter.legalLinks
    ? `<p style="color:#6c757d;font-size:small">${letter.legalLinks.map((l) => `<a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a>`).join(' · ')}</p>`
    : ''
}
</body></html>`;
  return { subject: letter.subject, textBody: text, htmlBody: html };
}

function paymentInstructions(order: OrderRow, shop: ShopContacts, t: LetterTexts): string[] {
  if (isCashOnDelivery(order.paymentMethodId)) return [t.cashOnDelivery(order.deliveryKind === 'door', t.money(order.totalMinor))];
  if (!isOfflineMethod(order.paymentMethodId)) return [t.payOnline];
  const { cardNumber, iban, recipient } = shop.transfer;
  return [
    t.transfer(t.money(order.totalMinor)),
    ...(cardNumber ? [t.card(cardNumber)] : []),
    ...(iban ? [`IBAN ${iban}`] : []),
    ...(recipient ? [t.recipient(recipient)] : []),
    t.purpose(order.number),
  ];
}

/**
 * Where the parcel goes, as the shopper's letters say it. A guest's order can send its letter to
 * any address, so a guest letter carries no text the guest typed but their name and the order's
 * lines (docs/notifications.md, "Abuse"): a branch from Nova Poshta's directory is named as the
 * directory names it; a place typed by hand is left to the order's page.
 */
function placeOf(order: OrderRow, t: LetterTexts): string {
  const city = order.settlementArea ? `${order.cityName} (${t.region(order.settlementArea)})` : order.cityName;
  if (order.userId || order.warehouseRef) return `${city}, ${order.branchDescription}`;
  // The street comes from the directory; the house and flat are typed, so a guest's letter leaves them to the order's page.
  if (order.deliveryKind === 'door') return `${city}, ${t.door(order.streetName ?? '')}`;
  return t.typedBranch;
}

/**
 * The delivery's price and day as estimated on placing (docs/delivery.md): Nova Poshta's tariff,
 * paid on pickup, unless the shop's rules made delivery free or fixed.
 */
export function deliveryCostLine(order: OrderRow, t: LetterTexts = SHOP_TEXTS): string | null {
  const day = order.shippingEstimateDate ? t.about(order.shippingEstimateDate) : null;
  if (!order.shippingByCarrier) {
    const price = order.shippingMinor === 0 ? t.free : t.money(order.shippingMinor);
    return t.delivery([price, day].filter(Boolean).join(', '));
  }
  if (order.shippingEstimateMinor === null) return t.carrierTariff;
  return t.carrierEstimate([t.money(order.shippingEstimateMinor), day].filter(Boolean).join(', '));
}

function customerLetter(event: OrderEvent, order: OrderRow, items: OrderItemRow[], shop: ShopContacts, orderUrl: string | null, t: LetterTexts): Letter {
  const link = orderUrl ? { href: orderUrl, label: t.orderOnSite } : undefined;
  const hello = t.hello(order.recipientName);
  const n = order.number;
  switch (event) {
    case 'placed':
      return {
        subject: t.placedSubject(n, shop.name),
        lines: [
          hello,
          t.placedThanks(n),
          t.deliverTo(placeOf(order, t), order.recipientName, order.recipientPhone),
          ...[deliveryCostLine(order, t)].filter((line) => line !== null),
          t.method(methodName(order, t)),
          ...paymentInstructions(order, shop, t),
        ],
        items,
        link,
      };
    case 'paid':
      return { subject: t.paidSubject(n, shop.name), lines: [hello, t.paid(n, t.money(order.totalMinor))], link };
    case 'shipped':
      return {
        subject: t.shippedSubject(n, order.trackingNumber ?? ''),
        lines: [
          hello,
          t.shipped(n, placeOf(order, t)),
          t.ttn(order.trackingNumber ?? ''),
          ...(isCashOnDelivery(order.paymentMethodId) && !isPaid(order) ? [t.payOnPickup(t.money(order.totalMinor))] : []),
        ],
        link: { href: trackingLink(order.trackingNumber ?? ''), label: t.track },
      };
    case 'cancelled':
      return {
        subject: t.cancelledSubject(n, shop.name),
        lines: [hello, t.cancelled(n), ...(isPaid(order) ? [t.refundSoon] : []), t.mistake],
        link,
      };
    case 'refunded':
      return {
        subject: t.refundedSubject(n, shop.name),
        lines: [
          hello,
          t.refunded(n, t.money(order.refundMinor ?? 0), t.money(order.totalMinor)),
          isOfflineMethod(order.paymentMethodId) ? t.refundedOffline : t.refundedCard,
        ],
        link,
      };
  }
}

/** Every notice one event causes: the shopper's e-mail, and for a new order the shop's e-mail and Telegram. */
/** A line as letters name it: the product, its pack and its options ("Солод Pilsner, 5 кг, подрібнити"). */
export function lineTitle(item: Pick<OrderItemRow, 'name' | 'label' | 'options'>, t: LetterTexts = SHOP_TEXTS): string {
  return [item.name, item.label && t.pack(item.label), normalizeLineOptions(item.options).milled ? t.milled : null].filter(Boolean).join(', ');
}

export function orderNotices(event: OrderEvent, order: OrderRow, items: OrderItemRow[], shop: ShopContacts, targets: NoticeTargets): NewOutboxMessage[] {
  const orderUrl = `${targets.siteUrl}${paths.order(order.id)}`;
  const messages: NewOutboxMessage[] = [];
  if (targets.customerEmail) {
    // In the language the shopper ordered in (docs/notifications.md).
    const t = letterTextsOf(order.locale);
    const letter = { ...customerLetter(event, order, items, shop, targets.customerOrderUrl, t), legalLinks: legalLinks(order, targets.siteUrl, t) };
    messages.push({ channel: 'email', recipient: targets.customerEmail, orderId: order.id, ...render(letter, order, shop, t) });
  }
  if (event !== 'placed') return messages;

  const summary = [
    `Нове замовлення №${order.number} на ${SHOP_TEXTS.money(order.totalMinor)}`,
    `${order.recipientName}, ${order.recipientPhone}`,
    `${order.cityName}, ${order.branchDescription}`,
    `Оплата: ${methodName(order, SHOP_TEXTS)}`,
    ...[deliveryCostLine(order)].filter((line) => line !== null),
    // The shopper's note goes to the shop alone, never into a letter to another address (docs/orders.md).
    ...(order.comment ? [`Коментар покупця: ${order.comment}`] : []),
  ];
  if (targets.shopEmail) {
    const letter: Letter = {
      subject: `Нове замовлення №${order.number} — ${SHOP_TEXTS.money(order.totalMinor)}`,
      lines: summary,
      items,
      link: { href: orderUrl, label: 'Відкрити замовлення' },
    };
    messages.push({ channel: 'email', recipient: targets.shopEmail, orderId: order.id, ...render(letter, order, shop, SHOP_TEXTS) });
  }
  if (targets.telegramChatId) {
    const lines = [...summary, ...items.map((item) => `• ${lineTitle(item)} × ${item.qty}`), orderUrl];
    messages.push({
      channel: 'telegram',
      recipient: targets.telegramChatId,
      orderId: order.id,
      subject: summary[0],
      textBody: lines.join('\n'),
      htmlBody: null,
    });
  }
  return messages;
}

/** Something the shop must act on about one order (a refund, a declined payment): for the shop's e-mail and Telegram only. */
export interface ShopNotice {
  subject: string;
  lines: string[];
}

export function shopNotices(
  order: OrderRow,
  shop: ShopContacts,
  targets: Pick<NoticeTargets, 'shopEmail' | 'telegramChatId' | 'siteUrl'>,
  notice: ShopNotice,
): NewOutboxMessage[] {
  const orderUrl = `${targets.siteUrl}${paths.order(order.id)}`;
  const messages: NewOutboxMessage[] = [];
  if (targets.shopEmail) {
    const letter: Letter = { subject: notice.subject, lines: notice.lines, link: { href: orderUrl, label: 'Відкрити замовлення' } };
    messages.push({ channel: 'email', recipient: targets.shopEmail, orderId: order.id, ...render(letter, order, shop, SHOP_TEXTS) });
  }
  if (targets.telegramChatId) {
    messages.push({
      channel: 'telegram',
      recipient: targets.telegramChatId,
      orderId: order.id,
      subject: notice.subject,
      textBody: [notice.subject, ...notice.lines, orderUrl].join('\n'),
      htmlBody: null,
    });
  }
  return messages;
}
