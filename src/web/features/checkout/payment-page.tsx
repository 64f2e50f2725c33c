import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Navigate, useNavigate } from 'react-router';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../shared/orders';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { paths } from '../../paths';
import { useCart } from '../../stores/cart';
import { CheckoutSteps } from './components/checkout-steps';

/** /payment (SPEC.md §2): one method of four, PayPal by default; without an address, back to /shipping. */
export default function PaymentPage() {
  const t = useT();
  const navigate = useNavigate();
  const hasAddress = useCart((s) => s.shippingAddress !== null);
  const saved = useCart((s) => s.paymentMethod);
  const savePaymentMethod = useCart((s) => s.savePaymentMethod);
  const [method, setMethod] = useState<PaymentMethod>(saved);

  if (!hasAddress) return <Navigate to={paths.shipping} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    savePaymentMethod(method);
    navigate(paths.placeOrder);
  };

  return (
    <Row className="justify-content-center">
      <Col md={10} lg={8} xl={6}>
        <PageTitle title={t.checkout.paymentTitle} />
        <CheckoutSteps current={3} />
        <h1 className="mb-4">{t.checkout.paymentTitle}</h1>
        <Form onSubmit={onSubmit}>
          <fieldset className="mb-4">
            <legend className="fs-5">{t.checkout.chooseMethod}</legend>
            {PAYMENT_METHODS.map((value) => (
              <Form.Check
                key={value}
                type="radio"
                id={`payment-${value}`}
                name="paymentMethod"
                value={value}
                label={t.checkout.methods[value]}
                checked={method === value}
                onChange={() => setMethod(value)}
                className="mb-2"
              />
            ))}
          </fieldset>
          <Button type="submit" variant="primary">
            {t.checkout.continue}
          </Button>
        </Form>
      </Col>
    </Row>
  );
}
