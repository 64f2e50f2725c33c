import { AppError } from '../../errors.js';

/** The provider as the admin's messages name it. */
export type RefundProviderName = 'LiqPay' | 'PayPal' | 'monobank';

/**
 * How a provider's refund ends when it does not succeed (docs/payments.md, "Refunds"): refused
 * for certain (nothing was given back: the refund is recorded as failed), or unknown (no answer, a
 * 5xx, nonsense: the money may have gone, so the refund stays pending and keeps counting).
 */
export class RefundRefused extends AppError<'REFUND_PROVIDER_REFUSED'> {
  constructor(
    readonly provider: RefundProviderName,
    readonly reason: string,
  ) {
    super('REFUND_PROVIDER_REFUSED', { provider, reason });
  }
}

export class RefundOutcomeUnknown extends AppError<'REFUND_PROVIDER_TIMEOUT' | 'REFUND_PROVIDER_UNAVAILABLE'> {
  constructor(provider: RefundProviderName, timeout: boolean, detail: string) {
    super(timeout ? 'REFUND_PROVIDER_TIMEOUT' : 'REFUND_PROVIDER_UNAVAILABLE');
    this.cause = detail;
  }
}
