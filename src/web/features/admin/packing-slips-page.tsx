import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import { FaPrint } from 'react-icons/fa';
import { useParams, useSearchParams } from 'react-router';
import type { PackingSlip, PackingSlips } from '../../../shared/packing';
import { formatAmount, formatUah, useDateFormat } from '../../components/format';
import { Loader } from '../../components/loader';
import { ErrorMessage } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { importExportTexts } from '../../i18n/feature-texts/import-export';
import { usePackingSlips, waybillLabelsUrl } from './import-export-api';

/**
 * /admin/orders/{id}/packing-slip and /admin/orders/packing-slips?ids=… (docs/import-export.md,
 * "Packing"): one slip per order, each on its own sheet when printed, on A4 or a 105×148 mm A6 label.
 */
export default function PackingSlipsPage() {
  const t = useT(importExportTexts).importExport;
  const { id } = useParams();
  const [params] = useSearchParams();
  const ids = id ? [id] : (params.get('ids') ?? '').split(',').filter(Boolean);
  const { data, isPending, error } = usePackingSlips(ids);
  const [paper, setPaper] = useState<'A4' | 'A6'>('A4');
  const title = ids.length === 1 ? t.slipTitle : t.slipsTitle;
  const withWaybills = data?.slips.filter((slip) => slip.trackingNumber).map((slip) => slip.id) ?? [];

  return (
    <section className={`packing-slips paper-${paper}`}>
      <PageTitle title={title} />
      <style>{printStyles(paper)}</style>
      <div className="no-print d-flex flex-wrap gap-2 align-items-center mb-3">
        <h1 className="h3 mb-0 me-auto">{title}</h1>
        <ButtonGroup aria-label="Папір">
          {(['A4', 'A6'] as const).map((size) => (
            <Button key={size} variant={paper === size ? 'secondary' : 'outline-secondary'} aria-pressed={paper === size} onClick={() => setPaper(size)}>
              {size}
            </Button>
          ))}
        </ButtonGroup>
        {withWaybills.length > 0 && (
          <Button as="a" variant="outline-primary" href={waybillLabelsUrl(withWaybills)} target="_blank" rel="noopener">
            {t.novaPoshtaLabel}
          </Button>
        )}
        <Button onClick={() => window.print()} disabled={!data}>
          <FaPrint aria-hidden="true" /> {t.print}
        </Button>
      </div>
      {ids.length === 0 || isPending ? ids.length === 0 ? null : <Loader /> : error || !data ? <ErrorMessage error={error} /> : <Slips data={data} />}
    </section>
  );
}

function Slips({ data }: { data: PackingSlips }) {
  return (
    <>
      {data.slips.map((slip) => (
        <Slip key={slip.id} slip={slip} shop={data.shop} />
      ))}
    </>
  );
}

function Slip({ slip, shop }: { slip: PackingSlip; shop: PackingSlips['shop'] }) {
  const t = useT(importExportTexts).importExport;
  const { dateTime } = useDateFormat();
  return (
    <article className="slip" aria-label={t.order(slip.number)}>
      <header className="d-flex justify-content-between align-items-start gap-2 border-bottom pb-1 mb-2">
        <div>
          <div className="fw-bold">{shop.name}</div>
          <div className="small">{[shop.phone, shop.site.replace(/^https?:\/\//, '')].filter(Boolean).join(' · ')}</div>
        </div>
        <div className="text-end">
          <h2 className="h4 mb-0">{t.order(slip.number)}</h2>
          <div className="small">{dateTime(slip.createdAt)}</div>
        </div>
      </header>
      <dl className="slip-facts">
        <dt>{t.recipient}</dt>
        <dd className="fw-semibold">{slip.recipientName}</dd>
        <dt>{t.phone}</dt>
        <dd>{slip.recipientPhone}</dd>
        <dt>{t.city}</dt>
        <dd>{slip.city}</dd>
        <dt>{t.delivery[slip.delivery]}</dt>
        <dd>{slip.address}</dd>
        <dt>{t.waybill}</dt>
        <dd className="font-monospace fw-semibold">{slip.trackingNumber ?? t.noWaybill}</dd>
        <dt>{t.payment}</dt>
        <dd>{slip.isPaid ? t.paid : slip.cashOnDelivery ? t.cashOnDelivery(formatUah(slip.totalPrice)) : t.unpaid}</dd>
        {slip.receiptUrl && (
          <>
            <dt>{t.receipt}</dt>
            <dd className="text-break small">
              <a href={slip.receiptUrl}>{slip.receiptUrl}</a>
            </dd>
          </>
        )}
      </dl>
      <table className="table table-sm table-bordered slip-lines mb-1">
        <thead>
          <tr>
            <th scope="col" className="check">
              <span className="visually-hidden">{t.lineColumns.check}</span>
            </th>
            <th scope="col">{t.lineColumns.item}</th>
            <th scope="col">{t.lineColumns.pack}</th>
            <th scope="col" className="sku">
              {t.lineColumns.sku}
            </th>
            <th scope="col" className="text-end">
              {t.lineColumns.qty}
            </th>
          </tr>
        </thead>
        <tbody>
          {slip.lines.map((line, i) => (
            <tr key={i}>
              <td className="check" aria-hidden="true">
                ☐
              </td>
              <td>
                {line.name}
                {line.options && <strong className="d-block text-uppercase">{line.options}</strong>}
              </td>
              <td>{line.label ?? ''}</td>
              <td className="sku font-monospace small">{line.sku ?? ''}</td>
              <td className="text-end fw-bold">{line.qty}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="small d-flex justify-content-between">
        <span>{t.weight(formatAmount(slip.weight))}</span>
        <span>
          {t.total}: {formatUah(slip.totalPrice)}
        </span>
      </div>
      {slip.comment && (
        <p className="small border p-1 mt-2 mb-0">
          <strong>{t.comment}:</strong> {slip.comment}
        </p>
      )}
    </article>
  );
}

/** While this page is open, printing shows only the slips, one per sheet. */
function printStyles(paper: 'A4' | 'A6') {
  const a6 = paper === 'A6';
  return `
.packing-slips .slip { max-width: ${a6 ? '105mm' : '190mm'}; margin: 0 auto 1.5rem; padding: ${a6 ? '3mm' : '6mm'}; border: 1px dashed #999; font-size: ${a6 ? '9pt' : '11pt'}; background: #fff; color: #000; }
.packing-slips .slip-facts { display: grid; grid-template-columns: max-content 1fr; gap: 0 0.75rem; margin-bottom: 0.5rem; }
.packing-slips .slip-facts dt { font-weight: normal; color: #444; }
.packing-slips .slip-facts dd { margin: 0; }
.packing-slips .slip-lines .check { width: 1.5em; text-align: center; }
${a6 ? '.packing-slips .slip-lines .sku { display: none; }' : ''}
@media (max-width: 420px) { .packing-slips .slip { padding: 2mm; font-size: 10pt; } .packing-slips .slip-lines .sku { display: none; } }
@page { size: ${paper}; margin: ${a6 ? '4mm' : '12mm'}; }
@media print {
  body * { visibility: hidden; }
  .packing-slips, .packing-slips .slip, .packing-slips .slip * { visibility: visible; }
  .packing-slips { position: absolute; inset: 0 auto auto 0; width: 100%; }
  .packing-slips .no-print { display: none !important; }
  .packing-slips .slip { border: 0; margin: 0; max-width: none; padding: 0; break-after: page; }
  .packing-slips .slip:last-child { break-after: auto; }
  .packing-slips a { color: #000; text-decoration: none; }
}`;
}
