import Button from 'react-bootstrap/Button';
import { FaRedo } from 'react-icons/fa';
import type { OutboxMessage } from '../../../shared/outbox';
import { useDateFormat } from '../../components/format';
import { ListTable } from '../../components/list-table';
import { notify } from '../../components/notify';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { adminTexts } from '../../i18n/feature-texts/admin';
import { useNotices, useRetryNotice } from './notices-api';

/**
 * /admin/notices (docs/notifications.md, "Dead notices"): letters and Telegram messages that gave up
 * after OUTBOX_MAX_ATTEMPTS, with the last error and a button that sends one again.
 */
export default function NoticesPage() {
  const t = useT(adminTexts);
  const labels = t.admin.notices;
  const { data, isPending, error } = useNotices('dead');

  return (
    <>
      <PageTitle title={labels.title} />
      <h1 className="mb-2">{labels.title}</h1>
      <p className="text-body-secondary">{labels.intro}</p>
      <ListTable
        pending={isPending}
        error={error}
        rows={data?.messages}
        empty={labels.empty}
        emptyVariant="success"
        columns={
          <>
            <th scope="col">{labels.columns.when}</th>
            <th scope="col">{labels.columns.recipient}</th>
            <th scope="col">{labels.columns.subject}</th>
            <th scope="col">{labels.columns.error}</th>
            <th scope="col">
              <span className="visually-hidden">{labels.columns.actions}</span>
            </th>
          </>
        }
        row={(message) => <NoticeRow key={message.id} message={message} />}
      />
    </>
  );
}

function NoticeRow({ message }: { message: OutboxMessage }) {
  const t = useT(adminTexts);
  const labels = t.admin.notices;
  const { dateTime } = useDateFormat();
  const retry = useRetryNotice();

  const onRetry = () =>
    retry.mutate(message.id, {
      onSuccess: () => notify.success(labels.retried(message.subject)),
      onError: (error) => notify.failure(error),
    });

  return (
    <tr>
      <td className="text-nowrap">{dateTime(message.deadAt)}</td>
      <td className="text-break">
        <span className="badge text-bg-light me-1">{labels.channels[message.channel]}</span>
        {message.recipient}
      </td>
      <td>{message.subject}</td>
      <td className="small text-break">{labels.attempts(message.attempts, message.lastError ?? '')}</td>
      <td className="text-nowrap">
        <Button variant="primary" size="sm" onClick={onRetry} disabled={retry.isPending} aria-label={labels.retryFor(message.subject)}>
          <FaRedo aria-hidden /> {labels.retry}
        </Button>
      </td>
    </tr>
  );
}
