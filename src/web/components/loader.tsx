import { useT } from '../i18n';

export function Loader({ small = false }: { small?: boolean }) {
  const t = useT();
  return (
    <div className={small ? 'd-inline-block' : 'd-flex justify-content-center my-5'} role="status" aria-live="polite">
      <div className={`spinner-border${small ? ' spinner-border-sm' : ''}`} style={small ? undefined : { width: '4rem', height: '4rem' }} aria-hidden />
      <span className="visually-hidden">{t.common.loading}</span>
    </div>
  );
}
