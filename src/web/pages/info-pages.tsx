import { PageTitle } from '../components/page-title';
import { useShopSettings } from '../api/settings';
import { Loader } from '../components/loader';
import { ErrorMessage } from '../components/message';
import { useT } from '../i18n';

/** The owner's About text from the settings (docs/settings.md), paragraphs split by an empty line. */
export function AboutPage() {
  const t = useT();
  const settings = useShopSettings();
  const own = settings.data?.shop.about?.trim();
  const paragraphs = own ? own.split(/\n\s*\n/).map((p) => p.trim()) : t.common.aboutText;
  return (
    <section>
      <PageTitle title={t.common.aboutTitle} />
      <h1>{t.common.aboutTitle}</h1>
      {settings.isPending && <Loader />}
      {settings.error ? <ErrorMessage error={settings.error} /> : null}
      {settings.data &&
        paragraphs.map((paragraph, i) => (
          <p key={i} className="text-break">
            {paragraph}
          </p>
        ))}
    </section>
  );
}

export function ContactsPage() {
  const t = useT();
  const settings = useShopSettings();
  const shop = settings.data?.shop;
  return (
    <section>
      <PageTitle title={t.common.contactsTitle} />
      <h1>{t.common.contactsTitle}</h1>
      {shop?.hours && <p>{t.common.contactsHours(shop.hours)}</p>}
      {settings.isPending && <Loader />}
      {settings.error ? <ErrorMessage error={settings.error} /> : null}
      {shop && (
        <ul className="list-unstyled">
          {shop.phone && (
            <li>
              <a href={`tel:${shop.phone.replace(/[\s()-]/g, '')}`}>{shop.phone}</a>
            </li>
          )}
          <li>
            <a href={`mailto:${shop.email}`}>{shop.email}</a>
          </li>
          {shop.address && <li>{shop.address}</li>}
          {shop.legalName && <li className="mt-2">{shop.legalName}</li>}
          {shop.taxId && <li>{t.common.taxId(shop.taxId)}</li>}
        </ul>
      )}
    </section>
  );
}
