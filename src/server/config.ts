import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
// Also for its side effect: zod's own checks answer with message keys.
import '../shared/schema-messages.js';
import { localizeMessage } from '../shared/validation-messages.js';

/** The shop's whole configuration: docs/configuration.md. Nothing else reads process.env. */

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

/** The demo's admin password, printed in the README: refused in production (docs/deploy.md). */
export const DEMO_ADMIN_PASSWORD = 'admin12345';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'має починатися з postgres://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** The built web app to serve; `npm run build` writes it here. */
  WEB_DIR: z.string().min(1).default('./dist/web'),
  JWT_SECRET: z.string().min(32, 'щонайменше 32 символи').optional(),
  ADMIN_EMAIL: z.email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(8).default(DEMO_ADMIN_PASSWORD),
  SEED_DEMO: bool.optional(),
  NOVA_POSHTA_API_URL: z.url().default('https://api.novaposhta.ua/v2.0/json/'),
  NOVA_POSHTA_API_KEY: z.string().min(1).optional(),
  NOVA_POSHTA_PRINT_URL: z.url().default('https://my.novaposhta.ua/orders/'),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_API_URL: z.url().default('https://api-m.sandbox.paypal.com'),
  PAYMENTS_TEST_MODE: bool.optional(),
  /** The NBU's official rates as JSON; PayPal charges are converted at its USD rate. */
  EXCHANGE_RATE_URL: z.url().default('https://bank.gov.ua/NBUStatService/v1/statdirectory/exchange?valcode=USD&json'),
  /** UAH per dollar, e.g. 41.2345: replaces the NBU's rate (also when it is unreachable). */
  USD_UAH_RATE: z.coerce.number().positive().max(10_000).optional(),
  LIQPAY_PUBLIC_KEY: z.string().min(1).optional(),
  LIQPAY_PRIVATE_KEY: z.string().min(1).optional(),
  LIQPAY_CHECKOUT_URL: z.url().default('https://www.liqpay.ua/api/3/checkout'),
  /** monobank acquiring (Plata by mono): the merchant's X-Token turns the method on. */
  MONOBANK_TOKEN: z.string().min(1).optional(),
  MONOBANK_API_URL: z.url().default('https://api.monobank.ua'),
  PAGE_SIZE: z.coerce.number().int().min(1).max(100).default(12),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'має починатися з redis://')
    .optional(),
  /** Sign-in and registration requests per IP address in one window. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(100),
  /** Failed sign-ins and registrations per e-mail address from one client address in one window. */
  AUTH_RATE_LIMIT_EMAIL: z.coerce.number().int().min(1).default(10),
  /** Failed sign-ins to one account from all addresses in one minute before it waits out the minute. */
  AUTH_ACCOUNT_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).max(100).default(10),
  /** Failed sign-ins to one account from all addresses in one hour (ASVS: at most 100). */
  AUTH_ACCOUNT_FAILURES_PER_HOUR: z.coerce.number().int().min(1).max(100).default(100),
  AUTH_RATE_WINDOW_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** Orders without an account per IP address per hour. */
  GUEST_ORDER_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(10_000),
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).default(256),
  /**
   * Which proxies may tell the client's address (X-Forwarded-For): unset trusts none, so nobody
   * can dodge the per-IP limits by sending the header; a hop count, or addresses/CIDRs, comma-separated.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(\d+|true|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, 'кількість проксі, true або адреси через кому')
    .optional(),
  /** The shop's public address: canonical links, the sitemap and the price feeds name pages by it. */
  SITE_URL: z
    .url()
    .regex(/^https?:\/\/[^/?#]+\/?$/, 'лише схема й адреса, напр. https://shop.example')
    .optional(),
  /** Where e-mail goes out, e.g. smtp://user:pass@mail.example:587; unset writes .eml files to DATA_DIR/mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'має починатися з smtp:// або smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Хмільна крамниця <shop@example.com>'),
  /** Guest-order confirmations and password-reset letters one address may get in 24 hours; the rest are dropped. */
  MAIL_PER_RECIPIENT_PER_DAY: z.coerce.number().int().min(1).max(1000).default(5),
  /** Who in the shop hears of every new order; the shop's e-mail from the settings when unset. */
  SHOP_NOTIFY_EMAIL: z.email().optional(),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d+:[\w-]+$/, 'токен бота виду 123456:ABC…')
    .optional(),
  TELEGRAM_CHAT_ID: z
    .string()
    .regex(/^-?\d+$|^@\w+$/, 'числовий id чату або @канал')
    .optional(),
  TELEGRAM_API_URL: z.url().default('https://api.telegram.org'),
  /** Checkbox, the software cash register (ПРРО) issuing fiscal receipts: docs/fiscal.md. */
  CHECKBOX_API_URL: z.url().default('https://api.checkbox.ua'),
  CHECKBOX_LICENSE_KEY: z.string().min(1).optional(),
  CHECKBOX_LOGIN: z.string().min(1).optional(),
  CHECKBOX_PASSWORD: z.string().min(1).optional(),
  CHECKBOX_PIN: z
    .string()
    .regex(/^\d{4,10}$/, 'PIN-код касира: лише цифри')
    .optional(),
  /** The hour (Kyiv time, 0–23) at which the day's shift is closed with a Z-report. */
  CHECKBOX_SHIFT_CLOSE_HOUR: z.coerce.number().int().min(0).max(23).default(23),
  /** How long a PayPal or LiqPay order may stay unpaid before it is cancelled and its stock returned. */
  UNPAID_ORDER_TTL_MINUTES: z.coerce.number().int().min(1).default(2880),
  /** How long a cash-on-delivery or transfer order may wait for the shop's confirmation before it is cancelled and its stock returned. */
  UNCONFIRMED_ORDER_TTL_MINUTES: z.coerce.number().int().min(1).default(1440),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Bearer token of GET /metrics (docs/deploy.md); unset: there is no /metrics. */
  METRICS_TOKEN: z.string().min(16, 'щонайменше 16 символів').optional(),
  /** Days a sent notice is kept before it is deleted (docs/notifications.md). */
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Failed attempts after which a notice is parked as dead until an admin retries it. */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  uploadsDir: string;
  webDir: string;
  jwtSecret: string;
  admin: { email: string; password: string };
  /** undefined: seed the demo catalogue only into a new embedded database. */
  seedDemo: boolean | undefined;
  /** `printUrl`: where Nova Poshta prints markings of waybills (the key goes in its path, so only the server calls it). */
  novaPoshta: { apiUrl: string; apiKey: string | undefined; printUrl: string };
  paypal: { clientId: string | undefined; clientSecret: string | undefined; apiUrl: string };
  paymentsTestMode: boolean;
  exchangeRate: { url: string; fixedRate: number | undefined };
  /** Both keys, or null when LiqPay is not set up. */
  liqpay: { publicKey: string; privateKey: string; checkoutUrl: string } | null;
  /** The merchant token and API origin, or null when monobank is not set up. */
  monobank: { token: string; apiUrl: string } | null;
  pageSize: number;
  redisUrl: string | undefined;
  /** Brute-force limits on POST /api/users/auth and POST /api/users. */
  authRateLimit: { perIp: number; perEmail: number; windowMs: number; perAccountBurst: number; perAccountHour: number };
  /** Guest orders per IP address per hour (docs/delivery.md). */
  guestOrdersPerHour: number;
  /** Open connections per process and per client address (docs/deploy.md, "Connections"). */
  connectionLimits: { total: number; perAddress: number };
  logLevel: string;
  /** Notices: e-mail through SMTP (or .eml files in mailDir), Telegram to the owner. */
  mail: { smtpUrl: string | undefined; from: string; shopNotifyEmail: string | undefined; mailDir: string; perRecipientPerDay: number };
  telegram: { apiUrl: string; botToken: string; chatId: string } | undefined;
  unpaidOrderTtlMs: number;
  /** Fiscal receipts through Checkbox; null when not set up (nothing is sent then). */
  checkbox: CheckboxConfig | null;
  unconfirmedOrderTtlMs: number;
  /** Without a trailing slash, e.g. "https://shop.example". */
  siteUrl: string;
  trustProxy: boolean | number | string[];
  /** GET /metrics answers only `Authorization: Bearer <metricsToken>`; undefined: no /metrics. */
  metricsToken: string | undefined;
  outbox: { retentionMs: number; maxAttempts: number };
}

export interface CheckboxConfig {
  /** The origin, e.g. https://api.checkbox.ua (the client adds /api/v1). */
  apiUrl: string;
  licenseKey: string;
  cashier: { login: string; password: string } | { pinCode: string };
  shiftCloseHour: number;
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Readonly<Config> {
  // An empty variable means "not set", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${localizeMessage(issue.message, 'en')}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR);

  const refusals = [...checkboxRefusals(env), ...(isProduction ? productionRefusals(env) : [])];
  if (refusals.length) throw new ConfigError(`Invalid configuration:\n${refusals.map((line) => `  ${line}`).join('\n')}`);

  return Object.freeze({
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    webDir: path.resolve(env.WEB_DIR),
    jwtSecret: env.JWT_SECRET ?? devSecret(dataDir),
    admin: { email: env.ADMIN_EMAIL.trim().toLowerCase(), password: env.ADMIN_PASSWORD },
    // A real shop never gets demo products and fake reviews.
    seedDemo: isProduction ? false : env.SEED_DEMO,
    novaPoshta: { apiUrl: env.NOVA_POSHTA_API_URL, apiKey: env.NOVA_POSHTA_API_KEY, printUrl: env.NOVA_POSHTA_PRINT_URL.replace(/\/?$/, '/') },
    paypal: { clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET, apiUrl: env.PAYPAL_API_URL },
    // Test payments are for demos and development; production must opt in explicitly.
    paymentsTestMode: env.PAYMENTS_TEST_MODE ?? (!isProduction && !env.PAYPAL_CLIENT_SECRET),
    exchangeRate: { url: env.EXCHANGE_RATE_URL, fixedRate: env.USD_UAH_RATE },
    liqpay:
      env.LIQPAY_PUBLIC_KEY && env.LIQPAY_PRIVATE_KEY
        ? { publicKey: env.LIQPAY_PUBLIC_KEY, privateKey: env.LIQPAY_PRIVATE_KEY, checkoutUrl: env.LIQPAY_CHECKOUT_URL }
        : null,
    monobank: env.MONOBANK_TOKEN ? { token: env.MONOBANK_TOKEN, apiUrl: env.MONOBANK_API_URL.replace(/\/$/, '') } : null,
    pageSize: env.PAGE_SIZE,
    redisUrl: env.REDIS_URL,
    authRateLimit: {
      perIp: env.AUTH_RATE_LIMIT,
      perEmail: env.AUTH_RATE_LIMIT_EMAIL,
      windowMs: env.AUTH_RATE_WINDOW_MINUTES * 60_000,
      perAccountBurst: env.AUTH_ACCOUNT_FAILURES_PER_MINUTE,
      perAccountHour: env.AUTH_ACCOUNT_FAILURES_PER_HOUR,
    },
    guestOrdersPerHour: env.GUEST_ORDER_RATE_LIMIT,
    connectionLimits: { total: env.MAX_CONNECTIONS, perAddress: env.MAX_CONNECTIONS_PER_ADDRESS },
    logLevel: env.LOG_LEVEL,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      shopNotifyEmail: env.SHOP_NOTIFY_EMAIL,
      mailDir: path.join(dataDir, 'mail'),
      perRecipientPerDay: env.MAIL_PER_RECIPIENT_PER_DAY,
    },
    telegram:
      env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_CHAT_ID
        ? { apiUrl: env.TELEGRAM_API_URL.replace(/\/$/, ''), botToken: env.TELEGRAM_BOT_TOKEN, chatId: env.TELEGRAM_CHAT_ID }
        : undefined,
    unpaidOrderTtlMs: env.UNPAID_ORDER_TTL_MINUTES * 60_000,
    checkbox: checkboxConfigOf(env),
    unconfirmedOrderTtlMs: env.UNCONFIRMED_ORDER_TTL_MINUTES * 60_000,
    siteUrl: (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN,
    outbox: { retentionMs: env.OUTBOX_RETENTION_DAYS * 24 * 60 * 60_000, maxAttempts: env.OUTBOX_MAX_ATTEMPTS },
  });
}

/** What a production start must not run with. */
function productionRefusals(env: z.output<typeof EnvSchema>): string[] {
  const refusals: string[] = [];
  if (!env.JWT_SECRET) refusals.push('JWT_SECRET: required in production');
  if (env.ADMIN_PASSWORD === DEMO_ADMIN_PASSWORD) {
    refusals.push(`ADMIN_PASSWORD: the demo password ${DEMO_ADMIN_PASSWORD} is refused in production; set one of your own`);
  }
  if (env.SEED_DEMO) refusals.push('SEED_DEMO: the demo catalogue is never seeded in production');
  return refusals;
}

/** Checkbox needs the cash register's licence key and a cashier: login and password, or a PIN. */
function checkboxConfigOf(env: z.output<typeof EnvSchema>): CheckboxConfig | null {
  const cashier = env.CHECKBOX_PIN
    ? { pinCode: env.CHECKBOX_PIN }
    : env.CHECKBOX_LOGIN && env.CHECKBOX_PASSWORD
      ? { login: env.CHECKBOX_LOGIN, password: env.CHECKBOX_PASSWORD }
      : null;
  if (!env.CHECKBOX_LICENSE_KEY || !cashier) return null;
  return { apiUrl: env.CHECKBOX_API_URL.replace(/\/+$/, ''), licenseKey: env.CHECKBOX_LICENSE_KEY, cashier, shiftCloseHour: env.CHECKBOX_SHIFT_CLOSE_HOUR };
}

/** Half a Checkbox set-up would silently issue no receipts: refused at start instead. */
function checkboxRefusals(env: z.output<typeof EnvSchema>): string[] {
  const anySet = env.CHECKBOX_LICENSE_KEY || env.CHECKBOX_LOGIN || env.CHECKBOX_PASSWORD || env.CHECKBOX_PIN;
  if (!anySet || checkboxConfigOf(env)) return [];
  if (!env.CHECKBOX_LICENSE_KEY) return ['CHECKBOX_LICENSE_KEY: required with the Checkbox cashier credentials'];
  return ['CHECKBOX_LOGIN and CHECKBOX_PASSWORD (or CHECKBOX_PIN): required with CHECKBOX_LICENSE_KEY'];
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (!value) return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

/** Development secret: generated once and kept in DATA_DIR so sessions survive restarts. */
function devSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
