import type { LegalPageKey } from '../../../shared/legal.js';

/**
 * The texts a new shop starts with (docs/domain.md): version 1 of each legal page, written at
 * start-up when the page has none. They are templates: the owner has a lawyer check them and saves
 * the shop's own version in the admin (/admin/legal). Ukrainian is binding; English is a translation.
 */
export interface LegalTemplate {
  title: string;
  body: string;
  titleEn: string;
  bodyEn: string;
}

const TEMPLATE_NOTE_UK = '> **Це шаблон.** Перш ніж покладатися на нього, власник магазину має перевірити текст із юристом і зберегти власну редакцію.';
const TEMPLATE_NOTE_EN = '> **This is a template.** Before relying on it the shop’s owner has it checked by a lawyer and saves the shop’s own version.';

const SELLER_UK = `**Продавець:** {{legalName}}, код ЄДРПОУ/РНОКПП {{edrpou}}.
**Адреса:** {{address}}.
**Телефон:** {{phone}}, **e-mail:** {{email}}.`;
const SELLER_EN = `**Seller:** {{legalName}}, EDRPOU/taxpayer number {{edrpou}}.
**Address:** {{address}}.
**Phone:** {{phone}}, **e-mail:** {{email}}.`;

const offer: LegalTemplate = {
  title: 'Публічна оферта',
  body: `${TEMPLATE_NOTE_UK}

Цей документ — публічна пропозиція (оферта) інтернет-магазину «{{shopName}}» ({{siteUrl}}) укласти договір купівлі-продажу товарів дистанційним способом на умовах, викладених нижче.

${SELLER_UK}

## 1. Укладення договору
1. Договір укладено з моменту, коли покупець на останньому кроці оформлення замовлення натиснув кнопку «Замовити» (і поставив позначку згоди з цією офертою, якщо магазин її просить).
2. Оформлюючи замовлення, покупець підтверджує, що ознайомився з цією офертою, [Політикою конфіденційності](/privacy), умовами [доставки й оплати](/delivery) та [обміну й повернення](/returns).
3. Кожне замовлення зберігає номер редакції оферти, чинної на момент його оформлення; посилання на неї є на сторінці замовлення.

## 2. Товар і ціна
1. Опис, ціна й наявність товару вказані на його сторінці. Ціни — у гривнях; остаточна сума замовлення показується перед підтвердженням.
2. Ціна товару в оформленому замовленні не змінюється.
3. Інгредієнти (хміль, дріжджі, солод) є харчовими продуктами з обмеженим строком придатності й особливими умовами зберігання. Обладнання — непродовольчі товари.

## 3. Оплата й доставка
Способи оплати й доставки, строки та вартість описано на сторінці [«Доставка і оплата»](/delivery). Право власності й ризик випадкової загибелі товару переходять до покупця з моменту отримання посилки.

## 4. Відмова від договору та повернення
1. Покупець має право відмовитися від товару належної якості протягом **14 днів** з дня його отримання без пояснення причин, крім товарів, які за законодавством обміну та поверненню не підлягають.
2. Інгредієнти (хміль, дріжджі, солод) — швидкопсувні харчові продукти: після розкриття упаковки вони поверненню й обміну **не підлягають**.
3. Обладнання належної якості можна повернути протягом 14 днів, якщо воно не було у використанні та збережено його товарний вигляд, комплектність і упаковку.
4. Гроші за повернений товар продавець повертає **не пізніше 30 днів** з дня отримання заяви й товару, тим самим способом, яким було сплачено, якщо сторони не домовились інакше.
5. Докладно — на сторінці [«Обмін та повернення»](/returns).

## 5. Якість товару
Якщо товар виявився неналежної якості, покупець має права, передбачені законодавством України про захист прав споживачів: заміну, зменшення ціни, ремонт обладнання або повернення грошей.

## 6. Персональні дані
Продавець обробляє персональні дані покупця лише для виконання замовлення, як описано в [Політиці конфіденційності](/privacy).

## 7. Інше
1. Продавець може змінювати цю оферту; нова редакція діє для замовлень, оформлених після її публікації.
2. Спори сторони вирішують шляхом переговорів, а якщо не домовились — у порядку, встановленому законодавством України.
3. Звернення й претензії приймаються за адресою {{email}} або телефоном {{phone}}.
`,
  titleEn: 'Public offer',
  bodyEn: `${TEMPLATE_NOTE_EN}

This document is the public offer of the online shop “{{shopName}}” ({{siteUrl}}) to conclude a distance contract of sale of goods on the terms below. The Ukrainian text is binding; this is a translation.

${SELLER_EN}

## 1. Conclusion of the contract
1. The contract is concluded when the buyer presses the “Place Order” button at the last step of the checkout (and ticks the consent to this offer, when the shop asks for it).
2. By placing an order the buyer confirms having read this offer, the [Privacy policy](/privacy), the terms of [delivery and payment](/delivery) and of [exchange and returns](/returns).
3. Every order keeps the number of the version of this offer in force when it was placed; its page links to that version.

## 2. Goods and price
1. A product’s description, price and availability are on its page. Prices are in hryvnias; the order’s total is shown before confirmation.
2. The price of goods in a placed order does not change.
3. Ingredients (hops, yeast, malt) are food products with a limited shelf life and special storage conditions. Equipment is non-food goods.

## 3. Payment and delivery
Payment and delivery methods, terms and costs are described on the [Delivery and payment](/delivery) page. Ownership and the risk of accidental loss pass to the buyer on receipt of the parcel.

## 4. Withdrawal and returns
1. The buyer may withdraw from the purchase of goods of proper quality within **14 days** of receipt without giving reasons, except goods that the law excludes from exchange and return.
2. Ingredients (hops, yeast, malt) are perishable food: once their packaging is opened they are **not** returned or exchanged.
3. Equipment of proper quality may be returned within 14 days if it has not been used and keeps its appearance, completeness and packaging.
4. The seller refunds the money for returned goods **within 30 days** of receiving the request and the goods, by the method it was paid, unless agreed otherwise.
5. Details are on the [Exchange and returns](/returns) page.

## 5. Quality
If goods prove defective, the buyer has the rights given by Ukrainian consumer protection law: replacement, a lower price, repair of equipment or a refund.

## 6. Personal data
The seller processes the buyer’s personal data only to fulfil the order, as described in the [Privacy policy](/privacy).

## 7. Other terms
1. The seller may change this offer; a new version applies to orders placed after its publication.
2. The parties settle disputes by negotiation and otherwise as Ukrainian law provides.
3. Requests and claims are accepted at {{email}} or by phone at {{phone}}.
`,
};

const privacy: LegalTemplate = {
  title: 'Політика конфіденційності',
  body: `${TEMPLATE_NOTE_UK}

Ця політика пояснює, які персональні дані збирає інтернет-магазин «{{shopName}}» ({{siteUrl}}), навіщо і як їх захищає. Володілець персональних даних — {{legalName}}, код ЄДРПОУ/РНОКПП {{edrpou}}, {{address}}.

## Які дані ми збираємо
- Ім’я та прізвище отримувача, номер телефону, населений пункт і відділення Нової пошти — щоб доставити замовлення.
- Адресу електронної пошти — щоб надіслати підтвердження й новини про замовлення.
- Дані облікового запису (якщо ви зареєструвались): ім’я, e-mail, пароль у вигляді незворотного хешу.
- Дані про оплату, які передає платіжний сервіс (ідентифікатор і статус платежу). Номерів карток ми не отримуємо й не зберігаємо.

## Навіщо
Лише для оформлення, оплати, доставки замовлень і зв’язку з вами щодо них, а також для виконання вимог законодавства (облік, податкова звітність). Розсилок без вашої згоди ми не надсилаємо.

## Кому передаємо
Перевізнику (ТОВ «Нова Пошта») — для доставки; платіжним сервісам (monobank, LiqPay, PayPal) — для оплати. Іншим особам — лише у випадках, передбачених законом.

## Скільки зберігаємо
Дані замовлень — стільки, скільки вимагає законодавство про бухгалтерський облік; обліковий запис — доки ви його не видалите.

## Ваші права
Відповідно до Закону України «Про захист персональних даних» ви маєте право знати, які дані про вас обробляються, вимагати їх виправлення чи видалення, відкликати згоду. Пишіть на {{email}}.

## Файли cookie
Сайт використовує лише необхідні cookie: для входу в обліковий запис і кошика. Рекламних і аналітичних cookie немає.
`,
  titleEn: 'Privacy policy',
  bodyEn: `${TEMPLATE_NOTE_EN}

This policy explains what personal data the online shop “{{shopName}}” ({{siteUrl}}) collects, why, and how it protects it. The controller of personal data is {{legalName}}, EDRPOU/taxpayer number {{edrpou}}, {{address}}.

## What we collect
- The recipient’s full name, phone number, settlement and Nova Poshta branch, to deliver the order.
- An e-mail address, to send the confirmation and news about the order.
- Account data (if you register): name, e-mail, and the password as an irreversible hash.
- Payment data passed on by the payment service (the payment’s id and status). We never receive or keep card numbers.

## Why
Only to place, pay for and deliver orders and to contact you about them, and to meet legal duties (accounting, tax reports). We send no newsletters without your consent.

## Who receives it
The carrier (Nova Poshta) for delivery; payment services (monobank, LiqPay, PayPal) for payment. Anyone else only where the law requires it.

## How long we keep it
Order data as long as accounting law requires; an account until you delete it.

## Your rights
Under the Law of Ukraine “On Personal Data Protection” you may learn what data about you is processed, have it corrected or erased, and withdraw your consent. Write to {{email}}.

## Cookies
The site uses only necessary cookies: for signing in and for the cart. There are no advertising or analytics cookies.
`,
};

const delivery: LegalTemplate = {
  title: 'Доставка і оплата',
  body: `${TEMPLATE_NOTE_UK}

## Доставка
- Відправляємо Новою поштою по всій Україні: у відділення, поштомат або вантажне відділення.
- Замовлення, оплачені до 14:00, відправляємо того ж робочого дня; решту — наступного.
- Вартість доставки — за тарифами Нової пошти, якщо на сторінці оформлення не вказано інше; від суми, зазначеної в кошику, доставка може бути безкоштовною.
- Після відправлення ми надсилаємо номер ТТН на e-mail; стан посилки видно на сторінці замовлення.
- Дріжджі й хміль пакуємо з охолоджувальними елементами в теплу пору року.

## Оплата
- Онлайн карткою, Apple Pay чи Google Pay через monobank або карткою через LiqPay чи PayPal.
- Переказом на картку чи рахунок (IBAN) продавця — реквізити будуть у листі й на сторінці замовлення.
- Накладеним платежем у відділенні Нової пошти (перевізник бере комісію за переказ).

Неоплачене онлайн-замовлення скасовується автоматично, якщо оплата не надійшла вчасно.

Питання щодо доставки: {{phone}}, {{email}}.
`,
  titleEn: 'Delivery and payment',
  bodyEn: `${TEMPLATE_NOTE_EN}

## Delivery
- We ship with Nova Poshta all over Ukraine: to a branch, a parcel locker or a cargo branch.
- Orders paid before 14:00 leave the same working day; others the next one.
- Delivery costs Nova Poshta’s tariff unless the checkout says otherwise; above the amount shown in the cart delivery may be free.
- Once shipped, we e-mail the waybill number; the parcel’s status is on the order’s page.
- In the warm season yeast and hops travel with ice packs.

## Payment
- Online by card, Apple Pay or Google Pay through monobank, or by card through LiqPay or PayPal.
- By transfer to the seller’s card or account (IBAN): the details are in the e-mail and on the order’s page.
- Cash on delivery at the Nova Poshta branch (the carrier charges a fee for the transfer).

An online order left unpaid is cancelled automatically when payment does not arrive in time.

Questions about delivery: {{phone}}, {{email}}.
`,
};

const returns: LegalTemplate = {
  title: 'Обмін та повернення',
  body: `${TEMPLATE_NOTE_UK}

## Інгредієнти: хміль, дріжджі, солод
Це швидкопсувні харчові продукти з особливими умовами зберігання (холод, вакуумна упаковка). Інгредієнти належної якості **після розкриття упаковки поверненню й обміну не підлягають**, адже продавець не може перевірити, як їх зберігали. Нерозкриту упаковку можна повернути протягом 14 днів з дня отримання, якщо не минув строк придатності.

## Обладнання
Обладнання належної якості (кеги, крани, фітинги, охолоджувачі, вимірювальні прилади) можна повернути або обміняти **протягом 14 днів** з дня отримання, якщо воно не було у використанні, збережено товарний вигляд, комплектність, пломби, ярлики й упаковку.

## Товар неналежної якості
Якщо товар має недолік або пошкоджений під час доставки, повідомте нас якнайшвидше (для пошкоджень — під час отримання, склавши акт у відділенні Нової пошти). Ви маєте права, передбачені законодавством України про захист прав споживачів; доставку такого товару оплачує продавець.

## Як повернути
1. Напишіть на {{email}} або зателефонуйте {{phone}}: номер замовлення, товар і причину.
2. Надішліть товар Новою поштою на адресу, яку ми вкажемо. Доставку товару належної якості оплачує покупець.
3. Гроші повертаємо **не пізніше 30 днів** з дня отримання заяви й товару, тим самим способом, яким було сплачено (або на картку, яку ви вкажете).

Продавець: {{legalName}}, код ЄДРПОУ/РНОКПП {{edrpou}}, {{address}}.
`,
  titleEn: 'Exchange and returns',
  bodyEn: `${TEMPLATE_NOTE_EN}

## Ingredients: hops, yeast, malt
These are perishable food products with special storage conditions (cold, vacuum packing). Ingredients of proper quality **are not returned or exchanged once their packaging is opened**, since the seller cannot check how they were kept. An unopened pack may be returned within 14 days of receipt while within its shelf life.

## Equipment
Equipment of proper quality (kegs, taps, fittings, chillers, measuring tools) may be returned or exchanged **within 14 days** of receipt if it has not been used and keeps its appearance, completeness, seals, labels and packaging.

## Defective goods
If goods are defective or damaged in transit, tell us as soon as you can (for damage: on receipt, with a report drawn up at the Nova Poshta branch). You have the rights given by Ukrainian consumer protection law; the seller pays the delivery of such goods.

## How to return
1. Write to {{email}} or call {{phone}}: the order number, the goods and the reason.
2. Send the goods with Nova Poshta to the address we give. The buyer pays the delivery of goods of proper quality.
3. We refund **within 30 days** of receiving the request and the goods, by the method you paid (or to a card you name).

Seller: {{legalName}}, EDRPOU/taxpayer number {{edrpou}}, {{address}}.
`,
};

export const LEGAL_TEMPLATES: Record<LegalPageKey, LegalTemplate> = { offer, privacy, delivery, returns };
