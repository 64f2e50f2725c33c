import Col from 'react-bootstrap/Col';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router';
import { fromMinor, toMinor } from '../../../../shared/pricing';
import { formatUah } from '../../../components/format';
import { useT } from '../../../i18n';
import { checkoutTexts } from '../../../i18n/feature-texts/checkout';
import { orderTexts } from '../../../i18n/feature-texts/orders';
import { paths } from '../../../../shared/routes';
import { LineName } from '../../../components/line-name';
import type { LineOptions } from '../../../../shared/line-options';

export interface OrderLine {
  key: string;
  name: string;
  image: string;
  qty: number;
  /** UAH per unit after discount. */
  price: number;
  /** null when the product is gone from the catalogue. */
  product: string | null;
  /** The pack ("100 г") and options as ordered; absent on lines from before pack sizes. */
  label?: string | null;
  options?: LineOptions | null;
}

/** Ordered lines: image, name linking to the product, qty × unit price = line total (hryvnia). */
export function OrderLines({ lines }: { lines: OrderLine[] }) {
  const t = useT(checkoutTexts, orderTexts);
  return (
    <ListGroup variant="flush" as="ul">
      {lines.map((line) => (
        <ListGroup.Item as="li" key={line.key}>
          <Row className="align-items-center g-2">
            <Col xs={3} md={2}>
              <img src={line.image} alt="" className="img-fluid rounded" width={80} height={80} />
            </Col>
            <Col xs={9} md={5}>
              {line.product ? (
                <Link to={paths.product(line.product)}>{line.name}</Link>
              ) : (
                <>
                  {line.name} <small className="text-body-secondary">({t.orders.productRemoved})</small>
                </>
              )}
              <LineName label={line.label} options={line.options} />
            </Col>
            <Col xs={12} md={5} className="text-md-end">
              {t.checkout.lineTotal(line.qty, formatUah(line.price), formatUah(fromMinor(toMinor(line.price) * line.qty)))}
            </Col>
          </Row>
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
