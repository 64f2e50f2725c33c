import { formatDeliveryDay } from '../../../../shared/delivery';
import { formatUah } from '../../../components/format';
import { useT } from '../../../i18n';
import { checkoutTexts } from '../../../i18n/feature-texts/checkout';

export interface DeliveryCostProps {
  /** Nova Poshta's tariff and day; null or undefined when it did not answer (the old wording then). */
  estimate: { cost: number | null; date: string | null } | null | undefined;
  /** Still asking Nova Poshta. */
  loading?: boolean;
  /** The shop's rules leave delivery to Nova Poshta's tariff, paid on pickup (docs/pricing.md). */
  byCarrier: boolean;
  /** What the shop charges for delivery when not by the carrier: 0 is free. */
  shippingPrice: number;
}

/**
 * "Доставка: ≈ 95 грн, орієнтовно 27.11 (тариф Нової пошти, оплачується при отриманні)" on the
 * shipping, review and order pages (docs/delivery.md). Free or fixed delivery by the shop's rules
 * shows its own price, with Nova Poshta's day when known.
 */
export function DeliveryCost({ estimate, loading = false, byCarrier, shippingPrice }: DeliveryCostProps) {
  const t = useT(checkoutTexts).checkout;
  const day = estimate?.date ? formatDeliveryDay(estimate.date) : null;
  let text: string;
  let note: string | null = null;
  if (loading) text = t.estimateLoading;
  else if (!byCarrier) text = [shippingPrice === 0 ? t.deliveryFree : formatUah(shippingPrice), day && t.estimateDay(day)].filter(Boolean).join(', ');
  else if (estimate?.cost != null) {
    text = t.estimateByCarrier(formatUah(estimate.cost), day);
    note = t.estimateCarrierNote;
  } else text = t.deliveryByCarrier;
  return (
    <p className="mb-1" data-testid="delivery-cost">
      <strong>{t.delivery}:</strong> {text}
      {note && <span className="text-body-secondary"> ({note})</span>}
    </p>
  );
}
