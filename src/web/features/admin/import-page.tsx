import { useState, type FormEvent } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import {
  IMPORT_FIELDS,
  REQUIRED_IMPORT_FIELDS,
  type ImportApplied,
  type ImportMapping,
  type ImportPreview,
  type ImportRow,
} from '../../../shared/import-export';
import { isMessageKey, msg } from '../../../shared/validation-messages';
import { useFieldMessage } from '../../api/error-message';
import { formatUah } from '../../components/format';
import { ErrorMessage, Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { importExportTexts } from '../../i18n/feature-texts/import-export';
import { paths } from '../../../shared/routes';
import { applyImport, uploadPriceList, useSuppliers } from './import-export-api';

/** Rows drawn at most: a 10,000-line file's preview stays responsive; the summary counts them all. */
const ROWS_SHOWN = 500;

type Stage = { step: 'idle' } | { step: 'uploading'; fraction: number } | { step: 'processing' } | { step: 'applying' };

/**
 * /admin/import (docs/import-export.md): choose a supplier's file, check the column mapping, read the
 * preview row by row, apply it. Nothing changes in the catalogue before "Застосувати".
 */
export default function ImportPage() {
  const t = useT(importExportTexts).importExport;
  const suppliers = useSuppliers();
  const [supplier, setSupplier] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [applied, setApplied] = useState<ImportApplied | null>(null);
  const [error, setError] = useState<unknown>(null);
  const busy = stage.step !== 'idle';

  const send = async (withMapping: ImportMapping | null) => {
    if (!file) return;
    setError(null);
    setApplied(null);
    setStage({ step: 'uploading', fraction: 0 });
    try {
      const answer = await uploadPriceList({ file, supplier: supplier.trim(), mapping: withMapping }, (fraction) =>
        setStage(fraction >= 1 ? { step: 'processing' } : { step: 'uploading', fraction }),
      );
      setPreview(answer);
      setMapping(answer.mapping);
      void suppliers.refetch();
    } catch (err) {
      setPreview(null);
      setError(err);
    } finally {
      setStage({ step: 'idle' });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(null);
  };

  const apply = async () => {
    if (!preview) return;
    setError(null);
    setStage({ step: 'applying' });
    try {
      setApplied(await applyImport(preview.importId));
      setPreview(null);
    } catch (err) {
      setError(err);
    } finally {
      setStage({ step: 'idle' });
    }
  };

  return (
    <section>
      <PageTitle title={t.importTitle} />
      <h1 className="mb-2">{t.importTitle}</h1>
      <p className="text-body-secondary">{t.importIntro}</p>
      <Form onSubmit={submit} className="row g-3 align-items-end mb-3">
        <Form.Group className="col-12 col-md-4" controlId="import-supplier">
          <Form.Label>{t.supplier}</Form.Label>
          <Form.Control list="import-suppliers" value={supplier} maxLength={100} onChange={(e) => setSupplier(e.target.value)} disabled={busy} />
          <datalist id="import-suppliers">
            {suppliers.data?.suppliers.map((s) => (
              <option key={s.supplier} value={s.supplier} />
            ))}
          </datalist>
          <Form.Text>{t.supplierHint}</Form.Text>
        </Form.Group>
        <Form.Group className="col-12 col-md-5" controlId="import-file">
          <Form.Label>{t.file}</Form.Label>
          <Form.Control
            type="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
            disabled={busy}
          />
          <Form.Text>&nbsp;</Form.Text>
        </Form.Group>
        <div className="col-12 col-md-3 pb-md-4">
          <Button type="submit" className="w-100" disabled={!file || busy}>
            {t.preview}
          </Button>
        </div>
      </Form>

      {stage.step !== 'idle' && <Progress stage={stage} />}
      {error !== null && <ErrorMessage error={error} />}
      {applied && (
        <Message variant="success">
          {t.applied(applied)}{' '}
          <Link to={paths.admin.products} className="alert-link">
            {t.toProducts}
          </Link>
        </Message>
      )}
      {preview && (
        <PreviewView
          preview={preview}
          mapping={mapping}
          onMapping={setMapping}
          busy={busy}
          onPreviewAgain={() => void send(mapping)}
          onApply={() => void apply()}
        />
      )}
    </section>
  );
}

function Progress({ stage }: { stage: Stage }) {
  const t = useT(importExportTexts).importExport;
  const percent = stage.step === 'uploading' ? Math.round(stage.fraction * 100) : 100;
  const label = stage.step === 'uploading' ? t.uploading(percent) : stage.step === 'applying' ? t.applying : t.processing;
  return (
    <div className="mb-3" role="status" aria-live="polite">
      <div className="small mb-1">{label}</div>
      <ProgressBar now={percent} animated={stage.step !== 'uploading'} striped aria-label={label} />
    </div>
  );
}

function PreviewView(props: {
  preview: ImportPreview;
  mapping: ImportMapping;
  onMapping: (mapping: ImportMapping) => void;
  busy: boolean;
  onPreviewAgain: () => void;
  onApply: () => void;
}) {
  const { preview, mapping } = props;
  const t = useT(importExportTexts).importExport;
  const [showUnchanged, setShowUnchanged] = useState(false);
  const rows = preview.rows.filter((row) => showUnchanged || row.action !== 'unchanged');
  const changes = preview.summary.create + preview.summary.update;
  const mappingChanged = JSON.stringify(mapping) !== JSON.stringify(preview.mapping);

  return (
    <>
      <details className="mb-3" open={mappingChanged || undefined}>
        <summary className="fw-semibold">{t.mappingTitle}</summary>
        <div className="row g-2 mt-1">
          {IMPORT_FIELDS.map((field) => (
            <Form.Group key={field} className="col-12 col-sm-6 col-lg-4" controlId={`map-${field}`}>
              <Form.Label className="small mb-0">
                {t.fields[field]}
                {REQUIRED_IMPORT_FIELDS.includes(field) && <span className="text-body-secondary"> ({t.required})</span>}
              </Form.Label>
              <Form.Select
                size="sm"
                value={mapping[field] ?? ''}
                disabled={props.busy}
                onChange={(e) => props.onMapping({ ...mapping, [field]: e.target.value || undefined })}
              >
                <option value="">{t.notMapped}</option>
                {preview.columns.filter(Boolean).map((column) => (
                  <option key={column} value={column}>
                    {column}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          ))}
        </div>
        <Button variant="outline-primary" size="sm" className="mt-2" disabled={props.busy || !mappingChanged} onClick={props.onPreviewAgain}>
          {t.previewAgain}
        </Button>
      </details>

      <p className="mb-2 text-body-secondary small">{t.fileRead({ rows: preview.rows.length, encoding: t.encoding[preview.encoding] })}</p>
      <ul className="list-inline mb-3" aria-label={t.columns.action}>
        {(['create', 'update', 'unchanged', 'error'] as const).map((action) => (
          <li key={action} className="list-inline-item mb-1">
            <Badge bg={BADGES[action]} text={BADGE_TEXT[action]} className="fs-6 fw-normal">
              {t.summary[action]}: {preview.summary[action]}
            </Badge>
          </li>
        ))}
      </ul>
      {preview.summary.error > 0 ? <Message variant="danger">{t.hasErrors}</Message> : changes === 0 ? <Message>{t.nothingToApply}</Message> : null}

      <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
        <Button variant="success" disabled={props.busy || preview.summary.error > 0 || changes === 0} onClick={props.onApply}>
          {t.apply(changes)}
        </Button>
        <Form.Check id="show-unchanged" type="switch" label={t.showUnchanged} checked={showUnchanged} onChange={(e) => setShowUnchanged(e.target.checked)} />
      </div>
      <Table responsive size="sm" className="align-middle import-preview">
        <thead>
          <tr>
            <th scope="col">{t.columns.line}</th>
            <th scope="col">{t.columns.sku}</th>
            <th scope="col">{t.columns.action}</th>
            <th scope="col">{t.columns.details}</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, ROWS_SHOWN).map((row) => (
            <PreviewRow key={row.line} row={row} />
          ))}
        </tbody>
      </Table>
      {rows.length > ROWS_SHOWN && <p className="small text-body-secondary">{t.shownFirst(ROWS_SHOWN)}</p>}
    </>
  );
}

const BADGES = { create: 'primary', update: 'warning', unchanged: 'secondary', error: 'danger' } as const;
/** White on Bootstrap's yellow fails the contrast check: the "changed" badge is written dark. */
const BADGE_TEXT = { create: undefined, update: 'dark', unchanged: undefined, error: undefined } as const;
const ROW_CLASSES = { create: 'table-primary', update: '', unchanged: 'text-body-secondary', error: 'table-danger' } as const;

function PreviewRow({ row }: { row: ImportRow }) {
  const t = useT(importExportTexts).importExport;
  const fieldMessage = useFieldMessage();
  // The server words a row's reason in Ukrainian; its key words it in the admin's language.
  const reason = row.errorCode && isMessageKey(row.errorCode) ? fieldMessage(msg(row.errorCode, row.errorParams)) : row.error;
  const value = (field: string, v: string | number | null) =>
    v === null ? '—' : field === 'price' && typeof v === 'number' ? formatUah(v) : field === 'discount' ? `${v} %` : String(v);
  return (
    <tr className={ROW_CLASSES[row.action]} data-action={row.action}>
      <td>{row.line}</td>
      <td className="text-break">{row.sku || '—'}</td>
      <td>
        <Badge bg={BADGES[row.action]} text={BADGE_TEXT[row.action]}>
          {t.actions[row.action]}
        </Badge>
      </td>
      <td>
        {reason ?? (
          <ul className="list-unstyled mb-0 small">
            {Object.entries(row.changes).map(([field, change]) => (
              <li key={field}>
                {field === 'name' ? '' : `${t.changeNames[field] ?? field}: `}
                {row.action === 'create' ? (
                  field === 'name' ? (
                    `${t.newProduct} «${change.to}»`
                  ) : (
                    value(field, change.to)
                  )
                ) : (
                  <>
                    <s>{value(field, change.from)}</s> → <strong>{value(field, change.to)}</strong>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}
