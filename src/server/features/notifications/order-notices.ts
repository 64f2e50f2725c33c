import { isCashOnDelivery, isOfflineMethod } from '../../../shared/order-status.js';
import { lineOptionsText, normalizeLineOptions } from '../../../shared/line-options.js';
import { formatUahMinor } from '../../../shared/pricing.js';
import { formatDeliveryDay } from '../../../shared/delivery.js';
import { legalPagePath } from '../../../shared/legal.js';
import type { OrderItemRow, OrderRow } from '../../db/schema.js';
import type { NewOutboxMessage } from './outbox.js';

/**
 * The order e-mails and Telegram notices (docs/notifications.md): Ukrainian, with the shop's name
 * and contacts, as HTML and plain text. Rendered when the change happens, so a notice says what
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

const METHOD_NAMES: Record<string, string> = {
  Monobank: 'monobank (картка, Apple Pay, Google Pay)',
  LiqPay: 'LiqPay',
  PayPal: 'PayPal',
  Card: 'банківська картка (PayPal)',
  PrivatBank: 'переказ на картку ПриватБанку',
  NovaPoshta: 'накладений платіж у відділенні Нової пошти',
};
/** Cash on delivery is paid to the courier when the parcel comes to the door. */
const methodName = (order: OrderRow) =>
  order.paymentMethod === 'NovaPoshta' && order.deliveryKind === 'door'
    ? 'накладений платіж кур’єрові Нової пошти'
    : (METHOD_NAMES[order.paymentMethod] ?? order.paymentMethod);

export const trackingLink = (trackingNumber: string) => `https://novaposhta.ua/tracking/?cargo_number=${trackingNumber}`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

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
function legalLinks(order: OrderRow, siteUrl: string): { href: string; label: string }[] {
  return [
    {
      label: order.offerVersion ? `Публічна оферта (редакція ${order.offerVersion})` : 'Публічна оферта',
      href: `${siteUrl}${legalPagePath('offer', order.offerVersion ?? undefined)}`,
    },
    { label: 'Обмін та повернення', href: `${siteUrl}${legalPagePath('returns')}` },
    { label: 'Політика конфіденційності', href: `${siteUrl}${legalPagePath('privacy')}` },
  ];
}

/** The promo code's line under the items (docs/promo-codes.md): what it took off, or the free delivery it gave. */
function promoLines(order: OrderRow): string[] {
  if (!order.promoCode) return [];
  return [`Промокод ${order.promoCode}: ${order.discountMinor > 0 ? `−${formatUahMinor(order.discountMinor)}` : 'безкоштовна доставка'}`];
}

function render(letter: Letter, order: OrderRow, shop: ShopContacts): Pick<NewOutboxMessage, 'subject' | 'textBody' | 'htmlBody'> {
  const itemLines = (letter.items ?? []).map((item) => `${lineTitle(item)} — ${item.qty} × ${formatUahMinor(item.priceMinor)}`);
  const contacts = [shop.phone, shop.email].filter(Boolean).join(', ');
  const legal = [shop.legalName, shop.taxId && `ЄДРПОУ/ІПН ${shop.taxId}`].filter(Boolean).join(', ');
  const signature = [shop.name, contacts, shop.address, legal].filter(Boolean);
  const text = [
    ...letter.lines,
    ...(itemLines.length ? ['', ...itemLines, ...promoLines(order), `Разом: ${formatUahMinor(order.totalMinor)}`] : []),
    ...(letter.link ? ['', `${letter.link.label}: ${letter.link.href}`] : []),
    '',
    '—',
    ...signature,
    ...(letter.legalLinks ? ['', ...letter.legalLinks.map((l) => `${l.label}: ${l.href}`)] : []),
  ].join('\n');
  const html = `<!doctype html><html lang="uk"><body style="font-family:Arial,sans-serif;color:#1f2a1f;line-height:1.5">
${letter.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${
  itemLines.length
    ? `<ul>${itemLines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>${promoLines(order)
        .map((line) => `<p>${escapeHtml(line)}</p>`)
        .join('')}<p><strong>Разом: ${escapeHtml(formatUahMinor(order.totalMinor))}</strong></p>`
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

function paymentInstructions(order: OrderRow, shop: ShopContacts): string[] {
  if (isCashOnDelivery(order.paymentMethod)) {
    const where = order.deliveryKind === 'door' ? 'кур’єрові Нової пошти' : 'у відділенні Нової пошти';
    return [`Оплата при отриманні ${where}: ${formatUahMinor(order.totalMinor)} (плюс комісія Нової пошти за переказ).`];
  }
  if (!isOfflineMethod(order.paymentMethod)) return ['Оплатіть замовлення на його сторінці: щойно оплата надійде, ми підготуємо посилку.'];
  const { cardNumber, iban, recipient } = shop.transfer;
  return [
    `Сплатіть ${formatUahMinor(order.totalMinor)} переказом:`,
    ...(cardNumber ? [`картка ${cardNumber}`] : []),
    ...(iban ? [`IBAN ${iban}`] : []),
    ...(recipient ? [`отримувач ${recipient}`] : []),
    `У призначенні платежу вкажіть «Замовлення №${order.number}». Щойно гроші надійдуть, ми відправимо посилку.`,
  ];
}

/**
 * Where the parcel goes, as the shopper's letters say it. A guest's order can send its letter to
 * any address, so a guest letter carries no text the guest typed but their name and the order's
 * lines (docs/notifications.md, "Abuse"): a branch from Nova Poshta's directory is named as the
 * directory names it; a place typed by hand is left to the order's page.
 */
function placeOf(order: OrderRow): string {
  if (order.userId || order.warehouseRef) return `${order.cityName}, ${order.branchDescription}`;
  // The street comes from the directory; the house and flat are typed, so a guest's letter leaves them to the order's page.
  if (order.deliveryKind === 'door') return `${order.cityName}, адресна доставка: ${order.streetName ?? ''} (будинок і квартира — у замовленні)`;
  return 'відділення Нової пошти, вказане в замовленні';
}

/**
 * The delivery's price and day as estimated on placing (docs/delivery.md): Nova Poshta's tariff,
 * paid on pickup, unless the shop's rules made delivery free or fixed.
 */
export function deliveryCostLine(order: OrderRow): string | null {
  const day = order.shippingEstimateDate ? `орієнтовно ${formatDeliveryDay(order.shippingEstimateDate)}` : null;
  if (!order.shippingByCarrier) {
    const price = order.shippingMinor === 0 ? 'безкоштовно' : formatUahMinor(order.shippingMinor);
    return `Доставка: ${[price, day].filter(Boolean).join(', ')}.`;
  }
  if (order.shippingEstimateMinor === null) return 'Доставка: за тарифами Нової пошти, оплата при отриманні.';
  return `Доставка: ≈ ${[formatUahMinor(order.shippingEstimateMinor), day].filter(Boolean).join(', ')} — тариф Нової пошти, оплата при отриманні.`;
}

function customerLetter(event: OrderEvent, order: OrderRow, items: OrderItemRow[], shop: ShopContacts, orderUrl: string | null): Letter {
  const link = orderUrl ? { href: orderUrl, label: 'Замовлення на сайті' } : undefined;
  const hello = `Вітаємо, ${order.recipientName}!`;
  switch (event) {
    case 'placed':
      return {
        subject: `Замовлення №${order.number} прийнято — ${shop.name}`,
        lines: [
          hello,
          `Дякуємо! Ваше замовлення №${order.number} прийнято.`,
          `Доставка: ${placeOf(order)}. Отримувач: ${order.recipientName}, ${order.recipientPhone}.`,
          ...[deliveryCostLine(order)].filter((line) => line !== null),
          `Спосіб оплати: ${methodName(order)}.`,
          ...paymentInstructions(order, shop),
        ],
        items,
        link,
      };
    case 'paid':
      return {
        subject: `Замовлення №${order.number} оплачено — ${shop.name}`,
        lines: [
          hello,
          `Оплату замовлення №${order.number} (${formatUahMinor(order.totalMinor)}) отримано. Ми готуємо посилку й надішлемо номер ТТН, щойно її відправимо.`,
        ],
        link,
      };
    case 'shipped':
      return {
        subject: `Замовлення №${order.number} відправлено — ТТН ${order.trackingNumber}`,
        lines: [
          hello,
          `Замовлення №${order.number} відправлено Новою поштою до: ${placeOf(order)}.`,
          `Номер ТТН: ${order.trackingNumber}.`,
          ...(isCashOnDelivery(order.paymentMethod) && !order.isPaid ? [`При отриманні сплатіть ${formatUahMinor(order.totalMinor)}.`] : []),
        ],
        link: { href: trackingLink(order.trackingNumber ?? ''), label: 'Відстежити посилку' },
      };
    case 'cancelled':
      return {
        subject: `Замовлення №${order.number} скасовано — ${shop.name}`,
        lines: [
          hello,
          `Замовлення №${order.number} скасовано.`,
          ...(order.isPaid ? ['Щодо повернення коштів ми зв’яжемося з вами найближчим часом.'] : []),
          'Якщо це помилка, відповідайте на цей лист або зателефонуйте нам.',
        ],
        link,
      };
    case 'refunded':
      return {
        subject: `Повернення коштів за замовлення №${order.number} — ${shop.name}`,
        lines: [
          hello,
          `Ми повернули кошти за замовлення №${order.number}: усього повернуто ${formatUahMinor(order.refundMinor ?? 0)} з ${formatUahMinor(order.totalMinor)}.`,
          isOfflineMethod(order.paymentMethod)
            ? 'Кошти надіслано так, як ми домовилися з вами.'
            : 'Гроші надійдуть на картку чи рахунок, з якого ви платили, зазвичай протягом кількох банківських днів.',
        ],
        link,
      };
  }
}

/** Every notice one event causes: the shopper's e-mail, and for a new order the shop's e-mail and Telegram. */
/** A line as letters name it: the product, its pack and its options ("Солод Pilsner, 5 кг, подрібнити"). */
export function lineTitle(item: Pick<OrderItemRow, 'name' | 'label' | 'options'>): string {
  return [item.name, item.label, lineOptionsText(normalizeLineOptions(item.options))].filter(Boolean).join(', ');
}

export function orderNotices(event: OrderEvent, order: OrderRow, items: OrderItemRow[], shop: ShopContacts, targets: NoticeTargets): NewOutboxMessage[] {
  const orderUrl = `${targets.siteUrl}/order/${order.id}`;
  const messages: NewOutboxMessage[] = [];
  if (targets.customerEmail) {
    const letter = { ...customerLetter(event, order, items, shop, targets.customerOrderUrl), legalLinks: legalLinks(order, targets.siteUrl) };
    messages.push({ channel: 'email', recipient: targets.customerEmail, orderId: order.id, ...render(letter, order, shop) });
  }
  if (event !== 'placed') return messages;

  const summary = [
    `Нове замовлення №${order.number} на ${formatUahMinor(order.totalMinor)}`,
    `${order.recipientName}, ${order.recipientPhone}`,
    `${order.cityName}, ${order.branchDescription}`,
    `Оплата: ${methodName(order)}`,
    ...[deliveryCostLine(order)].filter((line) => line !== null),
    // The shopper's note goes to the shop alone, never into a letter to another address (docs/orders.md).
    ...(order.comment ? [`Коментар покупця: ${order.comment}`] : []),
  ];
  if (targets.shopEmail) {
    const letter: Letter = {
      subject: `Нове замовлення №${order.number} — ${formatUahMinor(order.totalMinor)}`,
      lines: summary,
      items,
      link: { href: orderUrl, label: 'Відкрити замовлення' },
    };
    messages.push({ channel: 'email', recipient: targets.shopEmail, orderId: order.id, ...render(letter, order, shop) });
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
  const orderUrl = `${targets.siteUrl}/order/${order.id}`;
  const messages: NewOutboxMessage[] = [];
  if (targets.shopEmail) {
    const letter: Letter = { subject: notice.subject, lines: notice.lines, link: { href: orderUrl, label: 'Відкрити замовлення' } };
    messages.push({ channel: 'email', recipient: targets.shopEmail, orderId: order.id, ...render(letter, order, shop) });
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
