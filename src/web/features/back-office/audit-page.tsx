import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useSearchParams } from 'react-router';
import { AUDIT_ENTITIES } from '../../../shared/back-office';
import { Loader } from '../../components/loader';
import { ErrorMessage, Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { Paginate } from '../../components/paginate';
import { useT } from '../../i18n';
import { backOfficeTexts } from '../../i18n/feature-texts/back-office';
import { paths } from '../../../shared/routes';
import { useAudit } from './api';
import { AuditEntries } from './audit-entries';

/** /admin/audit?entity=&id=&actor=&page=: every admin write, newest first, filtered (docs/back-office.md). */
export default function AuditPage() {
  const t = useT(backOfficeTexts).backOffice.audit;
  const [params, setParams] = useSearchParams();
  const filter = { entity: params.get('entity') ?? '', id: params.get('id') ?? '', actor: params.get('actor') ?? '' };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [form, setForm] = useState(filter);
  const { data, isPending, error } = useAudit({ ...filter, page });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(Object.entries(form).filter(([, v]) => v.trim())));
  };
  const reset = () => {
    setForm({ entity: '', id: '', actor: '' });
    setParams({});
  };
  const hrefFor = (n: number) =>
    `${paths.admin.audit}?${new URLSearchParams({ ...Object.fromEntries(Object.entries(filter).filter(([, v]) => v)), page: String(n) })}`;

  return (
    <>
      <PageTitle title={t.title} />
      <h1 className="h2 mb-3">{t.title}</h1>
      <Form onSubmit={apply} className="mb-3" aria-label={t.filters}>
        <Row className="g-2 align-items-end">
          <Col xs={12} sm={4} md={3}>
            <Form.Group controlId="audit-entity">
              <Form.Label className="small mb-1">{t.entity}</Form.Label>
              <Form.Select value={form.entity} onChange={(e) => setForm({ ...form, entity: e.target.value })}>
                <option value="">{t.anyEntity}</option>
                {AUDIT_ENTITIES.map((entity) => (
                  <option key={entity} value={entity}>
                    {t.entities[entity]}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Col>
          <Col xs={12} sm={8} md={4}>
            <Form.Group controlId="audit-id">
              <Form.Label className="small mb-1">{t.entityId}</Form.Label>
              <Form.Control value={form.id} maxLength={100} onChange={(e) => setForm({ ...form, id: e.target.value })} />
            </Form.Group>
          </Col>
          <Col xs={12} md={3}>
            <Form.Group controlId="audit-actor">
              <Form.Label className="small mb-1">{t.actor}</Form.Label>
              <Form.Control value={form.actor} maxLength={36} onChange={(e) => setForm({ ...form, actor: e.target.value })} />
            </Form.Group>
          </Col>
          <Col xs="auto" className="d-flex gap-2">
            <Button type="submit">{t.apply}</Button>
            <Button variant="outline-secondary" onClick={reset}>
              {t.reset}
            </Button>
          </Col>
        </Row>
      </Form>
      {isPending ? (
        <Loader />
      ) : error ? (
        <ErrorMessage error={error} />
      ) : data.entries.length === 0 ? (
        <Message>{t.empty}</Message>
      ) : (
        <>
          <AuditEntries entries={data.entries} withEntity />
          <Paginate page={data.page} pages={data.pages} hrefFor={hrefFor} />
        </>
      )}
    </>
  );
}
