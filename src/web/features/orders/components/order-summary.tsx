import type { ReactNode } from 'react';
import ListGroup from 'react-bootstrap/ListGroup';
import type { OrderPrices } from '../../../../shared/pricing';
import { formatSum } from '../../../components/format';

/** The order's money in SPEC.md §1's observed form: the summary shows a dollar sign. */
export const dollars = (amount: number) => `$${formatSum(amount)}`;

export function OrderSummaryRows({ prices, labels }: { prices: OrderPrices; labels: { items: string; delivery: string; tax: string; total: string } }) {
  const rows: [string, number, boolean][] = [
    [labels.items, prices.itemsPrice, false],
    [labels.delivery, prices.shippingPrice, false],
    [labels.tax, prices.taxPrice, false],
    [labels.total, prices.totalPrice, true],
  ];
  return (
    <>
      {rows.map(([label, amount, strong]) => (
        <ListGroup.Item key={label} className="d-flex justify-content-between">
          <Cell strong={strong}>{label}</Cell>
          <Cell strong={strong}>{dollars(amount)}</Cell>
        </ListGroup.Item>
      ))}
    </>
  );
}

const Cell = ({ strong, children }: { strong: boolean; children: ReactNode }) => (strong ? <strong>{children}</strong> : <span>{children}</span>);
