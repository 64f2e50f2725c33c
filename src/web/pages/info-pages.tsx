import { PageTitle } from '../components/page-title';
import { useShopSettings } from '../api/settings';
import { Loader } from '../components/loader';
import { ErrorMessage } from '../components/message';
import { useT } from '../i18n';

export function AboutPage() {
  const t = useT();
  return (
    <section>
      <PageTitle title={t.common.aboutTitle} />
      <h1>{t.common.aboutTitle}</h1>
      {t.common.aboutText.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
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
      <p>{t.common.contactsText}</p>
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
