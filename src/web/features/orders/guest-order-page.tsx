import Button from 'react-bootstrap/Button';
import { Link, useNavigate, useParams } from 'react-router';
import { notify } from '../../components/notify';
import { Loader } from '../../components/loader';
import { ErrorMessage, Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { orderTexts } from '../../i18n/feature-texts/orders';
import { paths } from '../../../shared/routes';
import { useAuth } from '../../stores/auth';
import { guestOrderPaymentBase, useClaimGuestOrder, useGuestOrder } from './api';
import { OrderDetails } from './order-page';

/**
 * /order/guest/{secret} (docs/delivery.md): a guest's order, opened by the link shown after placing
 * it. The guest pays it here, by the link (docs/payments.md), and may sign up (or in) and take the
 * order into the account.
 */
export default function GuestOrderPage() {
  const t = useT(orderTexts);
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const me = useAuth((s) => s.userInfo);
  const { data: order, isPending, error } = useGuestOrder(token);
  const claim = useClaimGuestOrder(token);

  if (isPending) return <Loader />;
  if (error || !order) {
    return (
      <>
        <PageTitle title={t.orders.adminOrdersTitle} />
        <ErrorMessage error={error} />
      </>
    );
  }
  const here = paths.guestOrder(token);
  const takeIntoAccount = () =>
    claim.mutate(undefined, {
      onSuccess: (claimed) => {
        notify.success(t.orders.guestClaimed);
        navigate(paths.order(claimed.id));
      },
      onError: (e) => notify.failure(e),
    });

  return (
    <>
      {order.user === null && (
        <Message variant="success">
          <span className="d-block">{t.orders.guestLinkNotice}</span>
          {order.guestEmail === null && (
            // No letter carries the link: the screen is the only place the guest sees it (docs/delivery.md).
            <span className="d-block mt-2 fw-semibold" role="alert">
              {t.orders.guestLinkNoEmail} <span className="d-block text-break user-select-all font-monospace">{`${window.location.origin}${here}`}</span>
            </span>
          )}
          {me ? (
            <Button size="sm" className="mt-2" onClick={takeIntoAccount} disabled={claim.isPending}>
              {t.orders.guestClaim}
            </Button>
          ) : (
            <span className="d-block mt-1">
              {t.orders.guestCreateAccount}: <Link to={paths.register(here)}>{t.orders.guestRegister}</Link>
            </span>
          )}
        </Message>
      )}
      <OrderDetails order={order} paymentBase={guestOrderPaymentBase(token)} />
    </>
  );
}
