import { useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useLanguage, useT } from '../i18n';
import { categoryName, useCategories } from '../api/categories';
import { paths } from '../../shared/routes';
import { cartCount, useCart } from '../stores/cart';
import { useShopSettings } from '../api/settings';
import { CartIcon } from './icons';
import { MenuDropdown } from './menu-dropdown';
import { SearchBox } from './search-box';

/**
 * Header (docs/screens.md, layout). Plain Bootstrap markup: it is on every first page load.
 * The account corner comes from the app (router.tsx): shared components do not reach into features.
 */
export function Header({ accountMenu }: { accountMenu: ReactNode }) {
  const t = useT();
  const count = useCart((s) => cartCount(s.cartItems));
  const shop = useShopSettings().data?.shop;
  const contacts = [shop?.phone, shop?.email].filter(Boolean).join(' · ');
  const { pathname, search } = useLocation();
  // The phone menu is open only on the page it was opened on: it folds away once the shopper has
  // gone somewhere.
  const here = pathname + search;
  const [openOn, setOpenOn] = useState<string | null>(null);
  const expanded = openOn === here;

  return (
    <header className="site-header">
      <a href="#main" className="skip-link">
        {t.common.skipToContent}
      </a>
      <nav className="navbar navbar-expand-lg navbar-dark bg-primary" aria-label={t.common.menu}>
        <div className="container">
          <Link to={paths.home} className="navbar-brand d-flex align-items-center gap-2">
            <img src="/logo.svg" alt="" width={40} height={40} />
            <span>
              {shop?.name ?? t.common.shopName}
              {contacts && (
                <small className="d-none d-xl-block fw-light" style={{ fontSize: '0.7rem' }}>
                  {contacts}
                </small>
              )}
            </span>
          </Link>
          {/* On a phone the search is a row of its own under the brand, always there (docs/screens.md). */}
          <div className="header-search order-last order-lg-0 flex-grow-1 mx-lg-3">
            <SearchBox />
          </div>
          <Link to={paths.cart} className="nav-link header-cart order-lg-1 ms-auto ms-lg-0 px-2" aria-label={t.common.cartWithCount(count)}>
            <CartIcon aria-hidden /> <span className="d-none d-sm-inline">{t.common.cart}</span>
            {count > 0 && (
              <span className="badge rounded-pill text-bg-warning ms-1" aria-hidden>
                {count}
              </span>
            )}
          </Link>
          <button
            type="button"
            className="navbar-toggler ms-2"
            aria-controls="main-navbar"
            aria-expanded={expanded}
            aria-label={t.common.menu}
            onClick={() => setOpenOn(expanded ? null : here)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <div id="main-navbar" className={`collapse navbar-collapse flex-lg-grow-0 order-lg-2${expanded ? ' show' : ''}`}>
            <div className="navbar-nav ms-auto align-items-lg-center">
              {accountMenu}
              {/* The category row's "Інше" menu is hidden on a phone, to leave room for every category. */}
              <Link to={paths.about} className="nav-link d-md-none">
                {t.common.about}
              </Link>
              <Link to={paths.contacts} className="nav-link d-md-none">
                {t.common.contacts}
              </Link>
            </div>
          </div>
        </div>
      </nav>
      <CategoryMenu />
    </header>
  );
}

/**
 * The category row under the header (docs/screens.md, layout): the top-level categories from the
 * catalogue's data (a new one appears without a deploy), the four sections until it is here.
 */
function CategoryMenu() {
  const t = useT();
  const language = useLanguage((s) => s.language);
  const categories = useCategories().data?.categories;
  const sections = categories
    ? categories.filter((c) => !c.parent).map((c) => ({ to: c.path, label: categoryName(c, language) }))
    : [
        { to: paths.hops, label: t.catalog.hops },
        { to: paths.yeast, label: t.catalog.yeast },
        { to: paths.equipment, label: t.catalog.equipment },
        { to: paths.malt, label: t.catalog.malt },
      ];
  const items = [...sections, { to: paths.discount, label: t.catalog.discount }, { to: paths.recipe, label: t.common.brewFromRecipe }];
  return (
    <nav className="bg-body-tertiary border-bottom" aria-label={t.common.categories}>
      <div className="container d-flex">
        <div className="nav flex-nowrap overflow-auto category-scroll">
          {items.map((item) => (
            <NavLink key={item.to} to={item.to} className="nav-link text-nowrap">
              {item.label}
            </NavLink>
          ))}
        </div>
        <div className="nav d-none d-md-flex">
          <MenuDropdown
            label={t.common.other}
            links={[
              { to: paths.about, label: t.common.about },
              { to: paths.contacts, label: t.common.contacts },
            ]}
          />
        </div>
      </div>
    </nav>
  );
}
