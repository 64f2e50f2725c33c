import { Link, useParams } from 'react-router';
import type { LegalPageKey } from '../../../shared/routes';
import { useDateFormat } from '../../components/format';
import { Loader } from '../../components/loader';
import { ErrorMessage, Message } from '../../components/message';
import { PageTitle } from '../../components/page-title';
import { useLanguage, useT } from '../../i18n';
import { legalTexts } from '../../i18n/feature-texts/legal';
import { paths } from '../../../shared/routes';
import { useLegalPage } from './api';

/**
 * /oferta, /privacy, /delivery, /returns and their versions `/…/v/{n}` (docs/screens.md): the
 * text the server rendered from the owner's Markdown (safe HTML, docs/decisions/016-legal-pages.md).
 */
export default function LegalPage({ pageKey }: { pageKey: LegalPageKey }) {
  const t = useT(legalTexts);
  const dates = useDateFormat();
  const english = useLanguage((s) => s.language) === 'en';
  const params = useParams();
  const version = params.version ? Number(params.version) : undefined;
  const { data: page, isPending, error } = useLegalPage(pageKey, version);

  if (isPending) return <Loader />;
  if (error || !page) {
    return (
      <>
        <PageTitle title={t.legal.pages[pageKey]} />
        <ErrorMessage error={error} />
      </>
    );
  }
  const translated = english && page.htmlEn !== '';
  const title = (translated && page.titleEn) || page.title;
  return (
    <article className="legal-page">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p className="text-body-secondary small">{t.legal.versionOf(page.version, dates.date(page.createdAt))}</p>
      {!page.current && (
        <Message variant="info">
          {t.legal.oldVersion} <Link to={paths.legal(pageKey)}>{t.legal.currentVersionLink}</Link>
        </Message>
      )}
      {translated && <p className="small text-body-secondary">{t.legal.translationNote}</p>}
      {/* The server's render: raw HTML off, links only http(s), mailto or the shop's own (docs/decisions/016-legal-pages.md). */}
      <div className="legal-text" lang={translated ? 'en' : 'uk'} dangerouslySetInnerHTML={{ __html: translated ? page.htmlEn : page.html }} />
    </article>
  );
}
