/**
 * Validation messages in both languages (docs/errors.md). A schema's message is a stable key, e.g.
 * `passwordTooShort` or `maxChars|{"max":100}` (key and parameters), never text: the server answers
 * it in Ukrainian with the key as the field's `code`, and the web shows it in the shopper's language.
 */

export type Locale = 'uk' | 'en';
type Params = Record<string, string | number>;
type Text = string | ((p: Params) => string);

/** Field names some messages start with. */
const ukFields = {
  price: 'Ціна',
  discount: 'Знижка',
  countInStock: 'Кількість на складі',
  weight: 'Вага',
  cropYear: 'Рік урожаю',
  alphaAcid: 'Альфа-кислоти',
  city: 'Назва населеного пункту',
  query: 'Пошуковий запит',
};
type Field = keyof typeof ukFields;
const enFields: Record<Field, string> = {
  price: 'Price',
  discount: 'Discount',
  countInStock: 'Count in stock',
  weight: 'Weight',
  cropYear: 'Crop year',
  alphaAcid: 'Alpha acids',
  city: 'Town name',
  query: 'Search query',
};

const uk = {
  // zod's own checks, when a schema names no message of its own
  required: 'Обов’язкове поле',
  invalidType: 'Некоректне значення',
  invalidValue: 'Оберіть одне з дозволених значень',
  invalidFormat: 'Некоректний формат',
  tooSmall: (p) => `Не менше ${p.min}`,
  tooBig: (p) => `Не більше ${p.max}`,
  minChars: (p) => `Щонайменше ${p.min} символів`,
  maxChars: (p) => `Не довше ${p.max} символів`,
  minItems: (p) => `Щонайменше ${p.min} позицій`,
  maxItems: (p) => `Не більше ${p.max} позицій`,
  unknownKeys: (p) => `Невідомі поля: ${p.keys}`,
  invalid: 'Некоректні дані',

  // accounts
  nameRequired: 'Вкажіть ім’я',
  nameTooLong: 'Ім’я задовге (до 100 символів)',
  emailRequired: 'Вкажіть електронну пошту',
  emailTooLong: 'Електронна пошта задовга',
  emailInvalid: 'Некоректна електронна пошта',
  passwordRequired: 'Вкажіть пароль',
  passwordTooShort: (p) => `Пароль має містити щонайменше ${p.min} символів`,
  passwordTooLong: (p) => `Пароль задовгий (до ${p.max} символів)`,
  passwordInvalid: 'Некоректний пароль',
  adminFlagInvalid: 'Позначка адміністратора має бути так або ні',
  resetLinkInvalid: 'Посилання недійсне',
  phoneRequired: 'Вкажіть номер телефону',
  phoneInvalid: 'Вкажіть український номер: 10 цифр, наприклад 067 123 45 67 або +380 67 123 45 67',

  // catalogue
  pageNotNumber: 'Номер сторінки має бути числом',
  pageNotInteger: 'Номер сторінки має бути цілим числом',
  pageFromOne: 'Номер сторінки починається з 1',
  pageInvalid: 'Некоректний номер сторінки',
  dashboardPeriodInvalid: 'Період: 7, 30 або 90 днів',
  customerIdInvalid: 'Некоректний ідентифікатор покупця',
  auditEntityUnknown: 'Невідомий вид запису: product, order, category, producer, settings, user, legal, promo_code або import',
  auditActorInvalid: 'Некоректний ідентифікатор адміністратора',
  lowStockThresholdInvalid: 'Поріг «закінчується»: ціле число від 0 до 100000',
  categoryUnknown: 'Невідома категорія',
  sortUnknown: 'Невідомий порядок сортування: popular, price_asc, price_desc, newest, rating або alpha_desc',
  inStockInvalid: 'Тільки в наявності: true або false',
  productNotFound: 'Товар не знайдено',
  idInvalid: 'Некоректний ідентифікатор',
  numberRequired: (p) => `${ukFields[p.field as Field]}: вкажіть число`,
  productNameRequired: 'Вкажіть назву',
  productNameTooShort: 'Назва: щонайменше 2 символи',
  productNameTooLong: (p) => `Назва: не довше ${p.max} символів`,
  priceNegative: 'Ціна не може бути від’ємною',
  priceTooBig: 'Ціна завелика',
  discountInteger: 'Знижка: ціле число відсотків',
  discountRange: 'Знижка: від 0 до 100 %',
  imageRequired: 'Вкажіть зображення',
  imagePathTooLong: 'Шлях до зображення задовгий',
  imagePathInvalid: 'Зображення: завантажте файл або вкажіть шлях, що починається з «/»',
  producerRequired: 'Вкажіть виробника',
  producerTooLong: 'Виробник: не довше 100 символів',
  producerWrongCategory: (p) => `Виробник не підходить до категорії: оберіть ${p.producers}`,
  categoryRequired: 'Оберіть категорію зі списку',
  descriptionRequired: 'Вкажіть опис',
  descriptionTooLong: (p) => `Опис: не довше ${p.max} символів`,
  stockInteger: 'Кількість на складі: ціле число',
  stockNegative: 'Кількість на складі не може бути від’ємною',
  stockTooBig: 'Кількість на складі завелика',
  weightPositive: 'Вага має бути більшою за 0',
  weightTooBig: 'Вага: не більше 1000 кг',
  cropYearInteger: 'Рік урожаю: ціле число',
  cropYearTooEarly: (p) => `Рік урожаю: не раніше ${p.min}`,
  cropYearInFuture: 'Рік урожаю ще не настав',
  alfaRange: 'Альфа-кислоти: від 0 до 25 %',
  fermentTempTooLong: 'Температура бродіння: не довше 50 символів',
  fermentTypeInvalid: 'Тип бродіння: верхове або низове',
  variantsRequired: 'Додайте щонайменше одну фасовку',
  variantsTooMany: (p) => `Не більше ${p.max} фасовок в одного товару`,
  skuRequired: 'Вкажіть артикул (SKU)',
  skuInvalid: 'Артикул: латинські літери, цифри, «-», «_» або «.», до 64 символів',
  variantLabelRequired: 'Вкажіть фасовку, наприклад «100 г» або «1 шт»',
  variantLabelTooLong: 'Фасовка: не довше 40 символів',
  gtinInvalid: 'Штрихкод (GTIN): 8, 12, 13 або 14 цифр',
  productStatusInvalid: 'Стан товару: чернетка, опубліковано або приховано',
  variantIdInvalid: 'Некоректний ідентифікатор фасовки',
  bulkChangeEmpty: 'Вкажіть ціну, знижку або кількість для кожної фасовки',
  bulkChangesTooMany: (p) => `Не більше ${p.max} фасовок за раз`,
  imagesTooMany: (p) => `Не більше ${p.max} зображень в одного товару`,
  imageAltTooLong: (p) => `Опис зображення: не довше ${p.max} символів`,
  lineOptionsInvalid: 'Невідома опція позиції',
  ratingRequired: 'Оберіть оцінку',
  ratingInteger: 'Оцінка: ціле число від 1 до 5',
  ratingRange: 'Оцінка: від 1 до 5',
  commentRequired: 'Напишіть коментар',
  commentTooLong: (p) => `Коментар: не довше ${p.max} символів`,

  // orders and delivery
  recipientRequired: 'Вкажіть ім’я та прізвище отримувача',
  cityRequired: 'Вкажіть населений пункт',
  branchRequired: 'Оберіть відділення Нової пошти',
  cityFromList: 'Оберіть населений пункт зі списку',
  productIdInvalid: 'Некоректний ідентифікатор товару',
  qtyNotNumber: 'Кількість має бути числом',
  qtyNotInteger: 'Кількість має бути цілим числом',
  qtyMin: 'Кількість щонайменше 1',
  qtyMax: (p) => `Кількість не більше ${p.max}`,
  orderItemsRequired: 'Додайте товари до замовлення',
  cartEmpty: 'Кошик порожній',
  tooManyLines: (p) => `Не більше ${p.max} позицій в одному замовленні`,
  paymentMethodRequired: 'Оберіть спосіб оплати',
  orderLinkInvalid: 'Некоректне посилання на замовлення',
  orderStatusUnknown: 'Невідомий стан замовлення',
  refundLinesRequired: 'Оберіть рядки замовлення для повернення',
  refundReasonRequired: 'Вкажіть причину повернення',
  trackingNumberRequired: 'Вкажіть номер ТТН',
  trackingNumberInvalid: 'Номер ТТН складається з 14 цифр',
  paymentIdRequired: 'Немає ідентифікатора платежу',
  paymentIdInvalid: 'Некоректний ідентифікатор платежу',
  paymentDataInvalid: 'Некоректні дані платежу',
  novaPoshtaRefInvalid: 'Некоректне посилання на довідник Нової пошти',
  queryTooLong: (p) => `${ukFields[p.field as Field]} не довше за ${p.max} символів`,
  branchTypeInvalid: 'Тип пункту: branch, locker або cargo',
  limitMin: 'Кількість щонайменше 1',
  streetRequired: 'Оберіть вулицю зі списку',
  houseRequired: 'Вкажіть номер будинку',
  houseInvalid: 'Номер будинку: до 10 символів, наприклад 12 або 12а',
  flatInvalid: 'Квартира: до 10 символів',
  orderCommentTooLong: (p) => `Коментар до замовлення: не довше ${p.max} символів`,
  parcelWeightInvalid: 'Вага посилки: число від 0,1 до 1000 кг',
  declaredValueInvalid: 'Оголошена вартість: число від 0 до 1 000 000 грн',

  // settings
  notText: 'Має бути текстом',
  amountNotNumber: 'Вкажіть суму числом',
  amountNegative: 'Сума не може бути від’ємною',
  amountTooBig: 'Забагато',
  amountCents: 'Не більше двох знаків після коми',
  shopNameRequired: 'Вкажіть назву магазину',
  shopEmailInvalid: 'Некоректна адреса електронної пошти',
  taxIdInvalid: 'ЄДРПОУ — 8 цифр, ІПН — 10 цифр',
  hotlineFirmIdInvalid: 'Номер магазину на Hotline — лише цифри',
  brandTooLong: 'Бренд — не довше 100 символів',
  googleCategoryInvalid: 'Категорія Google — її номер (наприклад, 3577) або шлях англійською',
  cardNumberInvalid: 'Номер картки — 16 цифр',
  ibanInvalid: 'IBAN: UA і 27 цифр',
  cardNumberChecksum: 'Номер картки з помилкою: перевірте цифри (контрольна сума не сходиться)',
  ibanChecksum: 'IBAN з помилкою: контрольні цифри не сходяться. Перевірте кожну цифру',
  edrpouChecksum: 'Код ЄДРПОУ з помилкою: контрольна цифра не сходиться',
  rnokppChecksum: 'РНОКПП (ІПН) з помилкою: контрольна цифра не сходиться',
  numberUnreadable: 'Вкажіть число цифрами, наприклад 52,20',
  percentNotNumber: 'Вкажіть відсоток числом',
  percentRange: 'Від 0 до 100',
  wholeUnitsRange: (p) => `Ціле число від 1 до ${p.max}`,
  novaPoshtaIdInvalid: 'Ідентифікатор Нової пошти має вигляд 8-4-4-4-12',
  senderPhoneInvalid: 'Номер телефону має бути у форматі +380XXXXXXXXX',
  offerConsentInvalid: 'Згода з офертою: notice або checkbox',

  // legal pages
  legalPageUnknown: 'Такої сторінки немає',
  legalVersionInvalid: 'Номер редакції — ціле число від 1',
  legalTitleRequired: 'Вкажіть заголовок сторінки',
  legalBodyRequired: 'Текст сторінки не може бути порожнім',

  // promo codes
  promoCodeFormat: 'Промокод: від 3 до 32 літер, цифр, «-» або «_», без пробілів',
  promoPercentRange: 'Знижка у відсотках — ціле число від 1 до 100',
  promoAmountRequired: 'Вкажіть суму знижки більше 0 грн',
  promoDateInvalid: 'Дата має вигляд РРРР-ММ-ДД',
  promoDatesOrder: 'Дата завершення не може бути раніше дати початку',
  promoLimitInvalid: 'Ліміт — ціле число від 1 або порожньо',

  // a price list's rows in the import preview (docs/import-export.md)
  importSkuEmpty: 'Порожній артикул',
  importSkuRepeated: (p) => `Артикул повторюється: він уже є в рядку ${p.line}`,
  importPriceEmpty: 'Порожня ціна',
  importNotANumber: (p) => `${ukFields[p.field as Field]}: «${p.text}» не число`,
  importProductUnknown: (p) => `Товару «${p.slug}» немає в каталозі`,
} satisfies Record<string, Text>;

export type MessageKey = keyof typeof uk;

const en: Record<MessageKey, Text> = {
  required: 'Required',
  invalidType: 'Invalid value',
  invalidValue: 'Choose one of the allowed values',
  invalidFormat: 'Invalid format',
  tooSmall: (p) => `At least ${p.min}`,
  tooBig: (p) => `At most ${p.max}`,
  minChars: (p) => `At least ${p.min} characters`,
  maxChars: (p) => `At most ${p.max} characters`,
  minItems: (p) => `At least ${p.min} items`,
  maxItems: (p) => `At most ${p.max} items`,
  unknownKeys: (p) => `Unknown fields: ${p.keys}`,
  invalid: 'Invalid data',

  nameRequired: 'Enter your name',
  nameTooLong: 'The name is too long (up to 100 characters)',
  emailRequired: 'Enter your e-mail',
  emailTooLong: 'The e-mail is too long',
  emailInvalid: 'Invalid e-mail address',
  passwordRequired: 'Enter your password',
  passwordTooShort: (p) => `The password must be at least ${p.min} characters long`,
  passwordTooLong: (p) => `The password is too long (up to ${p.max} characters)`,
  passwordInvalid: 'Invalid password',
  adminFlagInvalid: 'The admin flag must be yes or no',
  resetLinkInvalid: 'The link is not valid',
  phoneRequired: 'Enter a phone number',
  phoneInvalid: 'Enter a Ukrainian number: 10 digits, e.g. 067 123 45 67 or +380 67 123 45 67',

  pageNotNumber: 'The page number must be a number',
  pageNotInteger: 'The page number must be a whole number',
  pageFromOne: 'Pages start at 1',
  pageInvalid: 'Invalid page number',
  dashboardPeriodInvalid: 'Period: 7, 30 or 90 days',
  customerIdInvalid: 'Invalid customer id',
  auditEntityUnknown: 'Unknown kind of entry: product, order, category, producer, settings, user, legal, promo_code or import',
  auditActorInvalid: 'Invalid admin id',
  lowStockThresholdInvalid: 'Low-stock threshold: a whole number from 0 to 100000',
  categoryUnknown: 'Unknown category',
  sortUnknown: 'Unknown sort order: popular, price_asc, price_desc, newest, rating or alpha_desc',
  inStockInvalid: 'In stock only: true or false',
  productNotFound: 'Product not found',
  idInvalid: 'Invalid identifier',
  numberRequired: (p) => `${enFields[p.field as Field]}: enter a number`,
  productNameRequired: 'Enter a name',
  productNameTooShort: 'Name: at least 2 characters',
  productNameTooLong: (p) => `Name: at most ${p.max} characters`,
  priceNegative: 'The price cannot be negative',
  priceTooBig: 'The price is too high',
  discountInteger: 'Discount: a whole number of per cent',
  discountRange: 'Discount: from 0 to 100 %',
  imageRequired: 'Add an image',
  imagePathTooLong: 'The image path is too long',
  imagePathInvalid: 'Image: upload a file or give a path starting with “/”',
  producerRequired: 'Enter the producer',
  producerTooLong: 'Producer: at most 100 characters',
  producerWrongCategory: (p) => `The producer does not fit the category: choose ${p.producers}`,
  categoryRequired: 'Choose a category from the list',
  descriptionRequired: 'Enter a description',
  descriptionTooLong: (p) => `Description: at most ${p.max} characters`,
  stockInteger: 'Count in stock: a whole number',
  stockNegative: 'The count in stock cannot be negative',
  stockTooBig: 'The count in stock is too high',
  weightPositive: 'The weight must be above 0',
  weightTooBig: 'Weight: at most 1000 kg',
  cropYearInteger: 'Crop year: a whole number',
  cropYearTooEarly: (p) => `Crop year: not before ${p.min}`,
  cropYearInFuture: 'That crop year has not come yet',
  alfaRange: 'Alpha acids: from 0 to 25 %',
  fermentTempTooLong: 'Fermentation temperature: at most 50 characters',
  fermentTypeInvalid: 'Fermentation: top or bottom',
  variantsRequired: 'Add at least one pack size',
  variantsTooMany: (p) => `At most ${p.max} pack sizes per product`,
  skuRequired: 'Enter the SKU',
  skuInvalid: 'SKU: Latin letters, digits, "-", "_" or ".", up to 64 characters',
  variantLabelRequired: 'Enter the pack size, e.g. "100 г" or "1 шт"',
  variantLabelTooLong: 'Pack size: at most 40 characters',
  gtinInvalid: 'Barcode (GTIN): 8, 12, 13 or 14 digits',
  productStatusInvalid: 'Product status: draft, published or hidden',
  variantIdInvalid: 'Invalid pack size identifier',
  bulkChangeEmpty: 'Give a price, a discount or a stock for each pack size',
  bulkChangesTooMany: (p) => `At most ${p.max} pack sizes at once`,
  imagesTooMany: (p) => `At most ${p.max} images per product`,
  imageAltTooLong: (p) => `Image description: at most ${p.max} characters`,
  lineOptionsInvalid: 'Unknown line option',
  ratingRequired: 'Choose a rating',
  ratingInteger: 'Rating: a whole number from 1 to 5',
  ratingRange: 'Rating: from 1 to 5',
  commentRequired: 'Write a comment',
  commentTooLong: (p) => `Comment: at most ${p.max} characters`,

  recipientRequired: 'Enter the recipient’s full name',
  cityRequired: 'Enter the town or city',
  branchRequired: 'Choose a Nova Poshta branch',
  cityFromList: 'Choose the town from the list',
  productIdInvalid: 'Invalid product identifier',
  qtyNotNumber: 'The quantity must be a number',
  qtyNotInteger: 'The quantity must be a whole number',
  qtyMin: 'The quantity is at least 1',
  qtyMax: (p) => `The quantity is at most ${p.max}`,
  orderItemsRequired: 'Add products to the order',
  cartEmpty: 'The cart is empty',
  tooManyLines: (p) => `At most ${p.max} lines in one order`,
  paymentMethodRequired: 'Choose a payment method',
  orderLinkInvalid: 'Invalid order link',
  orderStatusUnknown: 'Unknown order status',
  refundLinesRequired: 'Choose the order lines to refund',
  refundReasonRequired: 'Give the reason for the refund',
  trackingNumberRequired: 'Enter the waybill number',
  trackingNumberInvalid: 'A waybill number has 14 digits',
  paymentIdRequired: 'The payment identifier is missing',
  paymentIdInvalid: 'Invalid payment identifier',
  paymentDataInvalid: 'Invalid payment data',
  novaPoshtaRefInvalid: 'Invalid Nova Poshta directory reference',
  queryTooLong: (p) => `${enFields[p.field as Field]}: at most ${p.max} characters`,
  branchTypeInvalid: 'Point type: branch, locker or cargo',
  limitMin: 'The count is at least 1',
  streetRequired: 'Choose the street from the list',
  houseRequired: 'Enter the house number',
  houseInvalid: 'House number: up to 10 characters, e.g. 12 or 12a',
  flatInvalid: 'Flat: up to 10 characters',
  orderCommentTooLong: (p) => `Order comment: at most ${p.max} characters`,
  parcelWeightInvalid: 'Parcel weight: a number from 0.1 to 1000 kg',
  declaredValueInvalid: 'Declared value: a number from 0 to 1,000,000 UAH',

  notText: 'Must be text',
  amountNotNumber: 'Enter the amount as a number',
  amountNegative: 'The amount cannot be negative',
  amountTooBig: 'Too much',
  amountCents: 'At most two digits after the decimal point',
  shopNameRequired: 'Enter the shop’s name',
  shopEmailInvalid: 'Invalid e-mail address',
  taxIdInvalid: 'EDRPOU: 8 digits, IPN: 10 digits',
  hotlineFirmIdInvalid: 'The shop’s Hotline number is digits only',
  brandTooLong: 'The brand is at most 100 characters long',
  googleCategoryInvalid: 'Google’s category: its id (e.g. 3577) or its path',
  cardNumberInvalid: 'A card number has 16 digits',
  ibanInvalid: 'IBAN: UA and 27 digits',
  cardNumberChecksum: 'The card number has a typo: its check digit does not match',
  ibanChecksum: 'The IBAN has a typo: its check digits do not match. Check every digit',
  edrpouChecksum: 'The EDRPOU code has a typo: its check digit does not match',
  rnokppChecksum: 'The RNOKPP (IPN) has a typo: its check digit does not match',
  numberUnreadable: 'Enter a number in digits, e.g. 52.20',
  percentNotNumber: 'Enter the percentage as a number',
  percentRange: 'From 0 to 100',
  wholeUnitsRange: (p) => `A whole number from 1 to ${p.max}`,
  novaPoshtaIdInvalid: 'A Nova Poshta identifier looks like 8-4-4-4-12',
  senderPhoneInvalid: 'The phone number must look like +380XXXXXXXXX',
  offerConsentInvalid: 'Offer consent: notice or checkbox',

  legalPageUnknown: 'There is no such page',
  legalVersionInvalid: 'A version number is a whole number from 1',
  legalTitleRequired: 'Enter the page’s title',
  legalBodyRequired: 'The page’s text cannot be empty',

  promoCodeFormat: 'A promo code is 3 to 32 letters, digits, “-” or “_”, no spaces',
  promoPercentRange: 'A percentage is a whole number from 1 to 100',
  promoAmountRequired: 'Enter a discount above 0 UAH',
  promoDateInvalid: 'A date looks like YYYY-MM-DD',
  promoDatesOrder: 'The end date cannot be before the start date',
  promoLimitInvalid: 'A limit is a whole number from 1, or empty',

  importSkuEmpty: 'Empty SKU',
  importSkuRepeated: (p) => `The SKU repeats: it is already on line ${p.line}`,
  importPriceEmpty: 'Empty price',
  importNotANumber: (p) => `${enFields[p.field as Field]}: "${p.text}" is not a number`,
  importProductUnknown: (p) => `No product "${p.slug}" in the catalogue`,
};

const catalogues: Record<Locale, Record<MessageKey, Text>> = { uk, en };

/** A schema's message: the key, with its parameters when the text needs them. */
export function msg(key: MessageKey, params?: Params): string {
  return params ? `${key}|${JSON.stringify(params)}` : key;
}

/** The key and parameters of a message made by `msg`, or null for any other text. */
export function parseMessage(message: string): { code: MessageKey; params?: Params } | null {
  const bar = message.indexOf('|');
  const code = bar === -1 ? message : message.slice(0, bar);
  if (!isMessageKey(code)) return null;
  if (bar === -1) return { code };
  try {
    return { code, params: JSON.parse(message.slice(bar + 1)) as Params };
  } catch {
    return null;
  }
}

export function isMessageKey(code: string): code is MessageKey {
  return Object.hasOwn(uk, code);
}

/** The text of a key in a language; `params` fill its blanks. */
export function messageText(code: MessageKey, params: Params = {}, locale: Locale = 'uk'): string {
  const text = catalogues[locale][code] as Text;
  return typeof text === 'function' ? text(params) : text;
}

/** The text of a schema's message in a language; a message that is not a key is shown as it is. */
export function localizeMessage(message: string, locale: Locale = 'uk'): string {
  const parsed = parseMessage(message);
  return parsed ? messageText(parsed.code, parsed.params, locale) : message;
}
