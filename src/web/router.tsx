import type { ComponentType } from 'react';
import { matchRoutes, useRoutes, type Location, type RouteObject } from 'react-router';
import { RequireAdmin, RequireAuth } from './components/guards';
import { Layout } from './components/layout';
import { lazyComponent } from './lazy';
import { UserMenu } from './features/account/components/user-menu';
import type { CatalogSection } from './features/catalog/category-page';
import HomePage from './features/catalog/home-page';
import { AboutPage, ContactsPage } from './pages/info-pages';
import { LEGAL_PAGE_KEYS, LEGAL_PAGE_PATHS, type LegalPageKey } from '../shared/legal-paths';

/** What a route hands its screen's loader to (main.tsx and entry-server.tsx load it before drawing). */
export interface ScreenHandle {
  load: () => Promise<unknown>;
}

/**
 * Every screen but the home page loads on demand (admin screens never load for shoppers). A
 * shopper's navigation waits for a screen's code with the page it leaves still shown
 * (navigation.tsx); a page the server rendered is hydrated once its screen is here (main.tsx).
 */
const screen = (fetchCode: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'element' | 'handle'> => {
  const { Component, load } = lazyComponent(fetchCode);
  return { element: <Component />, handle: { load } satisfies ScreenHandle };
};

const categoryPage = lazyComponent(() => import('./features/catalog/category-page'));

/** A catalogue section: the category page with its section. */
const section = (name: CatalogSection): Pick<RouteObject, 'element' | 'handle'> => ({
  element: <categoryPage.Component section={name} />,
  handle: { load: categoryPage.load } satisfies ScreenHandle,
});

const legalPage = lazyComponent(() => import('./features/legal/legal-page'));

/** A legal page (docs/domain.md) and its versions, `/oferta` and `/oferta/v/3`: one screen. */
const legalRoutes = (key: LegalPageKey): RouteObject[] =>
  [LEGAL_PAGE_PATHS[key], `${LEGAL_PAGE_PATHS[key]}/v/:version`].map((path) => ({
    path,
    element: <legalPage.Component key={key} pageKey={key} />,
    handle: { load: legalPage.load } satisfies ScreenHandle,
  }));

/** Loads the code of every screen `path` shows, so that they draw at once. */
export async function loadScreens(path: string | Partial<Location>): Promise<void> {
  const matches = matchRoutes(routes, path) ?? [];
  await Promise.all(matches.map(({ route }) => (route.handle as ScreenHandle | undefined)?.load()));
}

/** The shop's screens for the path the router is on. */
export function ShopRoutes() {
  return useRoutes(routes);
}

/** Every screen of the shop: the browser (main.tsx) and the server's render (entry-server.tsx) share them. */
export const routes: RouteObject[] = [
  {
    element: <Layout accountMenu={<UserMenu />} />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/page/:pageNumber', element: <HomePage /> },
      { path: '/search/:keyword', element: <HomePage /> },
      { path: '/search/:keyword/page/:pageNumber', element: <HomePage /> },
      { path: '/hops', ...section('hops') },
      { path: '/yeast', ...section('yeast') },
      { path: '/malt', ...section('malt') },
      { path: '/equipment', ...section('equipment') },
      { path: '/discount', ...section('discount') },
      { path: '/catalog/:slug', ...section('category') },
      { path: '/product/:id', ...screen(() => import('./features/catalog/product-page')) },
      { path: '/about', element: <AboutPage /> },
      { path: '/contacts', element: <ContactsPage /> },
      ...LEGAL_PAGE_KEYS.flatMap(legalRoutes),
      { path: '/cart', ...screen(() => import('./features/cart/cart-page')) },
      { path: '/recipe', ...screen(() => import('./features/recipes/recipe-page')) },
      { path: '/recipe/:id', ...screen(() => import('./features/recipes/saved-recipe-page')) },
      { path: '/login', ...screen(() => import('./features/account/login-page')) },
      { path: '/register', ...screen(() => import('./features/account/register-page')) },
      { path: '/forgot-password', ...screen(() => import('./features/account/forgot-password-page')) },
      { path: '/reset-password', ...screen(() => import('./features/account/reset-password-page')) },
      { path: '/stock-alerts/unsubscribe', ...screen(() => import('./features/catalog/stock-alerts-unsubscribe-page')) },
      // Checkout is open to guests too (docs/delivery.md); their order opens by its link.
      { path: '/shipping', ...screen(() => import('./features/checkout/shipping-page')) },
      { path: '/payment', ...screen(() => import('./features/checkout/payment-page')) },
      { path: '/placeorder', ...screen(() => import('./features/checkout/place-order-page')) },
      { path: '/order/guest/:token', ...screen(() => import('./features/orders/guest-order-page')) },
      {
        element: <RequireAuth />,
        children: [
          { path: '/order/:id', ...screen(() => import('./features/orders/order-page')) },
          { path: '/profile', ...screen(() => import('./features/account/profile-page')) },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          { path: '/admin/orderlist', ...screen(() => import('./features/admin/order-list-page')) },
          { path: '/admin/productlist', ...screen(() => import('./features/admin/product-list-page')) },
          { path: '/admin/productlist/:pageNumber', ...screen(() => import('./features/admin/product-list-page')) },
          { path: '/admin/product/:id/edit', ...screen(() => import('./features/admin/product-edit-page')) },
          { path: '/admin/userlist', ...screen(() => import('./features/admin/user-list-page')) },
          { path: '/admin/user/:id/edit', ...screen(() => import('./features/admin/user-edit-page')) },
          { path: '/admin/categories', ...screen(() => import('./features/admin/categories-page')) },
          { path: '/admin/settings', ...screen(() => import('./features/admin/settings-page')) },
          { path: '/admin/legal', ...screen(() => import('./features/admin/legal-pages-page')) },
          { path: '/admin/notices', ...screen(() => import('./features/admin/notices-page')) },
          { path: '/admin/import', ...screen(() => import('./features/admin/import-page')) },
          { path: '/admin/orders/:id/packing-slip', ...screen(() => import('./features/admin/packing-slips-page')) },
          { path: '/admin/orders/packing-slips', ...screen(() => import('./features/admin/packing-slips-page')) },
          { path: '/admin/promo-codes', ...screen(() => import('./features/admin/promo-codes-page')) },
          { path: '/admin', ...screen(() => import('./features/back-office/dashboard-page')) },
          { path: '/admin/customers', ...screen(() => import('./features/back-office/customers-page')) },
          { path: '/admin/customers/:id', ...screen(() => import('./features/back-office/customer-page')) },
          { path: '/admin/audit', ...screen(() => import('./features/back-office/audit-page')) },
        ],
      },
      { path: '*', ...screen(() => import('./pages/not-found-page')) },
    ],
  },
];
