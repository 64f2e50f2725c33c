import Spinner from 'react-bootstrap/Spinner';
import { useT } from '../i18n';

export function Loader({ small = false }: { small?: boolean }) {
  const t = useT();
  return (
    <div className={small ? 'd-inline-block' : 'd-flex justify-content-center my-5'} role="status" aria-live="polite">
      <Spinner animation="border" size={small ? 'sm' : undefined} style={small ? undefined : { width: '4rem', height: '4rem' }} />
      <span className="visually-hidden">{t.common.loading}</span>
    </div>
  );
}
