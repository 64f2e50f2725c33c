import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Navigate, useNavigate } from 'react-router';
import type { PaymentMethod } from '../../../shared/payment-methods';
import { Loader } from '../../components/loader';
import { ErrorMessage } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { checkoutTexts } from '../../i18n/feature-texts/checkout';
import { paths } from '../../../shared/routes';
import { useCart } from '../../stores/cart';
import { usePaymentsConfig } from '../../api/settings';
import { CheckoutSteps } from './components/checkout-steps';
import { paymentMethodLabel } from '../../components/payment-method-label';

/** /payment: the methods this shop takes now (GET /api/config/payments); without an address, back to /shipping. */
export default function PaymentPage() {
  const t = useT(checkoutTexts);
  const hasAddress = useCart((s) => s.shipping !== null);
  const config = usePaymentsConfig();

  if (!hasAddress) return <Navigate to={paths.shipping} replace />;

  return (
    <Row className="justify-content-center">
      <Col md={10} lg={8} xl={6}>
        <PageTitle title={t.checkout.paymentTitle} />
        <CheckoutSteps current={2} />
        <h1 className="mb-4">{t.checkout.paymentTitle}</h1>
        {config.isPending ? <Loader /> : config.error ? <ErrorMessage error={config.error} /> : <MethodForm methods={config.data.methods} />}
      </Col>
    </Row>
  );
}

function MethodForm({ methods }: { methods: PaymentMethod[] }) {
  const t = useT(checkoutTexts);
  const navigate = useNavigate();
  const saved = useCart((s) => s.paymentMethod);
  const savePaymentMethod = useCart((s) => s.savePaymentMethod);
  const delivery = useCart((s) => s.shipping?.delivery);
  const [method, setMethod] = useState<PaymentMethod>(methods.includes(saved) ? saved : methods[0]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    savePaymentMethod(method);
    navigate(paths.placeOrder);
  };

  return (
    <Form onSubmit={onSubmit}>
      <fieldset className="mb-4">
        <legend className="fs-5">{t.checkout.chooseMethod}</legend>
        {methods.map((value) => (
          <Form.Check
            key={value}
            type="radio"
            id={`payment-${value}`}
            name="paymentMethod"
            value={value}
            label={paymentMethodLabel(t.checkout, value, delivery)}
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
  );
}
