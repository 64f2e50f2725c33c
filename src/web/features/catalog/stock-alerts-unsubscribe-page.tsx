import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../api/client';
import { FormContainer } from '../../components/form-container';
import { ErrorMessage, Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { paths } from '../../../shared/routes';

/**
 * /stock-alerts/unsubscribe?email=…&signature=…: the link of a "back in stock" letter. It asks first,
 * so a mail scanner opening the link unsubscribes nobody (docs/domain.md, "Stock alerts").
 */
export default function StockAlertsUnsubscribePage() {
  const t = useT();
  const [search] = useSearchParams();
  const email = search.get('email') ?? '';
  const signature = search.get('signature') ?? '';
  const unsubscribe = useMutation({
    mutationFn: () => api<{ message: string }>('/api/stock-alerts/unsubscribe', { method: 'POST', body: { email, signature } }),
  });
  const texts = t.catalog.stockAlert;
  return (
    <FormContainer>
      <PageTitle title={texts.unsubscribeTitle} />
      <h1 className="h3 mb-3">{texts.unsubscribeTitle}</h1>
      {!email || !signature ? (
        <Message variant="warning">{texts.unsubscribeLinkBroken}</Message>
      ) : unsubscribe.isSuccess ? (
        <>
          <Message variant="success">{texts.unsubscribed(email)}</Message>
          <Link to={paths.home} className="btn btn-primary">
            {t.common.goHome}
          </Link>
        </>
      ) : (
        <>
          <p>{texts.unsubscribeQuestion(email)}</p>
          {unsubscribe.error && <ErrorMessage error={unsubscribe.error} />}
          <Button onClick={() => unsubscribe.mutate()} disabled={unsubscribe.isPending}>
            {unsubscribe.isPending ? texts.sending : texts.unsubscribe}
          </Button>
        </>
      )}
    </FormContainer>
  );
}
