import { lazy, Suspense, useId, useState } from 'react';
import { notify } from '../../../components/notify';
import { adminActions, TRACKING_NUMBER, type Order } from '../../../../shared/orders';
import { errorMessage } from '../../../api/error-message';
import { useT } from '../../../i18n';
import { orderTexts } from '../../../i18n/feature-texts/orders';
import { Loader } from '../../../components/loader';
import { useCancelOrder, useConfirmOrder, useConfirmReturn, useCreateWaybill, useDeliverOrder, useMarkPaid, useShipOrder } from '../api';
import { ConfirmAction } from './confirm-action';

// Only admins open it: its dialog stays out of the shopper's bundle.
const RefundDialog = lazy(() => import('./refund-dialog'));

/** The admin's steps on the order page (docs/orders.md), only those the transitions table allows. */
export function AdminOrderActions({ order }: { order: Order }) {
  const t = useT(orderTexts);
  const allowed = adminActions(order);
  const confirmOrder = useConfirmOrder(order.id);
  const markPaid = useMarkPaid(order.id);
  const ship = useShipOrder(order.id);
  const createWaybill = useCreateWaybill(order.id);
  const deliver = useDeliverOrder(order.id);
  const cancel = useCancelOrder(order.id);
  const confirmReturn = useConfirmReturn(order.id);
  const [ttn, setTtn] = useState('');
  const [ttnError, setTtnError] = useState(false);
  const ttnId = useId();
  const busy =
    confirmOrder.isPending ||
    markPaid.isPending ||
    ship.isPending ||
    createWaybill.isPending ||
    deliver.isPending ||
    cancel.isPending ||
    confirmReturn.isPending;
  const cleanTtn = ttn.replace(/\s/g, '');
  const done = (message: string) => ({ onSuccess: () => notify.success(message), onError: (e: unknown) => notify.failure(e) });

  if (!Object.values(allowed).some(Boolean)) return null;
  return (
    <section aria-label={t.orders.actions} className="d-grid gap-3">
      {allowed.confirm && (
        <ConfirmAction
          label={t.orders.confirmOrder}
          question={t.orders.confirmConfirmOrder(order.number)}
          busy={busy}
          onConfirm={() => confirmOrder.mutate(undefined, done(t.orders.orderConfirmed))}
        />
      )}
      {allowed.markPaid && (
        <ConfirmAction
          label={t.orders.markPaid}
          question={t.orders.confirmMarkPaid(order.number)}
          busy={busy}
          onConfirm={() => markPaid.mutate(undefined, done(t.orders.markedPaid))}
        />
      )}
      {allowed.ship && (
        <div className="d-grid gap-2">
          <ConfirmAction
            label={t.orders.createWaybill}
            question={t.orders.confirmCreateWaybill(order.number)}
            busy={busy}
            onConfirm={() =>
              createWaybill.mutate(undefined, {
                onSuccess: (shipped) => notify.success(t.orders.waybillCreated(shipped.trackingNumber ?? '')),
              })
            }
          />
          {createWaybill.isPending && (
            <div className="d-flex align-items-center gap-2">
              <Loader small /> {t.orders.creatingWaybill}
            </div>
          )}
          {createWaybill.isError && (
            <div className="alert alert-danger mb-0" role="alert">
              {errorMessage(createWaybill.error)}
            </div>
          )}
        </div>
      )}
      {allowed.ship && (
        <ConfirmAction
          label={t.orders.shipWithTtn}
          question={t.orders.confirmShip(order.number, cleanTtn)}
          busy={busy}
          canAsk={() => {
            const valid = TRACKING_NUMBER.test(cleanTtn);
            setTtnError(!valid);
            return valid;
          }}
          onConfirm={() => ship.mutate(cleanTtn, done(t.orders.orderShipped))}
        >
          <div className="mb-2">
            <p className="text-muted small mb-1">{t.orders.orTypeTtn}</p>
            <label htmlFor={ttnId} className="form-label">
              {t.orders.ttnLabel}
            </label>
            <input
              id={ttnId}
              className={`form-control${ttnError ? ' is-invalid' : ''}`}
              inputMode="numeric"
              autoComplete="off"
              maxLength={20}
              value={ttn}
              aria-invalid={ttnError}
              aria-describedby={ttnError ? `${ttnId}-error` : undefined}
              onChange={(e) => {
                setTtn(e.target.value);
                setTtnError(false);
              }}
            />
            {ttnError && (
              <div id={`${ttnId}-error`} className="invalid-feedback">
                {t.orders.ttnInvalid}
              </div>
            )}
          </div>
        </ConfirmAction>
      )}
      {allowed.deliver && (
        <ConfirmAction
          label={t.orders.markDelivered}
          question={t.orders.confirmDeliver(order.number)}
          busy={busy}
          onConfirm={() => deliver.mutate(undefined, done(t.orders.orderDelivered))}
        />
      )}
      {allowed.confirmReturn && (
        <ConfirmAction
          label={t.orders.refunds.confirmReturn}
          question={t.orders.refunds.confirmReturnQuestion(order.number)}
          busy={busy}
          variant={order.parcelRefused ? 'primary' : 'outline-danger'}
          onConfirm={() => confirmReturn.mutate(undefined, done(t.orders.refunds.returned))}
        />
      )}
      {allowed.refund && (
        <Suspense fallback={<Loader small />}>
          <RefundDialog order={order} />
        </Suspense>
      )}
      {allowed.cancel && (
        <ConfirmAction
          label={t.orders.cancel}
          question={t.orders.confirmCancel(order.number)}
          busy={busy}
          variant="outline-danger"
          onConfirm={() => cancel.mutate(undefined, done(t.orders.orderCancelled))}
        />
      )}
    </section>
  );
}
