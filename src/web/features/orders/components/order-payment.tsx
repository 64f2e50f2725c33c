import { lazy, Suspense, useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import { useSearchParams } from 'react-router';
import { notify } from '../../../components/notify';
import { isOfflineMethod, PAYPAL_PAYMENT_METHODS, type Order, type PaymentMethod } from '../../../../shared/orders';
import { fromMinor, toMinor, uahMinorToUsdCents } from '../../../../shared/pricing';
import { formatRate, formatUah, formatUsd } from '../../../components/format';
import { Loader } from '../../../components/loader';
import { ErrorMessage, Message } from '../../../components/message';
import { useT } from '../../../i18n';
import { orderTexts } from '../../../i18n/feature-texts/orders';
import { usePaymentsConfig, useShopSettings } from '../../../api/settings';
import { createPayPalOrder, useCapturePayPal, useLiqPayCheckout, useLiqPayRecheck, useMonobankInvoice, useMonobankRecheck, usePayOrder } from '../api';

// PayPal's React wrapper loads only for shoppers about to pay with it.
const PayPalPayment = lazy(() => import('./paypal-payment'));

/** The reference a transfer carries, so the shop finds the order: its number. */
export const paymentReference = (order: Order) => `№${order.number}`;

/**
 * How to pay an unpaid order outside the site (docs/payments.md): the shop's card/IBAN, recipient,
 * exact sum and purpose for a transfer; the Nova Poshta branch for cash on delivery.
 */
export function OfflinePaymentDetails({ order }: { order: Order }) {
  const t = useT(orderTexts);
  const settings = useShopSettings();
  if (order.status !== 'pending') return null;
  if (order.paymentMethodId === 'cash_on_delivery') {
    const words = order.shipping.delivery === 'door' ? t.orders.cashOnDeliveryDoor : t.orders.cashOnDelivery;
    return <p className="mb-2">{words(formatUah(order.totalPrice))}</p>;
  }
  if (order.paymentMethodId !== 'card_transfer') return null;
  if (settings.isPending) return <Loader small />;
  if (settings.error) return <ErrorMessage error={settings.error} />;
  const { transfer } = settings.data;
  return (
    <div className="mb-2">
      <p className="mb-2">{t.orders.transferIntro}</p>
      <dl className="row mb-0 transfer-details">
        {transfer.cardNumber && (
          <>
            <dt className="col-sm-4">{t.orders.transferCard}</dt>
            <dd className="col-sm-8 font-monospace">{transfer.cardNumber.replace(/(\d{4})(?=\d)/g, '$1 ')}</dd>
          </>
        )}
        {transfer.iban && (
          <>
            <dt className="col-sm-4">IBAN</dt>
            <dd className="col-sm-8 font-monospace text-break">{transfer.iban}</dd>
          </>
        )}
        <dt className="col-sm-4">{t.orders.transferRecipient}</dt>
        <dd className="col-sm-8">{transfer.recipient}</dd>
        <dt className="col-sm-4">{t.orders.transferSum}</dt>
        <dd className="col-sm-8 fw-bold">{formatUah(order.totalPrice)}</dd>
        <dt className="col-sm-4">{t.orders.transferPurpose}</dt>
        <dd className="col-sm-8">{t.orders.transferPurposeText(paymentReference(order))}</dd>
      </dl>
    </div>
  );
}

/**
 * The summary card's pay actions for an unpaid order: monobank, LiqPay, PayPal, or the test button. `base` is
 * where the payment calls go: the owner's `/api/orders/{id}` or a guest link's
 * `/api/orders/guest/{secret}` (orderPaymentBase, guestOrderPaymentBase).
 */
export function PaymentActions({ order, base }: { order: Order; base: string }) {
  const t = useT(orderTexts);
  const config = usePaymentsConfig();
  const pay = usePayOrder(base);
  const capture = useCapturePayPal(base);
  const liqpay = useLiqPayCheckout(base);
  const liqpayRecheck = useLiqPayRecheck(base);
  useReturnRecheck('liqpay', liqpayRecheck.mutateAsync);
  const method = order.paymentMethodId as PaymentMethod;

  const onPaid = () => notify.success(t.orders.orderPaid);
  const testPay = () => pay.mutate({ test: true }, { onSuccess: onPaid, onError: (e) => notify.failure(e) });
  const payByLiqPay = () =>
    liqpay.mutate(undefined, {
      // LiqPay's checkout takes a form POST of the signed data, not a fetch.
      onSuccess: ({ data, signature, checkoutUrl }) => postForm(checkoutUrl, { data, signature }),
      onError: (e) => notify.failure(e),
    });

  if (config.isPending) return <Loader small />;
  if (config.error) return <ErrorMessage error={config.error} />;
  const { paypalClientId, usdRate, testMode } = config.data;
  const usdCents = usdRate ? uahMinorToUsdCents(toMinor(order.totalPrice), usdRate) : null;
  // The last refusal stays on the panel after its toast has gone (a paid or cancelled order, a link no longer valid).
  const failed = pay.error ?? liqpay.error ?? liqpayRecheck.error ?? capture.error;

  return (
    <ListGroup.Item>
      {testMode && !isOfflineMethod(method) && (
        <Button variant="secondary" className="w-100 mb-3" onClick={testPay} disabled={pay.isPending}>
          {pay.isPending ? t.orders.paying : t.orders.testPay}
        </Button>
      )}
      {method === 'monobank' && <MonobankPayment order={order} base={base} />}
      {method === 'liqpay' && liqpayRecheck.isPending && (
        <p className="mb-2" role="status">
          {t.orders.liqpayChecking}
        </p>
      )}
      {method === 'liqpay' && !liqpayRecheck.isPending && (
        <Button className="w-100 mb-2" onClick={payByLiqPay} disabled={liqpay.isPending || liqpay.isSuccess}>
          {liqpay.isPending || liqpay.isSuccess ? t.orders.liqpayRedirecting : t.orders.liqpayPay(formatUah(order.totalPrice))}
        </Button>
      )}
      {PAYPAL_PAYMENT_METHODS.includes(method) &&
        (!paypalClientId ? (
          <Message variant="warning">{t.orders.paypalUnavailable}</Message>
        ) : usdCents === null ? (
          <Message variant="warning">{t.orders.paypalNoRate}</Message>
        ) : (
          <>
            <p className="mb-2" data-testid="paypal-amount">
              {t.orders.paypalAmount(formatUsd(fromMinor(usdCents)), formatRate(usdRate!))}
            </p>
            <Suspense fallback={<Loader small />}>
              <PayPalPayment
                clientId={paypalClientId}
                card={method === 'paypal_card'}
                createOrder={() => createPayPalOrder(base).then((created) => created.id)}
                onApproved={(id) => capture.mutateAsync(id).then(onPaid, (e) => notify.failure(e))}
              />
            </Suspense>
          </>
        ))}
      {(method === 'card_transfer' || method === 'cash_on_delivery') && <p className="small text-body-secondary mb-0">{t.orders.payOffline}</p>}
      {failed && <ErrorMessage error={failed} />}
    </ListGroup.Item>
  );
}

/**
 * monobank (docs/payments.md): the button sends the browser to the invoice's page on monobank. Back
 * from it (`?monobank=return`), the page asks the server to check the invoice with monobank at once,
 * so a paid order shows paid even before monobank's webhook arrives.
 */
function MonobankPayment({ order, base }: { order: Order; base: string }) {
  const t = useT(orderTexts);
  const invoice = useMonobankInvoice(base);
  const recheck = useMonobankRecheck(base);
  useReturnRecheck('monobank', recheck.mutateAsync);

  const pay = () =>
    invoice.mutate(undefined, {
      onSuccess: ({ pageUrl }) => window.location.assign(pageUrl),
      onError: (e) => notify.failure(e),
    });
  if (recheck.isPending)
    return (
      <p className="mb-2" role="status">
        {t.orders.monobankChecking}
      </p>
    );
  return (
    <>
      {recheck.isSuccess && !recheck.data.isPaid && <Message variant="info">{t.orders.monobankNotYet}</Message>}
      <Button className="w-100 mb-2" onClick={pay} disabled={invoice.isPending || invoice.isSuccess}>
        {invoice.isPending || invoice.isSuccess ? t.orders.monobankRedirecting : t.orders.monobankPay(formatUah(order.totalPrice))}
      </Button>
      <p className="small text-body-secondary mb-2">{t.orders.monobankHint}</p>
      {(invoice.error ?? recheck.error) && <ErrorMessage error={invoice.error ?? recheck.error} />}
    </>
  );
}

/**
 * Back from a provider's page (`?monobank=return`, `?liqpay=return`): the server is asked once to
 * check the payment with the provider, so a paid order shows paid before the provider's own call
 * reaches the shop. The parameter goes at once: a reload is not another return.
 */
function useReturnRecheck(param: 'monobank' | 'liqpay', recheck: () => Promise<Order>) {
  const t = useT(orderTexts);
  const [params, setParams] = useSearchParams();
  const returned = params.get(param) === 'return';
  const asked = useRef(false);

  useEffect(() => {
    if (!returned || asked.current) return;
    asked.current = true;
    setParams(
      (now) => {
        now.delete(param);
        return now;
      },
      { replace: true },
    );
    // A promise, not mutate's callbacks: a paid order unmounts this panel before they would run.
    recheck().then(
      (checked) => checked.isPaid && notify.success(t.orders.orderPaid),
      (e: unknown) => notify.failure(e),
    );
  }, [returned, param, recheck, setParams, t]);
}

function postForm(action: string, fields: Record<string, string>) {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.acceptCharset = 'utf-8';
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
