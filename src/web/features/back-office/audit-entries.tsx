import Table from 'react-bootstrap/Table';
import type { AuditEntry } from '../../../shared/back-office';
import { formatUah, useDateFormat } from '../../components/format';
import { useT } from '../../i18n';
import { backOfficeTexts } from '../../i18n/feature-texts/back-office';
import './back-office.scss';

/** A value of the trail as the admin reads it: kopiykas ("price_minor") as hryvnia, the rest as written. */
function shown(field: string, value: unknown, none: string): string {
  if (value === undefined || value === null || value === '') return none;
  if (field.endsWith('_minor') && typeof value === 'number') return formatUah(value / 100);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

/** The entries of the audit trail, newest first: when, who, what, and each changed field's before → after. */
export function AuditEntries({ entries, withEntity }: { entries: AuditEntry[]; withEntity: boolean }) {
  const t = useT(backOfficeTexts).backOffice.audit;
  const { dateTime } = useDateFormat();
  return (
    <Table striped size="sm" responsive className="align-middle">
      <thead>
        <tr>
          <th scope="col">{t.when}</th>
          <th scope="col">{t.who}</th>
          <th scope="col">{t.what}</th>
          <th scope="col">{t.changes}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const fields = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])];
          return (
            <tr key={entry.id}>
              <td className="text-nowrap small">{dateTime(entry.at)}</td>
              <td className="small">{entry.actor.name}</td>
              <td className="small">
                {withEntity && (
                  <>
                    {t.entities[entry.entity] ?? entry.entity} <span className="text-body-secondary text-break">{entry.entityId}</span>
                    <br />
                  </>
                )}
                <strong>{t.actions[entry.action] ?? entry.action}</strong>
                {entry.subject ? ` · ${entry.subject}` : ''}
              </td>
              <td className="audit-change">
                {fields.map((field) => (
                  <div key={field}>
                    <code>{field}</code>: {shown(field, entry.before[field], t.empty_value)} → {shown(field, entry.after[field], t.empty_value)}
                  </div>
                ))}
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
