import { Link } from 'react-router';
import { LEGAL_PAGE_KEYS } from '../../shared/routes';
import { useShopSettings } from '../api/settings';
import { paths } from '../../shared/routes';
import { useLanguage, useT, type Language } from '../i18n';

export function Footer() {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  const shop = useShopSettings().data?.shop;
  const legal = shop ? [shop.legalName, shop.taxId && t.common.taxId(shop.taxId)].filter(Boolean).join(', ') : '';
  return (
    <footer className="bg-body-tertiary border-top py-3 mt-4">
      <div className="container d-flex flex-wrap justify-content-between align-items-center gap-2">
        <div>
          <p className="mb-0">{t.common.footer(new Date().getFullYear(), shop?.name ?? t.common.shopName)}</p>
          {legal && <p className="mb-0 small text-body-secondary">{legal}</p>}
          {/* The terms of a distance sale, given to every buyer (docs/domain.md). */}
          <nav aria-label={t.common.forBuyers}>
            <ul className="list-inline mb-0 small">
              {LEGAL_PAGE_KEYS.map((key) => (
                <li key={key} className="list-inline-item">
                  {/* A finger-sized target: 24 px at least, apart from its neighbours (WCAG 2.5.8). */}
                  <Link className="d-inline-block py-1" to={paths.legal(key)}>
                    {t.common.legalPages[key]}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div role="group" aria-label={t.common.language} className="btn-group btn-group-sm">
          {(['uk', 'en'] as Language[]).map((lang) => (
            <button
              key={lang}
              type="button"
              className={`btn ${language === lang ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={language === lang}
              onClick={() => void setLanguage(lang)}
            >
              {lang === 'uk' ? 'Українська' : 'English'}
            </button>
          ))}
        </div>
      </div>
    </footer>
  );
}
