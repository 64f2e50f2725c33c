import { formatDeliveryDay } from '../../../shared/delivery.js';
import { formatUahMinor } from '../../../shared/pricing.js';

/**
 * The words of a shopper's order letters in the language they ordered in (`orders.locale`,
 * docs/notifications.md). Money is written as the web writes it in that language: "1 305 грн" in
 * Ukrainian, "1 305 UAH" in English. The shop's own notices stay Ukrainian.
 */
export type LetterLocale = 'uk' | 'en';

const uk = {
  lang: 'uk',
  money: (minor: number) => formatUahMinor(minor),
  total: 'Разом',
  hello: (name: string) => `Вітаємо, ${name}!`,
  orderOnSite: 'Замовлення на сайті',
  track: 'Відстежити посилку',
  offer: (version: number | null) => (version ? `Публічна оферта (редакція ${version})` : 'Публічна оферта'),
  returns: 'Обмін та повернення',
  privacy: 'Політика конфіденційності',
  taxId: (id: string) => `ЄДРПОУ/ІПН ${id}`,
  milled: 'подрібнити',
  /** Pack labels are written as the owner typed them: Ukrainian units. */
  pack: (label: string) => label,
  region: (area: string) => `${area} обл.`,
  door: (street: string) => `адресна доставка: ${street} (будинок і квартира — у замовленні)`,
  typedBranch: 'відділення Нової пошти, вказане в замовленні',
  methods: {
    monobank: 'monobank (картка, Apple Pay, Google Pay)',
    liqpay: 'LiqPay',
    paypal: 'PayPal',
    paypal_card: 'банківська картка (PayPal)',
    card_transfer: 'переказ на картку ПриватБанку',
    cash_on_delivery: 'накладений платіж у відділенні Нової пошти',
    /** Cash on delivery to the door is paid to the courier. */
    cash_on_delivery_door: 'накладений платіж кур’єрові Нової пошти',
  } as Record<string, string>,
  promo: (code: string, discount: string | null) => `Промокод ${code}: ${discount ? `−${discount}` : 'безкоштовна доставка'}`,
  cashOnDelivery: (door: boolean, sum: string) =>
    `Оплата при отриманні ${door ? 'кур’єрові Нової пошти' : 'у відділенні Нової пошти'}: ${sum} (плюс комісія Нової пошти за переказ).`,
  payOnline: 'Оплатіть замовлення на його сторінці: щойно оплата надійде, ми підготуємо посилку.',
  transfer: (sum: string) => `Сплатіть ${sum} переказом:`,
  card: (n: string) => `картка ${n}`,
  recipient: (r: string) => `отримувач ${r}`,
  purpose: (n: number) => `У призначенні платежу вкажіть «Замовлення №${n}». Щойно гроші надійдуть, ми відправимо посилку.`,
  free: 'безкоштовно',
  about: (date: string) => `орієнтовно ${formatDeliveryDay(date)}`,
  delivery: (what: string) => `Доставка: ${what}.`,
  carrierTariff: 'Доставка: за тарифами Нової пошти, оплата при отриманні.',
  carrierEstimate: (what: string) => `Доставка: ≈ ${what} — тариф Нової пошти, оплата при отриманні.`,
  placedSubject: (n: number, shop: string) => `Замовлення №${n} прийнято — ${shop}`,
  placedThanks: (n: number) => `Дякуємо! Ваше замовлення №${n} прийнято.`,
  deliverTo: (place: string, name: string, phone: string) => `Доставка: ${place}. Отримувач: ${name}, ${phone}.`,
  method: (m: string) => `Спосіб оплати: ${m}.`,
  paidSubject: (n: number, shop: string) => `Замовлення №${n} оплачено — ${shop}`,
  paid: (n: number, sum: string) => `Оплату замовлення №${n} (${sum}) отримано. Ми готуємо посилку й надішлемо номер ТТН, щойно її відправимо.`,
  shippedSubject: (n: number, ttn: string) => `Замовлення №${n} відправлено — ТТН ${ttn}`,
  shipped: (n: number, place: string) => `Замовлення №${n} відправлено Новою поштою до: ${place}.`,
  ttn: (ttn: string) => `Номер ТТН: ${ttn}.`,
  payOnPickup: (sum: string) => `При отриманні сплатіть ${sum}.`,
  cancelledSubject: (n: number, shop: string) => `Замовлення №${n} скасовано — ${shop}`,
  cancelled: (n: number) => `Замовлення №${n} скасовано.`,
  refundSoon: 'Щодо повернення коштів ми зв’яжемося з вами найближчим часом.',
  mistake: 'Якщо це помилка, відповідайте на цей лист або зателефонуйте нам.',
  refundedSubject: (n: number, shop: string) => `Повернення коштів за замовлення №${n} — ${shop}`,
  refunded: (n: number, back: string, total: string) => `Ми повернули кошти за замовлення №${n}: усього повернуто ${back} з ${total}.`,
  refundedOffline: 'Кошти надіслано так, як ми домовилися з вами.',
  refundedCard: 'Гроші надійдуть на картку чи рахунок, з якого ви платили, зазвичай протягом кількох банківських днів.',
};
export type LetterTexts = typeof uk;

/** "1 кг" → "1 kg": the units of a pack's label, as an English reader writes them. */
const englishUnits = (label: string) =>
  label
    .replace(/(\d)\s*кг(?![\p{L}])/giu, '$1 kg')
    .replace(/(\d)\s*г(р)?(?![\p{L}])/giu, '$1 g')
    .replace(/(\d)\s*л(?![\p{L}])/giu, '$1 l')
    .replace(/(\d)\s*мл(?![\p{L}])/giu, '$1 ml')
    .replace(/(\d)\s*шт\.?(?![\p{L}])/giu, (_m, d: string) => `${d} pc`);

const en: LetterTexts = {
  lang: 'en',
  // As the English web shows money: the Ukrainian digits' grouping, "UAH" for "грн".
  money: (minor: number) => formatUahMinor(minor).replace('грн', 'UAH'),
  total: 'Total',
  hello: (name: string) => `Hello, ${name}!`,
  orderOnSite: 'Your order on the website',
  track: 'Track the parcel',
  offer: (version: number | null) => (version ? `Public offer (version ${version})` : 'Public offer'),
  returns: 'Exchange and returns',
  privacy: 'Privacy policy',
  taxId: (id: string) => `EDRPOU/IPN ${id}`,
  milled: 'milled',
  pack: englishUnits,
  region: (area: string) => `${area} region`,
  door: (street: string) => `courier delivery: ${street} (house and flat as in the order)`,
  typedBranch: 'the Nova Poshta branch given in the order',
  methods: {
    monobank: 'monobank (card, Apple Pay, Google Pay)',
    liqpay: 'LiqPay',
    paypal: 'PayPal',
    paypal_card: 'bank card (PayPal)',
    card_transfer: 'transfer to a PrivatBank card',
    cash_on_delivery: 'cash on delivery at the Nova Poshta branch',
    cash_on_delivery_door: 'cash on delivery to the Nova Poshta courier',
  } as Record<string, string>,
  promo: (code: string, discount: string | null) => `Promo code ${code}: ${discount ? `−${discount}` : 'free delivery'}`,
  cashOnDelivery: (door: boolean, sum: string) =>
    `Pay on delivery ${door ? 'to the Nova Poshta courier' : 'at the Nova Poshta branch'}: ${sum} (plus Nova Poshta’s transfer fee).`,
  payOnline: 'Pay for the order on its page: as soon as the payment arrives, we prepare the parcel.',
  transfer: (sum: string) => `Pay ${sum} by transfer:`,
  card: (n: string) => `card ${n}`,
  recipient: (r: string) => `recipient ${r}`,
  purpose: (n: number) => `As the payment's purpose write «Замовлення №${n}» (order No. ${n}). As soon as the money arrives, we send the parcel.`,
  free: 'free',
  about: (date: string) => `around ${formatDeliveryDay(date)}`,
  delivery: (what: string) => `Delivery: ${what}.`,
  carrierTariff: 'Delivery: at Nova Poshta’s rates, paid on receipt.',
  carrierEstimate: (what: string) => `Delivery: ≈ ${what}, Nova Poshta’s rate, paid on receipt.`,
  placedSubject: (n: number, shop: string) => `Order No. ${n} received — ${shop}`,
  placedThanks: (n: number) => `Thank you! Your order No. ${n} has been received.`,
  deliverTo: (place: string, name: string, phone: string) => `Delivery to: ${place}. Recipient: ${name}, ${phone}.`,
  method: (m: string) => `Payment: ${m}.`,
  paidSubject: (n: number, shop: string) => `Order No. ${n} paid — ${shop}`,
  paid: (n: number, sum: string) =>
    `We have received the payment for order No. ${n} (${sum}). We are preparing the parcel and will send its tracking number once it ships.`,
  shippedSubject: (n: number, ttn: string) => `Order No. ${n} shipped — tracking number ${ttn}`,
  shipped: (n: number, place: string) => `Order No. ${n} has been shipped by Nova Poshta to: ${place}.`,
  ttn: (ttn: string) => `Tracking number (TTN): ${ttn}.`,
  payOnPickup: (sum: string) => `Pay ${sum} on receipt.`,
  cancelledSubject: (n: number, shop: string) => `Order No. ${n} cancelled — ${shop}`,
  cancelled: (n: number) => `Order No. ${n} has been cancelled.`,
  refundSoon: 'We will contact you shortly about the refund.',
  mistake: 'If this is a mistake, reply to this letter or call us.',
  refundedSubject: (n: number, shop: string) => `Refund for order No. ${n} — ${shop}`,
  refunded: (n: number, back: string, total: string) => `We have refunded order No. ${n}: ${back} of ${total} returned in all.`,
  refundedOffline: 'The money has been sent as we agreed with you.',
  refundedCard: 'The money will reach the card or account you paid from, usually within a few banking days.',
};

export const LETTER_TEXTS: Record<LetterLocale, LetterTexts> = { uk, en };
export const letterTextsOf = (locale: string | null | undefined): LetterTexts => (locale === 'en' ? en : uk);
