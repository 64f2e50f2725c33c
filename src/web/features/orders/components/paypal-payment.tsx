import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { notify } from '../../../components/notify';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { orderTexts } from '../../../i18n/feature-texts/orders';

export interface PayPalPaymentProps {
  clientId: string;
  /** The shopper chose to pay by card: show PayPal's card button only. */
  card: boolean;
  /** Our server creates the PayPal order (in dollars at the NBU rate) and answers its id. */
  createOrder: () => Promise<string>;
  /** Our server captures the approved PayPal order and marks ours paid. */
  onApproved: (paypalOrderId: string) => Promise<unknown>;
}

/**
 * PayPal's buttons for an unpaid order (docs/payments.md): both steps go through the shop's server,
 * so the browser never states an amount. If the SDK cannot load, the page says so and stays usable.
 */
export default function PayPalPayment(props: PayPalPaymentProps) {
  return (
    <PayPalScriptProvider options={{ clientId: props.clientId, currency: 'USD', intent: 'capture', components: 'buttons' }}>
      <Buttons {...props} />
    </PayPalScriptProvider>
  );
}

function Buttons({ card, createOrder, onApproved }: PayPalPaymentProps) {
  const t = useT(orderTexts);
  const [{ isPending, isRejected }] = usePayPalScriptReducer();

  if (isPending) {
    return (
      <div className="small">
        <Loader small /> {t.orders.paypalLoading}
      </div>
    );
  }
  if (isRejected) return <Message variant="warning">{t.orders.paypalFailed}</Message>;
  return (
    <PayPalButtons
      style={{ layout: 'vertical' }}
      fundingSource={card ? 'card' : undefined}
      createOrder={createOrder}
      onApprove={(data) => onApproved(data.orderID).then(() => undefined)}
      onCancel={() => notify.info(t.orders.paypalCancelled)}
      onError={() => notify.error(t.orders.paypalError)}
    />
  );
}
