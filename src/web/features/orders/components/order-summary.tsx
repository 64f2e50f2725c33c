import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import type { OrderPrices } from '../../../../shared/pricing';
import { formatSum } from '../../../components/format';

/** The order's money in SPEC.md §1's observed form: the summary shows a dollar sign. */
export const dollars = (amount: number) => `$${formatSum(amount)}`;

type SummaryLabels = { items: string; delivery: string; tax: string; total: string };

/** The summary card of /placeorder and /order/{id}: its title, the money rows, then the actions. */
export function OrderSummaryCard({
  id,
  title,
  prices,
  labels,
  children,
}: {
  id: string;
  title: string;
  prices: OrderPrices;
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

function OrderSummaryRows({ prices, labels }: { prices: OrderPrices; labels: SummaryLabels }) {
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
