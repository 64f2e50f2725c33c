import { z } from 'zod';
import { shopDay } from '../../../shared/time-zone.js';
import { isTimeout, upstreamFetch } from '../../observability/upstream.js';
import { AppError } from '../../errors.js';

/**
 * The official UAH per USD rate of the National Bank of Ukraine (docs/payments.md), from its JSON
 * endpoint (`[{"cc":"USD","rate":41.2345,"exchangedate":"22.11.2026"}]`). Fetched with a timeout and
 * kept for the Kyiv calendar day; a fixed rate from the configuration replaces it altogether.
 */

const TIMEOUT_MS = 5_000;

const NbuAnswerSchema = z.array(z.object({ cc: z.string(), rate: z.number().positive().finite(), exchangedate: z.string() })).min(1);

export interface ExchangeRateSettings {
  url: string;
  /** USD_UAH_RATE: overrides the endpoint (and serves when it is unreachable). */
  fixedRate: number | undefined;
  timeoutMs?: number;
}

export class ExchangeRates {
  private cached: { day: string; rate: number } | null = null;

  constructor(
    private readonly settings: ExchangeRateSettings,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** UAH per dollar; 502/504 when the NBU cannot be asked and no fixed rate is set. */
  async usdRate(): Promise<number> {
    if (this.settings.fixedRate) return this.settings.fixedRate;
    const day = shopDay(this.now());
    if (this.cached?.day === day) return this.cached.rate;
    const rate = await this.fetchRate();
    this.cached = { day, rate };
    return rate;
  }

  /** The rate, or null when it cannot be had: for showing, never for charging. */
  async usdRateOrNull(): Promise<number | null> {
    return this.usdRate().catch(() => null);
  }

  private async fetchRate(): Promise<number> {
    let response: Response;
    try {
      response = await upstreamFetch('nbu', this.settings.url, {
        headers: { accept: 'application/json' },
        timeoutMs: this.settings.timeoutMs ?? TIMEOUT_MS,
      });
    } catch (error) {
      const timedOut = isTimeout(error);
      throw unavailable(timedOut ? 'the NBU did not answer in time' : `the NBU is unreachable: ${(error as Error).message}`, timedOut ? 504 : 502);
    }
    if (!response.ok) throw unavailable(`the NBU answered ${response.status}`);
    const parsed = NbuAnswerSchema.safeParse(await response.json().catch(() => null));
    const usd = parsed.success ? parsed.data.find((row) => row.cc === 'USD') : undefined;
    if (!usd) throw unavailable('the NBU answered something other than the USD rate');
    return usd.rate;
  }
}

function unavailable(detail: string, status: 502 | 504 = 502): AppError {
  const error = new AppError('EXCHANGE_RATE_UNAVAILABLE', undefined, { status });
  error.cause = detail;
  return error;
}
