import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import { toast } from 'react-toastify';
import type { Order, PayPalPay } from '../../../../shared/orders';
import { Loader } from '../../../components/loader';
import { Message } from '../../../components/message';
import { useT } from '../../../i18n';

export interface PayPalPaymentProps {
  clientId: string;
  order: Order;
  /** The shopper chose to pay by card: show PayPal's card button only. */
  card: boolean;
  /** Called with PayPal's capture details; the server verifies them with PayPal. */
  onCaptured: (details: PayPalPay) => Promise<unknown>;
}

/**
 * PayPal's buttons for an unpaid order. The SDK script loads when this mounts (SPEC.md §4:
 * initial → pending → resolved | rejected); if it cannot load, the page says so and stays usable.
 */
export default function PayPalPayment(props: PayPalPaymentProps) {
  return (
    <PayPalScriptProvider options={{ clientId: props.clientId, currency: 'USD', intent: 'capture', components: 'buttons' }}>
      <Buttons {...props} />
    </PayPalScriptProvider>
  );
}

function Buttons({ order, card, onCaptured }: PayPalPaymentProps) {
  const t = useT();
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
      createOrder={(_data, actions) =>
        actions.order.create({
          intent: 'CAPTURE',
          purchase_units: [
            {
              // SPEC.md §1: the total is paid as dollars; custom_id lets the server match the payment to this order.
              amount: { currency_code: 'USD', value: order.totalPrice.toFixed(2) },
              custom_id: order._id,
            },
          ],
        })
      }
      onApprove={async (_data, actions) => {
        const details = await actions.order!.capture();
        await onCaptured({
          id: details.id!,
          status: details.status,
          update_time: details.update_time,
          payer: details.payer ? { email_address: details.payer.email_address, payer_id: details.payer.payer_id } : undefined,
        });
      }}
      onCancel={() => toast.info(t.orders.paypalCancelled)}
      onError={() => toast.error(t.orders.paypalError)}
    />
  );
}
