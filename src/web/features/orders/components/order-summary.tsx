import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import type { OrderPrices } from '../../../../shared/pricing';
import { formatUah } from '../../../components/format';

type SummaryLabels = {
  items: string;
  delivery: string;
  deliveryByCarrier: string;
  deliveryFree: string;
  tax: string;
  total: string;
  promo: (code: string) => string;
  promoFreeDelivery: string;
};

/** The money of a cart or an order, with the promo code it carries (null: none). */
type SummaryPrices = OrderPrices & { promoCode?: string | null };

/** The summary card of /placeorder and /order/{id}: its title, the money rows in hryvnia, then the actions. */
export function OrderSummaryCard({
  id,
  title,
  prices,
  labels,
  children,
}: {
  id: string;
  title: string;
  prices: SummaryPrices;
  labels: SummaryLabels;
  children?: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={id}>
      <ListGroup variant="flush">
        <ListGroup.Item>
          <h2 id={id} className="h4 mb-0">
            {title}
          </h2>
        </ListGroup.Item>
        <OrderSummaryRows prices={prices} labels={labels} />
        {children}
      </ListGroup>
    </Card>
  );
}

/**
 * Items, the promo code's discount (or its free delivery), delivery (a sum, free, or Nova Poshta's
 * tariff paid on pickup), tax only when charged, total.
 */
export function OrderSummaryRows({ prices, labels }: { prices: SummaryPrices; labels: SummaryLabels }) {
  const delivery = prices.shippingByCarrier ? labels.deliveryByCarrier : prices.shippingPrice === 0 ? labels.deliveryFree : formatUah(prices.shippingPrice);
  const promo: [string, string, boolean][] = prices.promoCode
    ? [[labels.promo(prices.promoCode), prices.discountPrice > 0 ? `−${formatUah(prices.discountPrice)}` : labels.promoFreeDelivery, false]]
    : [];
  const rows: [string, string, boolean][] = [
    [labels.items, formatUah(prices.itemsPrice), false],
    ...promo,
    [labels.delivery, delivery, false],
    ...(prices.taxPrice > 0 ? [[labels.tax, formatUah(prices.taxPrice), false] as [string, string, boolean]] : []),
    [labels.total, formatUah(prices.totalPrice), true],
  ];
  return (
    <>
      {rows.map(([label, amount, strong]) => (
        <ListGroup.Item key={label} className="d-flex justify-content-between gap-3">
          <Cell strong={strong}>{label}</Cell>
          <Cell strong={strong} className="text-end">
            {amount}
          </Cell>
        </ListGroup.Item>
      ))}
    </>
  );
}

const Cell = ({ strong, className, children }: { strong: boolean; className?: string; children: ReactNode }) =>
  strong ? <strong className={className}>{children}</strong> : <span className={className}>{children}</span>;
