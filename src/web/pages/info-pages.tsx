import { PageTitle } from '../components/page-title';
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
  return (
    <section>
      <PageTitle title={t.common.contactsTitle} />
      <h1>{t.common.contactsTitle}</h1>
      <p>{t.common.contactsText}</p>
      <ul className="list-unstyled">
        <li>
          <a href={`tel:${t.common.phone.replace(/\s/g, '')}`}>{t.common.phone}</a>
        </li>
        <li>
          <a href={`mailto:${t.common.email}`}>{t.common.email}</a>
        </li>
        <li>{t.common.address}</li>
      </ul>
    </section>
  );
}
