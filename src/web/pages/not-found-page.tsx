import { Link } from 'react-router';
import { PageTitle } from '../components/page-title';
import { useT } from '../i18n';
import { paths } from '../paths';

export default function NotFoundPage() {
  const t = useT();
  return (
    <section className="text-center py-5">
      <PageTitle title={t.common.notFoundTitle} />
      <h1>{t.common.notFoundTitle}</h1>
      <p className="lead">{t.common.notFoundText}</p>
      <Link to={paths.home} className="btn btn-primary">
        {t.common.goHome}
      </Link>
    </section>
  );
}
