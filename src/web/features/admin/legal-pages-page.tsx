import { useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { LEGAL_PAGE_KEYS, LegalPageSaveSchema, type AdminLegalPage, type LegalPageKey } from '../../../shared/legal';
import { ApiError } from '../../api/client';
import { issueMessage, useFieldMessage } from '../../api/error-message';
import { useDateFormat } from '../../components/format';
import { Loader } from '../../components/loader';
import { ErrorMessage, Message } from '../../components/message';
import { notify } from '../../components/notify';
import { PageTitle } from '../../components/page-title';
import { useT } from '../../i18n';
import { legalTexts } from '../../i18n/feature-texts/legal';
import { paths } from '../../../shared/routes';
import { useAdminLegal, usePreviewLegal, useSaveLegalPage } from '../legal';

type Draft = { title: string; body: string; titleEn: string; bodyEn: string };
type TextLanguage = 'uk' | 'en';

/**
 * /admin/legal (docs/screens.md): the owner picks a page, edits its Markdown with a preview and
 * saves it as a new version; the versions so far are listed with their dates.
 */
export default function LegalPagesPage() {
  const t = useT(legalTexts);
  const { data, isPending, error } = useAdminLegal();
  const [selected, setSelected] = useState<LegalPageKey>('offer');
  const page = data?.pages.find((p) => p.key === selected);
  return (
    <section>
      <PageTitle title={t.legal.admin.title} />
      <h1 className="mb-3">{t.legal.admin.title}</h1>
      <p className="text-body-secondary small mb-3">
        {t.legal.admin.immutableNote} {t.legal.admin.consentHint} <Link to={paths.admin.settings}>{t.common.adminSettings}</Link>
      </p>
      <Form.Group className="mb-3" controlId="legal-page-select" style={{ maxWidth: '24rem' }}>
        <Form.Label>{t.legal.admin.page}</Form.Label>
        <Form.Select value={selected} onChange={(e) => setSelected(e.target.value as LegalPageKey)}>
          {LEGAL_PAGE_KEYS.map((key) => (
            <option key={key} value={key}>
              {t.legal.pages[key]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {isPending ? <Loader /> : error ? <ErrorMessage error={error} /> : page ? <PageEditor key={`${page.key}-${page.version}`} page={page} /> : null}
    </section>
  );
}

function PageEditor({ page }: { page: AdminLegalPage }) {
  const t = useT(legalTexts);
  const labels = t.legal.admin;
  const dates = useDateFormat();
  const field = useFieldMessage();
  const save = useSaveLegalPage();
  const preview = usePreviewLegal();
  const [draft, setDraft] = useState<Draft>({ title: page.title, body: page.body, titleEn: page.titleEn, bodyEn: page.bodyEn });
  const [language, setLanguage] = useState<TextLanguage>('uk');
  const [previewing, setPreviewing] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changed = draft.title !== page.title || draft.body !== page.body || draft.titleEn !== page.titleEn || draft.bodyEn !== page.bodyEn;
  const titleField: keyof Draft = language === 'uk' ? 'title' : 'titleEn';
  const bodyField: keyof Draft = language === 'uk' ? 'body' : 'bodyEn';

  const showPreview = () => {
    setPreviewing(true);
    preview.mutate(draft[bodyField]);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The server's own schema first, so a mistake shows beside its field at once.
    const parsed = LegalPageSaveSchema.safeParse(draft);
    if (!parsed.success) {
      const found = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
      setErrors(found);
      // The mistake may be in the other language's text: show it.
      if (!found.title && !found.body && language === 'uk') setLanguage('en');
      if ((found.title || found.body) && language === 'en') setLanguage('uk');
      setPreviewing(false);
      return;
    }
    setErrors({});
    save.mutate(
      { key: page.key, page: draft },
      {
        onSuccess: (saved) => notify.success(labels.saved(saved.version)),
        onError: (e) => {
          if (e instanceof ApiError && e.errors) setErrors(Object.fromEntries(e.errors.map((issue) => [issue.path, issueMessage(issue)])));
          notify.failure(e);
        },
      },
    );
  };

  const bodyHintId = 'legal-body-hint';
  return (
    <>
      <p className="mb-3">
        {labels.inForce(page.version, dates.dateTime(page.createdAt))} ·{' '}
        <Link to={paths.legal(page.key)} target="_blank" rel="noopener">
          {labels.openPage}
        </Link>
      </p>
      <Form noValidate onSubmit={onSubmit} aria-label={t.legal.pages[page.key]}>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">{labels.language}</legend>
          {(['uk', 'en'] as const).map((lang) => (
            <Form.Check
              key={lang}
              inline
              type="radio"
              id={`legal-language-${lang}`}
              name="legal-language"
              label={lang === 'uk' ? labels.ukrainian : labels.english}
              checked={language === lang}
              onChange={() => {
                setLanguage(lang);
                setPreviewing(false);
              }}
            />
          ))}
        </fieldset>
        <Form.Group className="mb-3" controlId="legal-title">
          <Form.Label>{labels.titleLabel}</Form.Label>
          <Form.Control
            value={draft[titleField]}
            lang={language}
            isInvalid={!!errors[titleField]}
            aria-describedby={errors[titleField] ? 'legal-title-error' : undefined}
            onChange={(e) => setDraft((d) => ({ ...d, [titleField]: e.target.value }))}
          />
          <Form.Control.Feedback type="invalid" id="legal-title-error">
            {field(errors[titleField])}
          </Form.Control.Feedback>
        </Form.Group>
        <div className="d-flex flex-wrap justify-content-between align-items-end gap-2 mb-2">
          <span className="form-label mb-0" id="legal-body-label">
            {labels.bodyLabel}
          </span>
          <Button variant="outline-secondary" size="sm" aria-pressed={previewing} onClick={previewing ? () => setPreviewing(false) : showPreview}>
            {previewing ? labels.edit : labels.preview}
          </Button>
        </div>
        {previewing ? (
          <div className="border rounded p-3 mb-3 legal-text" aria-live="polite" aria-labelledby="legal-body-label">
            {preview.isPending ? (
              <Loader small />
            ) : preview.isError ? (
              <ErrorMessage error={preview.error} />
            ) : preview.data?.html ? (
              // Rendered by the server with raw HTML off (docs/decisions/016-legal-pages.md).
              <div lang={language} dangerouslySetInnerHTML={{ __html: preview.data.html }} />
            ) : (
              <p className="text-body-secondary mb-0">{labels.previewEmpty}</p>
            )}
          </div>
        ) : (
          <Form.Group className="mb-3" controlId="legal-body">
            <Form.Control
              as="textarea"
              rows={16}
              className="font-monospace small"
              lang={language}
              value={draft[bodyField]}
              isInvalid={!!errors[bodyField]}
              aria-labelledby="legal-body-label"
              aria-describedby={[bodyHintId, errors[bodyField] && 'legal-body-error'].filter(Boolean).join(' ')}
              onChange={(e) => setDraft((d) => ({ ...d, [bodyField]: e.target.value }))}
            />
            <Form.Control.Feedback type="invalid" id="legal-body-error">
              {field(errors[bodyField])}
            </Form.Control.Feedback>
          </Form.Group>
        )}
        <Form.Text id={bodyHintId} muted className="d-block mb-3 text-break">
          {labels.bodyHint} {language === 'en' && labels.englishHint}
        </Form.Text>
        <Button type="submit" disabled={!changed || save.isPending}>
          {save.isPending ? labels.saving : labels.save}
        </Button>
        {!changed && <span className="ms-2 small text-body-secondary">{labels.unchanged}</span>}
      </Form>

      <h2 className="h4 mt-4">{labels.versions}</h2>
      {page.versions.length === 0 ? (
        <Message>{labels.previewEmpty}</Message>
      ) : (
        <Table striped responsive size="sm" className="align-middle">
          <thead>
            <tr>
              <th scope="col">{labels.versionColumn}</th>
              <th scope="col">{labels.dateColumn}</th>
              <th scope="col">{labels.authorColumn}</th>
            </tr>
          </thead>
          <tbody>
            {page.versions.map((v) => (
              <tr key={v.version}>
                <td>
                  <Link to={paths.legal(page.key, v.version)} aria-label={labels.open(v.version)}>
                    {v.version}
                  </Link>{' '}
                  {v.version === page.version && <span className="badge text-bg-success">{labels.current}</span>}
                </td>
                <td className="text-nowrap">{dates.dateTime(v.createdAt)}</td>
                <td>{v.createdByName || <span className="text-body-secondary">{labels.template}</span>}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}
