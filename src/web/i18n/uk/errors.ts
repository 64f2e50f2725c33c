/** Server error codes (docs/errors.md) in the shopper's words; an unknown code shows the server's text. */
type Params = Record<string, string | number | undefined>;
type Text = string | ((p: Params) => string);

const kg = (n: string | number | undefined) => Number(n ?? 0).toLocaleString('uk-UA', { maximumFractionDigits: 2 });

export const errors = {
  validation: (details: string) => `Некоректні дані (${details})`,
  codes: {
    VALIDATION_ERROR: 'Некоректні дані',
    BAD_INPUT: 'Некоректні дані',
    FST_ERR_CTP_INVALID_JSON_BODY: 'Тіло запиту не є коректним JSON',
    FST_ERR_CTP_EMPTY_JSON_BODY: 'Тіло запиту не є коректним JSON',
    FST_ERR_CTP_BODY_TOO_LARGE: 'Запит завеликий',
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Непідтримуваний тип вмісту',
    TOO_MANY_REQUESTS: 'Забагато спроб. Спробуйте пізніше',
    NOT_SIGNED_IN: 'Увійдіть, щоб продовжити',
    UNAUTHORIZED: 'Увійдіть, будь ласка',
    FORBIDDEN: 'Недостатньо прав',
    ADMIN_ONLY: 'Лише для адміністраторів',
    NOT_FOUND: 'Не знайдено',
    CONFLICT: 'Такий запис уже існує або пов’язаний з іншими даними',
    INTERNAL: 'Внутрішня помилка сервера',
    DB_UNAVAILABLE: 'Сервіс тимчасово недоступний. Спробуйте за кілька секунд',

    BAD_CREDENTIALS: 'Невірна електронна пошта або пароль',
    EMAIL_TAKEN: 'Користувач з такою електронною поштою вже існує',
    TOO_MANY_ATTEMPTS: (p) => {
      const seconds = Number(p.seconds ?? 60);
      return `Забагато спроб. Спробуйте знову через ${seconds < 60 ? `${Math.max(1, seconds)} с` : `${Math.ceil(seconds / 60)} хв`}`;
    },
    PASSWORD_TOO_COMMON: 'Цей пароль надто поширений і його легко вгадати. Оберіть інший',
    ACCOUNT_THROTTLED: (p) => {
      const seconds = Number(p.seconds ?? 60);
      return `Забагато невдалих спроб увійти в цей обліковий запис. Спробуйте знову через ${seconds < 60 ? `${Math.max(1, seconds)} с` : `${Math.ceil(seconds / 60)} хв`} або змініть пароль за посиланням «Забули пароль?»`;
    },
    CURRENT_PASSWORD_REQUIRED: 'Щоб змінити електронну пошту чи пароль, введіть поточний пароль',
    WRONG_CURRENT_PASSWORD: 'Поточний пароль невірний',
    RESET_TOKEN_INVALID: 'Посилання для зміни пароля недійсне або застаріле. Попросіть нове',
    USER_NOT_FOUND: 'Користувача не знайдено',
    ADMIN_PROTECTED: 'Обліковий запис адміністратора не можна змінювати чи видаляти',
    CANNOT_DELETE_SELF: 'Не можна видалити власний обліковий запис',

    PRODUCT_NOT_FOUND: 'Товар не знайдено',
    ALREADY_REVIEWED: 'Ви вже залишили відгук на цей товар',
    NOT_MULTIPART: 'Надішліть файл у полі image (multipart/form-data)',
    NO_FILE: 'Оберіть файл зображення',
    WRONG_FIELD: 'Файл має надходити в полі image',
    FILE_TOO_LARGE: 'Файл завеликий: не більше 10 МБ',
    UNSUPPORTED_IMAGE: 'Файл не схожий на зображення JPEG, PNG чи WebP або пошкоджений',

    ORDER_NOT_FOUND: 'Замовлення не знайдено',
    IDEMPOTENCY_KEY_REUSED: 'Цей ключ Idempotency-Key уже використано для іншого замовлення. Оформіть замовлення ще раз',
    ORDER_OUTCOME_UNKNOWN:
      'Зв’язок із базою даних перервався саме під час оформлення. Перевірте «Мої замовлення» або спробуйте ще раз за хвилину: замовлення не задвоїться',
    BAD_IDEMPOTENCY_KEY: 'Некоректний заголовок Idempotency-Key',
    PAYMENT_METHOD_UNAVAILABLE: 'Цей спосіб оплати зараз недоступний. Оберіть інший',
    BRANCH_NOT_IN_SETTLEMENT: 'Обране відділення не належить до цього населеного пункту або вже не працює. Оберіть відділення ще раз',
    PRODUCT_GONE: 'Деяких товарів із кошика вже немає в каталозі. Оновіть кошик',
    ORDER_LINE_LIMIT: (p) => `Не більше ${p.max} од. товару «${p.product}» в одному замовленні. Для більшої кількості зв’яжіться з магазином`,
    ORDER_SIZE_LIMIT: (p) => `Не більше ${p.max} одиниць товару в одному замовленні. Для більшого замовлення зв’яжіться з магазином`,
    ORDER_NEEDS_CONFIRMATION: (p) => `Таку кількість товару «${p.product}» магазин має підтвердити: зв’яжіться з нами, і ми оформимо замовлення`,
    ORDER_CONFIRMED: 'Замовлення підтверджене',
    OUT_OF_STOCK: (p) => `Товару «${p.product}» недостатньо на складі`,
    PARCEL_TOO_HEAVY: (p) => `Посилка важить ${kg(p.weightKg)} кг, а «${p.branch}» приймає до ${kg(p.maxWeightKg)} кг. Оберіть інше відділення`,
    ORDER_ALREADY_CLAIMED: 'Це замовлення вже додано до іншого облікового запису',
    ORDER_CANCELLED: 'Замовлення скасоване',
    ORDER_ALREADY_PAID: 'Замовлення вже оплачене',
    ORDER_ALREADY_SHIPPED: 'Замовлення вже відправлене',
    ORDER_ALREADY_DELIVERED: 'Замовлення вже доставлене',
    ORDER_NOT_PAID: 'Замовлення ще не оплачене: відправити чи доставити його можна лише після оплати',
    ORDER_NOT_SHIPPED: 'Замовлення ще не відправлене',
    ORDER_BAD_TRANSITION: 'Неможлива зміна стану замовлення',
    ORDER_NOT_CANCELLABLE: 'Це замовлення вже оплачене або відправлене: щоб скасувати його, зверніться до магазину',
    ORDER_PAID_ONLINE: 'Онлайн-оплату підтверджує платіжна система, а не адміністратор',
    NOVA_POSHTA_KEY_MISSING: 'Щоб створювати ТТН, налаштуйте ключ API Нової пошти (NOVA_POSHTA_API_KEY)',
    NOVA_POSHTA_SENDER_MISSING: 'Заповніть відправника Нової пошти в налаштуваннях магазину',

    NOT_YOUR_ORDER: 'Оплатити замовлення може лише його покупець',
    TEST_PAYMENTS_DISABLED: 'Тестову оплату вимкнено',
    PAYPAL_ORDER_MISMATCH: 'Цей платіж PayPal створено не для цього замовлення',
    PAYMENT_REUSED: 'Цей платіж уже зараховано за інше замовлення',
    PAYPAL_NOT_CONFIGURED: 'Оплату через PayPal на цьому сервері не налаштовано',
    PAYPAL_NOT_CREATED: 'Для цього замовлення ще не створено платіж PayPal',
    PAYMENT_OTHER_ORDER: 'Цей платіж зроблено за інше замовлення',
    PAYMENT_NOT_COMPLETED: 'Платіж PayPal ще не завершено',
    PAYMENT_DECLINED: 'PayPal відхилив платіж',
    PAYMENT_NOT_FOUND: 'PayPal не знає такого платежу',
    PAYMENT_WRONG_CURRENCY: (p) => `Платіж має бути в ${p.expected}, а не в ${p.got}`,
    PAYMENT_WRONG_AMOUNT: 'Сума платежу не збігається з сумою замовлення',
    PAYPAL_UNAVAILABLE: 'Не вдалося перевірити платіж у PayPal. Спробуйте ще раз пізніше',
    PAYPAL_TIMEOUT: 'PayPal не відповів вчасно. Спробуйте ще раз за хвилину',
    EXCHANGE_RATE_UNAVAILABLE: 'Не вдалося отримати курс НБУ для оплати в доларах. Спробуйте пізніше',
    LIQPAY_NOT_CONFIGURED: 'Оплату карткою через LiqPay не налаштовано',
    LIQPAY_BAD_SIGNATURE: 'Неправильний підпис LiqPay',
    LIQPAY_BAD_DATA: 'Незрозумілі дані LiqPay',

    // Both the shipping step (which then offers typing the branch) and the admin's waybill get these.
    NOVA_POSHTA_UNAVAILABLE: 'Нова пошта зараз не відповідає як слід. Спробуйте ще раз трохи згодом',
    NOVA_POSHTA_TIMEOUT: 'Нова пошта не відповіла вчасно. Спробуйте ще раз трохи згодом',
  } satisfies Record<string, Text>,
};
