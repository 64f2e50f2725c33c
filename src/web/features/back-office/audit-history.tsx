import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Loader } from '../../components/loader';
import { ErrorMessage } from '../../components/message';
import { useT } from '../../i18n';
import { backOfficeTexts } from '../../i18n/feature-texts/back-office';
import { useAudit } from './api';
import { AuditEntries } from './audit-entries';

/**
 * "Історія змін" of one product or order (docs/back-office.md), shown on its admin page. Loaded on
 * demand by those pages, so shoppers never download it.
 */
export default function AuditHistory({ entity, id }: { entity: 'product' | 'order'; id: string }) {
  const t = useT(backOfficeTexts).backOffice.audit;
  const [page, setPage] = useState(1);
  const { data, isPending, error } = useAudit({ entity, id, page });
  return (
    <section className="mt-4" aria-label={t.history}>
      <h2 className="h5">{t.history}</h2>
      {isPending ? (
        <Loader />
      ) : error ? (
        <ErrorMessage error={error} />
      ) : data.entries.length === 0 ? (
        <p className="text-body-secondary">{t.empty}</p>
      ) : (
        <>
          <AuditEntries entries={data.entries} withEntity={false} />
          {data.pages > page && (
            <Button variant="link" onClick={() => setPage(page + 1)}>
              ›
            </Button>
          )}
        </>
      )}
    </section>
  );
}
