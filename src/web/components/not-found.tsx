import { Link } from 'react-router';
import { useT } from '../i18n';
import { paths } from '../../shared/routes';
import { PageTitle } from './page-title';

/** What an address the shop has nothing for shows: an unknown page, or a product it does not sell. */
export function NotFound() {
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
