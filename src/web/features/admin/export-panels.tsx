import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FaFileDownload, FaFileUpload, FaPrint } from 'react-icons/fa';
import { Link, useNavigate } from 'react-router';
import type { ExportFormat } from '../../../shared/import-export';
import type { OrderSummary } from '../../../shared/orders';
import { useT } from '../../i18n';
import { importExportTexts } from '../../i18n/feature-texts/import-export';
import { paths } from '../../../shared/routes';
import { exportUrl, waybillLabelsUrl } from './import-export-api';

const FORMATS: { format: ExportFormat; sep: ',' | ';'; text: 'csvComma' | 'csvSemicolon' | 'xlsx' }[] = [
  { format: 'xlsx', sep: ',', text: 'xlsx' },
  { format: 'csv', sep: ';', text: 'csvSemicolon' },
  { format: 'csv', sep: ',', text: 'csvComma' },
];

/** The catalogue's files on the admin product list: export in three forms, and the way to import. */
export function CatalogueFiles() {
  const t = useT(importExportTexts).importExport;
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center mb-3" role="group" aria-label={t.exportProducts}>
      <span className="small text-body-secondary">
        <FaFileDownload aria-hidden /> {t.exportProducts}:
      </span>
      {FORMATS.map(({ format, sep, text }) => (
        <Button key={text} as="a" size="sm" variant="outline-secondary" href={exportUrl('products', format, { sep })} download>
          {t[text]}
        </Button>
      ))}
      <Link to={paths.admin.import} className="btn btn-sm btn-outline-primary ms-sm-auto">
        <FaFileUpload aria-hidden /> {t.importLink}
      </Link>
    </div>
  );
}

/** Orders of a period (Kyiv days) as a file for the accountant. */
export function OrderExport() {
  const t = useT(importExportTexts).importExport;
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const invalid = from !== '' && to !== '' && from > to;
  return (
    <details className="mb-3">
      <summary className="fw-semibold">
        <FaFileDownload aria-hidden /> {t.exportOrders}
      </summary>
      <div className="row g-2 align-items-end mt-1">
        <Form.Group className="col-6 col-md-3" controlId="export-from">
          <Form.Label className="small mb-0">{t.from}</Form.Label>
          <Form.Control type="date" size="sm" value={from} onChange={(e) => setFrom(e.target.value)} isInvalid={invalid} />
        </Form.Group>
        <Form.Group className="col-6 col-md-3" controlId="export-to">
          <Form.Label className="small mb-0">{t.to}</Form.Label>
          <Form.Control type="date" size="sm" value={to} onChange={(e) => setTo(e.target.value)} isInvalid={invalid} />
        </Form.Group>
        <div className="col-12 col-md-6 d-flex flex-wrap gap-2">
          {FORMATS.map(({ format, sep, text }) => (
            <Button
              key={text}
              as="a"
              size="sm"
              variant="outline-secondary"
              href={invalid ? undefined : exportUrl('orders', format, { from, to, sep })}
              aria-disabled={invalid}
              className={invalid ? 'disabled' : undefined}
              download
            >
              {t[text]}
            </Button>
          ))}
        </div>
      </div>
    </details>
  );
}

/** Ticks orders of the list's page and opens their packing slips (or Nova Poshta's labels) together. */
export function PackingBatch({ orders }: { orders: OrderSummary[] }) {
  const t = useT(importExportTexts).importExport;
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const ids = orders.map((o) => o.id).filter((id) => chosen.has(id));
  const withWaybills = orders.filter((o) => chosen.has(o.id) && o.trackingNumber).map((o) => o.id);
  const toggle = (id: string, on: boolean) => setChosen((old) => new Set([...old].filter((x) => x !== id).concat(on ? [id] : [])));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ids.length) navigate(paths.admin.packingSlips(ids));
  };
  return (
    <details className="mb-3">
      <summary className="fw-semibold">
        <FaPrint aria-hidden /> {t.printSlips}
      </summary>
      <Form onSubmit={submit} className="mt-1">
        <fieldset className="d-flex flex-wrap gap-3 mb-2">
          <legend className="visually-hidden">{t.printSlips}</legend>
          {orders.map((order) => (
            <Form.Check
              key={order.id}
              id={`slip-${order.id}`}
              label={`№${order.number} ${order.shipping.recipientName}`}
              checked={chosen.has(order.id)}
              onChange={(e) => toggle(order.id, e.target.checked)}
            />
          ))}
        </fieldset>
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" size="sm" disabled={ids.length === 0}>
            {t.printSelected(ids.length)}
          </Button>
          {withWaybills.length > 0 && (
            <Button as="a" size="sm" variant="outline-primary" href={waybillLabelsUrl(withWaybills)} target="_blank" rel="noopener">
              {t.labelsSelected}
            </Button>
          )}
        </div>
      </Form>
    </details>
  );
}
