import { z } from 'zod';
import { DEFAULT_PAYMENT_METHOD, PAYMENT_METHODS } from './payment-methods.js';

export * from './payment-methods.js';

/**
 * Orders as both sides see them (SPEC.md §3, DESIGN.md §4). The create payload keeps SPEC.md's
 * shape, but the server trusts only product ids and quantities from it: names, images, prices and
 * totals come from the database and the shared pricing rules.
 */

export const MAX_ORDER_LINES = 100;
export const MAX_LINE_QTY = 1000;

/** A Ukrainian mobile number: +380 and nine digits. Spaces, dashes and brackets are forgiven. */
export const UA_PHONE = /^\+380\d{9}$/;
export const PhoneSchema = z
  .string({ error: 'Вкажіть номер телефону' })
  .transform((phone) => phone.replace(/[\s()-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Вкажіть номер телефону')
      .regex(UA_PHONE, 'Номер телефону має бути у форматі +380XXXXXXXXX'),
  );

const requiredText = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Не довше ${max} символів`);

/** SPEC.md §3 shippingAddress: address is the recipient's full name, country the chosen branch. */
export const ShippingAddressSchema = z.object({
  address: requiredText('Вкажіть ім’я та прізвище отримувача', 200),
  city: requiredText('Вкажіть населений пункт', 100),
  phoneNumber: PhoneSchema,
  country: requiredText('Оберіть відділення Нової пошти', 300),
  postalCode: z.string().trim().max(20, 'Не довше 20 символів').optional().default(''),
});
export type ShippingAddress = z.output<typeof ShippingAddressSchema>;
export type ShippingAddressInput = z.input<typeof ShippingAddressSchema>;

export const OrderLineInputSchema = z.object({
  product: z.uuid({ error: 'Некоректний ідентифікатор товару' }),
  qty: z
    .number({ error: 'Кількість має бути числом' })
    .int('Кількість має бути цілим числом')
    .min(1, 'Кількість щонайменше 1')
    .max(MAX_LINE_QTY, `Кількість не більше ${MAX_LINE_QTY}`),
});

/** POST /api/orders. Any other fields (names, prices, totals) are accepted and ignored. */
export const OrderCreateSchema = z.object({
  orderItems: z
    .array(OrderLineInputSchema, { error: 'Додайте товари до замовлення' })
    .min(1, 'Кошик порожній')
    .max(MAX_ORDER_LINES, `Не більше ${MAX_ORDER_LINES} позицій в одному замовленні`),
  shippingAddress: ShippingAddressSchema,
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Оберіть спосіб оплати' }).default(DEFAULT_PAYMENT_METHOD),
});
export type OrderCreate = z.input<typeof OrderCreateSchema>;

export const OrderItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  qty: z.number(),
  image: z.string(),
  /** UAH per unit after the discount at the time of the order. */
  price: z.number(),
  /** null once the product has been deleted from the catalogue. */
  product: z.string().nullable(),
});

export const PaymentResultSchema = z.object({
  id: z.string(),
  status: z.string(),
  update_time: z.string(),
  email_address: z.string(),
});
export type PaymentResult = z.infer<typeof PaymentResultSchema>;

export const OrderSchema = z.object({
  _id: z.string(),
  /** null once the customer's account has been deleted. */
  user: z.object({ _id: z.string(), name: z.string(), email: z.string() }).nullable(),
  shippingAddress: z.object({
    address: z.string(),
    city: z.string(),
    postalCode: z.string(),
    country: z.string(),
    phoneNumber: z.string(),
  }),
  paymentMethod: z.string(),
  orderItems: z.array(OrderItemSchema),
  itemsPrice: z.number(),
  shippingPrice: z.number(),
  taxPrice: z.number(),
  totalPrice: z.number(),
  isPaid: z.boolean(),
  paidAt: z.string().nullable(),
  paymentResult: PaymentResultSchema.nullable(),
  isDelivered: z.boolean(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Order = z.infer<typeof OrderSchema>;

/** Lists (my orders, admin order list) leave the lines out. */
export const OrderSummarySchema = OrderSchema.omit({ orderItems: true, paymentResult: true });
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

/** PUT /api/orders/{id}/pay with PayPal's capture details; the server checks them with PayPal itself. */
export const PayPalPaySchema = z.object({
  id: z.string().trim().min(1, 'Немає ідентифікатора платежу').max(64).regex(/^[A-Za-z0-9-]+$/, 'Некоректний ідентифікатор платежу'),
  status: z.string().max(64).optional(),
  update_time: z.string().max(64).optional(),
  payer: z
    .looseObject({ email_address: z.string().max(320).optional(), payer_id: z.string().max(64).optional() })
    .optional(),
});
export type PayPalPay = z.infer<typeof PayPalPaySchema>;

/** PUT /api/orders/{id}/pay with `{ test: true }`: the 'Test Pay Order' button, only in test mode. */
export const TestPaySchema = z.object({ test: z.literal(true) });

export const PayOrderSchema = z.union([TestPaySchema, PayPalPaySchema], { error: 'Некоректні дані платежу' });
export type PayOrder = z.infer<typeof PayOrderSchema>;

/** GET /api/config/paypal */
export const PayPalConfigSchema = z.object({ clientId: z.string().nullable(), testMode: z.boolean() });
export type PayPalConfig = z.infer<typeof PayPalConfigSchema>;

/** GET /api/delivery/branches?city= */
export const BranchSchema = z.object({ ref: z.string(), number: z.string(), description: z.string() });
export type Branch = z.infer<typeof BranchSchema>;
export const BranchListSchema = z.object({
  branches: z.array(BranchSchema),
  /** true when the answer comes from the offline demo directory, not from Nova Poshta. */
  demo: z.boolean(),
});
export type BranchList = z.infer<typeof BranchListSchema>;
export const BranchQuerySchema = z.object({
  city: z
    .string()
    .max(100, 'Назва населеного пункту не довша за 100 символів')
    .optional()
    .transform((c) => c?.trim() ?? ''),
});
