import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The shop's whole configuration: DESIGN.md §3. Nothing else reads process.env. */

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

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
  ADMIN_PASSWORD: z.string().min(8).default('admin12345'),
  SEED_DEMO: bool.optional(),
  NOVA_POSHTA_API_URL: z.url().default('https://api.novaposhta.ua/v2.0/json/'),
  NOVA_POSHTA_API_KEY: z.string().min(1).optional(),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_API_URL: z.url().default('https://api-m.sandbox.paypal.com'),
  PAYMENTS_TEST_MODE: bool.optional(),
  PAGE_SIZE: z.coerce.number().int().min(1).max(100).default(12),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'має починатися з redis://')
    .optional(),
  /** Sign-in and registration requests per IP address in one window. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(100),
  /** Failed sign-ins and registrations per e-mail address in one window. */
  AUTH_RATE_LIMIT_EMAIL: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_WINDOW_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  /**
   * Which proxies may tell the client's address (X-Forwarded-For): unset trusts none, so nobody
   * can dodge the per-IP limits by sending the header; a hop count, or addresses/CIDRs, comma-separated.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(\d+|true|[0-9a-fA-F.:/]+(\s*,\s*[0-9a-fA-F.:/]+)*)$/, 'кількість проксі, true або адреси через кому')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
  novaPoshta: { apiUrl: string; apiKey: string | undefined };
  paypal: { clientId: string | undefined; clientSecret: string | undefined; apiUrl: string };
  paymentsTestMode: boolean;
  pageSize: number;
  redisUrl: string | undefined;
  /** Brute-force limits on POST /api/users/auth and POST /api/users. */
  authRateLimit: { perIp: number; perEmail: number; windowMs: number };
  logLevel: string;
  trustProxy: boolean | number | string[];
}

export class ConfigError extends Error {}

/** Parses the environment once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Readonly<Config> {
  // An empty variable means "not set", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR);

  if (isProduction && !env.JWT_SECRET) throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required in production');

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
    seedDemo: env.SEED_DEMO,
    novaPoshta: { apiUrl: env.NOVA_POSHTA_API_URL, apiKey: env.NOVA_POSHTA_API_KEY },
    paypal: { clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET, apiUrl: env.PAYPAL_API_URL },
    // Test payments are for demos and development; production must opt in explicitly.
    paymentsTestMode: env.PAYMENTS_TEST_MODE ?? (!isProduction && !env.PAYPAL_CLIENT_SECRET),
    pageSize: env.PAGE_SIZE,
    redisUrl: env.REDIS_URL,
    authRateLimit: {
      perIp: env.AUTH_RATE_LIMIT,
      perEmail: env.AUTH_RATE_LIMIT_EMAIL,
      windowMs: env.AUTH_RATE_WINDOW_MINUTES * 60_000,
    },
    logLevel: env.LOG_LEVEL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  });
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
