/**
 * Every error code the API answers (docs/errors.md), declared once: its HTTP status and the blanks
 * of its text. The words are in ./uk.ts and ./en.ts; a code missing there, or thrown without its
 * blanks, fails the type check. A code with several statuses lists them, the usual one first.
 */

/** A value that fills a blank of a code's text; it travels as the answer's `params`. */
export type Blank = string | number;
type Blanks = Record<string, Blank | undefined>;

/** The blanks' types only: the object itself is empty. */
const blanks = <P extends Blanks>(): P => ({}) as P;

/** Why a price list could not be read (IMPORT_UNREADABLE). */
export type UnreadableReason = 'empty' | 'noHeader' | 'notText' | 'csvFormat' | 'partTooLarge' | 'brokenZip' | 'notXlsx' | 'noSheet' | 'sheetEmpty' | 'doctype';

/** What is wrong in a recipe file's XML (RECIPE_INVALID_XML, RECIPE_UNSAFE_XML; docs/recipes.md). */
export type RecipeXmlFault =
  | 'ampersand'
  | 'unknownEntity'
  | 'doctype'
  | 'textOutsideRoot'
  | 'unclosedComment'
  | 'unclosedCdata'
  | 'cdataOutsideRoot'
  | 'unknownMarkup'
  | 'unclosedInstruction'
  | 'badClosingTag'
  | 'extraClosingTag'
  | 'mismatchedTag'
  | 'badTag'
  | 'unclosedTag'
  | 'badAttribute'
  | 'attributeWithoutValue'
  | 'unquotedAttribute'
  | 'unclosedAttribute'
  | 'tooManyElements'
  | 'secondRoot'
  | 'tooDeep'
  | 'noElement';

/** Why a recipe's field cannot be read (RECIPE_BAD_FIELD). */
export type RecipeFieldProblem =
  | 'empty'
  | 'notANumber'
  | 'negative'
  | 'notAnObject'
  | 'notAListOfObjects'
  | 'noValue'
  | 'unknownUnit'
  | 'notPercent'
  | 'noBatchSize'
  | 'noIngredients'
  | 'noAmount'
  | 'hopExtract';

/** Which ingredient of a recipe a complaint is about. */
export type RecipePart = 'fermentable' | 'hop' | 'yeast' | 'misc';

/** The unit a missing amount or batch size is expected in. */
export type RecipeUnit = 'kg' | 'g' | 'l';

/**
 * Where in a recipe file a field is and what is wrong with it: the line (XML), the recipe (its name,
 * or its number before the name is read), the ingredient (kind and number), the field, the problem,
 * and the value or unit quoted; `alternative` names another field that would also do.
 */
type RecipeFieldBlanks = {
  line?: number;
  recipe?: string;
  recipeNumber?: number;
  part?: RecipePart;
  partNumber?: number;
  field: string;
  problem: RecipeFieldProblem;
  value?: string;
  unit?: RecipeUnit;
  alternative?: string;
};

export const ERROR_CODES = {
  // Any route (src/server/plugins/errors.ts)
  VALIDATION_ERROR: { status: 400, params: blanks<{ detail?: string }>() },
  BAD_INPUT: { status: 400 },
  BAD_REQUEST: { status: 400 },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400 },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400 },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413 },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415 },
  TOO_MANY_REQUESTS: { status: 429 },
  NOT_SIGNED_IN: { status: 401 },
  UNAUTHORIZED: { status: 401 },
  ADMIN_ONLY: { status: 403 },
  NOT_FOUND: { status: 404, params: blanks<{ route: string }>() },
  CONFLICT: { status: 409 },
  INTERNAL: { status: 500 },
  DB_UNAVAILABLE: { status: 503 },
  HOTLINE_FIRM_ID_MISSING: { status: 503 },
  ORDER_OUTCOME_UNKNOWN: { status: 503 },

  // Accounts
  PASSWORD_TOO_COMMON: { status: 400 },
  ACCOUNT_THROTTLED: { status: 429, params: blanks<{ seconds: number }>() },
  BAD_CREDENTIALS: { status: 401 },
  EMAIL_TAKEN: { status: 409 },
  TOO_MANY_ATTEMPTS: { status: 429, params: blanks<{ seconds: number }>() },
  CURRENT_PASSWORD_REQUIRED: { status: 400 },
  WRONG_CURRENT_PASSWORD: { status: 403 },
  UNSUBSCRIBE_LINK_INVALID: { status: 400 },
  RESET_TOKEN_INVALID: { status: 400 },
  USER_NOT_FOUND: { status: 404 },
  ADMIN_PROTECTED: { status: 403 },
  CANNOT_DELETE_SELF: { status: 403 },

  // Catalogue
  PRODUCT_NOT_FOUND: { status: 404 },
  FILTER_UNKNOWN: { status: 400, params: blanks<{ param: string }>() },
  FILTER_INVALID: { status: 400, params: blanks<{ param: string }>() },
  CATEGORY_NOT_FOUND: { status: 404 },
  CATEGORY_UNKNOWN: { status: 400 },
  CATEGORY_PARENT_INVALID: { status: 400 },
  CATEGORY_SLUG_FIXED: { status: 400 },
  CATEGORY_SLUG_TAKEN: { status: 409, params: blanks<{ slug: string }>() },
  CATEGORY_IN_USE: { status: 409, params: blanks<{ count: number }>() },
  CATEGORY_HAS_CHILDREN: { status: 409, params: blanks<{ count: number }>() },
  ATTRIBUTE_REPEATED: { status: 400, params: blanks<{ key: string }>() },
  ATTRIBUTE_IN_USE: { status: 409, params: blanks<{ key: string }>() },
  PRODUCER_NOT_FOUND: { status: 404 },
  PRODUCER_TAKEN: { status: 409, params: blanks<{ name: string }>() },
  PRODUCER_IN_USE: { status: 409, params: blanks<{ count: number }>() },
  PRICE_REQUIRED_TO_PUBLISH: { status: 400 },
  VARIANTS_REQUIRED: { status: 400 },
  VARIANT_UNKNOWN: { status: 400, params: blanks<{ variant?: string; product?: string }>() },
  VARIANT_REPEATED: { status: 400, params: blanks<{ variant?: string }>() },
  SKU_DUPLICATE: { status: 400, params: blanks<{ sku: string }>() },
  ALREADY_REVIEWED: { status: 409 },
  NOT_MULTIPART: { status: 400, params: blanks<{ field: string }>() },
  NO_FILE: { status: 400 },
  WRONG_FIELD: { status: 400, params: blanks<{ field: string }>() },
  FILE_TOO_LARGE: { status: 413 },
  UNSUPPORTED_IMAGE: { status: 415 },

  // Import, export and packing
  IMPORT_UNREADABLE: { status: 400, params: blanks<{ reason: UnreadableReason; line?: number }>() },
  IMPORT_ENCODING: { status: 400 },
  IMPORT_COLUMN_MISSING: { status: 400, params: blanks<{ column: string }>() },
  IMPORT_COLUMN_REPEATED: { status: 400, params: blanks<{ column: string }>() },
  IMPORT_MAPPING_INVALID: { status: 400 },
  IMPORT_TOO_MANY_ROWS: { status: 400, params: blanks<{ max: number }>() },
  IMPORT_TOO_LARGE: { status: 413 },
  IMPORT_HAS_ERRORS: { status: 400, params: blanks<{ lines: string }>() },
  IMPORT_NOT_FOUND: { status: 404 },
  IMPORT_ALREADY_APPLIED: { status: 409 },
  IMPORT_STALE: { status: 409, params: blanks<{ sku: string }>() },
  NOVA_POSHTA_NOT_CONFIGURED: { status: 400 },
  WAYBILL_MISSING: { status: 400, params: blanks<{ orders: string }>() },
  WAYBILL_LABELS_UNAVAILABLE: { status: 502 },

  // Recipes
  RECIPE_UNSAFE_XML: { status: 400, params: blanks<{ line?: number }>() },
  RECIPE_INVALID_XML: { status: 400, params: blanks<{ line?: number; xml: RecipeXmlFault; tag?: string; expected?: string; openLine?: number }>() },
  RECIPE_ENCODING: { status: 400, params: blanks<{ encoding?: string }>() },
  RECIPE_NOT_BEERXML: { status: 400, params: blanks<{ line?: number; format: 'beerxml' | 'beerjson' }>() },
  RECIPE_TOO_MANY_INGREDIENTS: { status: 400, params: blanks<{ line?: number; recipe: string; count: number; max: number }>() },
  RECIPE_BAD_FIELD: { status: 400, params: blanks<RecipeFieldBlanks>() },
  RECIPE_INVALID_JSON: { status: 400, params: blanks<{ line?: number }>() },
  RECIPE_UNKNOWN_FORMAT: { status: 400 },
  RECIPE_NOT_IN_FILE: { status: 400, params: blanks<{ count: number; number: number }>() },
  RECIPE_NO_FILE: { status: 400 },
  RECIPE_TOO_LARGE: { status: 413 },
  RECIPE_NOT_FOUND: { status: 404 },
  RECIPE_LIMIT: { status: 409, params: blanks<{ max: number }>() },

  // Orders
  ORDER_NOT_FOUND: { status: 404 },
  BAD_IDEMPOTENCY_KEY: { status: 400 },
  IDEMPOTENCY_KEY_REUSED: { status: 422 },
  ORDER_LINE_LIMIT: { status: 400, params: blanks<{ product: string; max: number }>() },
  ORDER_SIZE_LIMIT: { status: 400, params: blanks<{ max: number }>() },
  ORDER_NEEDS_CONFIRMATION: { status: 409, params: blanks<{ product: string }>() },
  ORDER_CONFIRMED: { status: 409 },
  PAYPAL_ORDER_MISMATCH: { status: 400 },
  PAYMENT_METHOD_UNAVAILABLE: { status: 400 },
  OFFER_NOT_ACCEPTED: { status: 400 },
  BRANCH_NOT_IN_SETTLEMENT: { status: 400 },
  BRANCH_CLOSED: { status: 400 },
  PRODUCT_GONE: { status: [409, 400] },
  PRODUCT_UNAVAILABLE: { status: 400, params: blanks<{ product: string }>() },
  VARIANT_NOT_OF_PRODUCT: { status: 400, params: blanks<{ product: string }>() },
  VARIANT_ARCHIVED: { status: 400, params: blanks<{ product: string; label: string }>() },
  VARIANT_REQUIRED: { status: 400, params: blanks<{ product: string }>() },
  OPTION_NOT_AVAILABLE: { status: 400, params: blanks<{ product: string; option: string }>() },
  OUT_OF_STOCK: { status: 409, params: blanks<{ product: string }>() },
  PARCEL_TOO_HEAVY: { status: 409, params: blanks<{ weightKg: number; maxWeightKg: number; branch: string }>() },
  ORDER_ALREADY_CLAIMED: { status: 409 },
  ORDER_CANCELLED: { status: 409 },
  ORDER_ALREADY_PAID: { status: 409 },
  ORDER_ALREADY_SHIPPED: { status: 409 },
  ORDER_ALREADY_DELIVERED: { status: 409 },
  ORDER_NOT_PAID: { status: 409 },
  ORDER_NOT_SHIPPED: { status: 409 },
  ORDER_BAD_TRANSITION: { status: 409 },
  ORDER_NOT_CANCELLABLE: { status: 409 },
  ORDER_PAID_ONLINE: { status: 409 },
  NO_FAILED_RECEIPTS: { status: 409 },
  RECEIPT_NOT_SOLD: { status: 409 },
  RETURN_LINES_INVALID: { status: 400 },
  RETURN_TOO_MANY: { status: 409, params: blanks<{ product: string }>() },
  ORDER_ALREADY_RETURNED: { status: 409 },
  ORDER_ALREADY_REFUNDED: { status: 409 },
  REFUND_LINE_UNKNOWN: { status: 400 },
  REFUND_TOO_MANY: { status: 409, params: blanks<{ product: string }>() },
  REFUND_EXCEEDS_PAID: { status: 409 },
  REFUND_PROVIDER_REFUSED: { status: 409, params: blanks<{ provider: string; reason: string }>() },
  REFUND_PROVIDER_UNAVAILABLE: { status: 502 },
  REFUND_PROVIDER_TIMEOUT: { status: 504 },
  NOVA_POSHTA_KEY_MISSING: { status: 409 },
  NOVA_POSHTA_SENDER_MISSING: { status: 409 },
  RECIPIENT_NAME_INCOMPLETE: { status: 409 },

  // Legal pages
  LEGAL_PAGE_NOT_FOUND: { status: 404 },
  LEGAL_VERSION_NOT_FOUND: { status: 404 },
  LEGAL_VERSION_CONFLICT: { status: 409 },

  // Promo codes
  PROMO_CODE_UNKNOWN: { status: 422, params: blanks<{ code: string }>() },
  PROMO_CODE_NOT_YET_VALID: { status: 422, params: blanks<{ code: string; date: string }>() },
  PROMO_CODE_EXPIRED: { status: 422, params: blanks<{ code: string; date: string }>() },
  PROMO_CODE_NOT_APPLICABLE: { status: 422, params: blanks<{ code: string }>() },
  PROMO_CODE_BELOW_MINIMUM: { status: 422, params: blanks<{ code: string; minimum: number; missing: number }>() },
  PROMO_CODE_USED_UP: { status: 422, params: blanks<{ code: string }>() },
  PROMO_CODE_ALREADY_USED: { status: 422, params: blanks<{ code: string }>() },
  PROMO_CODE_TAKEN: { status: 409, params: blanks<{ code: string }>() },
  PROMO_CODE_NOT_FOUND: { status: 404 },
  PROMO_LIMIT_BELOW_USES: { status: 409, params: blanks<{ used: number }>() },

  // Payments
  NOT_YOUR_ORDER: { status: 403 },
  TEST_PAYMENTS_DISABLED: { status: 403 },
  TEST_PAYMENT_OFFLINE_METHOD: { status: 400 },
  PAYMENT_REUSED: { status: 409 },
  ORDER_CANCELLED_PAYMENT_REFUNDED: { status: 409, params: blanks<{ outcome: 'refunded' | 'flagged' }>() },
  PAYPAL_NOT_CONFIGURED: { status: [400, 502] },
  PAYPAL_NOT_CREATED: { status: 400 },
  PAYMENT_OTHER_ORDER: { status: 400 },
  PAYMENT_NOT_COMPLETED: { status: 400 },
  PAYMENT_DECLINED: { status: 400 },
  PAYMENT_NOT_FOUND: { status: 400 },
  PAYMENT_WRONG_CURRENCY: { status: 400, params: blanks<{ expected: string; got: string }>() },
  PAYMENT_WRONG_AMOUNT: { status: 400 },
  PAYPAL_UNAVAILABLE: { status: 502 },
  PAYPAL_TIMEOUT: { status: 504 },
  EXCHANGE_RATE_UNAVAILABLE: { status: [502, 504] },
  LIQPAY_NOT_CONFIGURED: { status: [400, 404, 409] },
  LIQPAY_BAD_SIGNATURE: { status: 400 },
  LIQPAY_BAD_DATA: { status: 400 },
  LIQPAY_UNAVAILABLE: { status: 502 },
  LIQPAY_TIMEOUT: { status: 504 },
  MONOBANK_NOT_CONFIGURED: { status: [400, 404, 409] },
  MONOBANK_BAD_SIGNATURE: { status: 400 },
  MONOBANK_BAD_DATA: { status: 400 },
  MONOBANK_UNKNOWN_INVOICE: { status: 404 },
  MONOBANK_UNAVAILABLE: { status: 502 },
  MONOBANK_TIMEOUT: { status: 504 },

  // Notices and customers (admin)
  CUSTOMER_NOT_FOUND: { status: 404 },
  OUTBOX_MESSAGE_NOT_FOUND: { status: 404 },
  OUTBOX_MESSAGE_NOT_DEAD: { status: 409 },

  // Delivery
  NOVA_POSHTA_UNAVAILABLE: { status: 502 },
  NOVA_POSHTA_TIMEOUT: { status: 504 },
} as const satisfies Record<string, { status: number | readonly number[]; params?: Blanks }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The blanks a code's text needs, or `undefined` for a code with fixed words. */
export type ErrorParams<C extends ErrorCode> = (typeof ERROR_CODES)[C] extends { params: infer P } ? P : undefined;

/** The statuses a code may answer with. */
export type ErrorStatus<C extends ErrorCode> = (typeof ERROR_CODES)[C]['status'] extends infer S ? (S extends readonly (infer N)[] ? N : S) : never;

/** A code's words in one language: fixed text, or a function of its blanks (which a text may leave unused). */
export type ErrorTexts = {
  [C in ErrorCode]: ErrorParams<C> extends undefined ? string : string | ((params: ErrorParams<C>) => string);
};

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
}

/** The status a code answers with unless the thrower picks another of its statuses. */
export function errorStatus(code: ErrorCode): number {
  const status: number | readonly number[] = ERROR_CODES[code].status;
  return typeof status === 'number' ? status : status[0];
}

/** A code's text in the given catalogue (./uk.ts, ./en.ts), its blanks filled. */
export function wordError<C extends ErrorCode>(texts: ErrorTexts, code: C, params?: ErrorParams<C>): string {
  const text = texts[code] as string | ((params: ErrorParams<C>) => string);
  return typeof text === 'string' ? text : text((params ?? {}) as ErrorParams<C>);
}
