import { useLanguage, useT, type Language } from '../i18n';

export function Footer() {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  return (
    <footer className="bg-body-tertiary border-top py-3 mt-4">
      <div className="container d-flex flex-wrap justify-content-between align-items-center gap-2">
        <p className="mb-0">{t.common.footer(new Date().getFullYear())}</p>
        <div role="group" aria-label={t.common.language} className="btn-group btn-group-sm">
          {(['uk', 'en'] as Language[]).map((lang) => (
            <button
              key={lang}
              type="button"
              className={`btn ${language === lang ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={language === lang}
              onClick={() => setLanguage(lang)}
            >
              {lang === 'uk' ? 'Українська' : 'English'}
            </button>
          ))}
        </div>
      </div>
    </footer>
  );
}
