import type { ComponentType } from 'react';
import { matchRoutes, useRoutes, type Location, type RouteObject } from 'react-router';
import { RequireAdmin, RequireAuth } from './components/guards';
import { Layout } from './components/layout';
import { lazyComponent } from './lazy';
import type { AdminScreenName } from './admin-screens';
import { UserMenu } from './features/account/components/user-menu';
import type { CatalogSection } from './features/catalog/category-page';
import HomePage from './features/catalog/home-page';
import { ROUTE_NAMES, ROUTES, type Access, type LegalPageKey, type LegalRouteName, type RouteName, type RouteSpec } from '../shared/routes';

/** What a route hands its screen's loader to (main.tsx and entry-server.tsx load it before drawing). */
export interface ScreenHandle {
  load: () => Promise<unknown>;
}

/** A page's screen: what it draws and the loader of its code. */
type Screen = Pick<RouteObject, 'element' | 'handle'>;

/**
 * Every screen but the home page loads on demand (admin screens never load for shoppers). A
 * shopper's navigation waits for a screen's code with the page it leaves still shown
 * (navigation.tsx); a page the server rendered is hydrated once its screen is here (main.tsx).
 */

const screen = (fetchCode: () => Promise<{ default: ComponentType }>): Screen => {
  const { Component, load } = lazyComponent(fetchCode);
  return { element: <Component />, handle: { load } satisfies ScreenHandle };
};

/** A back-office screen: its loader comes from the back office's own list (admin-screens.ts). */
const adminScreen = (name: AdminScreenName): Screen => screen(async () => (await import('./admin-screens')).ADMIN_SCREENS[name]());

const categoryPage = lazyComponent(() => import('./features/catalog/category-page'));

/** A catalogue section: the category page with its section. */
const section = (name: CatalogSection): Screen => ({
  element: <categoryPage.Component section={name} />,
  handle: { load: categoryPage.load } satisfies ScreenHandle,
});

const legalPage = lazyComponent(() => import('./features/legal/legal-page'));

/** A legal page (docs/domain.md) and its versions, `/oferta` and `/oferta/v/3`: one screen. */
const legal = (key: LegalPageKey): Screen => ({
  element: <legalPage.Component key={key} pageKey={key} />,
  handle: { load: legalPage.load } satisfies ScreenHandle,
});

/** What each page of the registry shows (src/shared/routes.ts); the legal pages all show `legal`. */
const screens: Record<Exclude<RouteName, LegalRouteName>, Screen> = {
  home: { element: <HomePage /> },
  homePage: { element: <HomePage /> },
  search: { element: <HomePage /> },
  searchPage: { element: <HomePage /> },
  hops: section('hops'),
  yeast: section('yeast'),
  malt: section('malt'),
  equipment: section('equipment'),
  discount: section('discount'),
  category: section('category'),
  product: screen(() => import('./features/catalog/product-page')),
  about: screen(() => import('./pages/info-pages').then((page) => ({ default: page.AboutPage }))),
  contacts: screen(() => import('./pages/info-pages').then((page) => ({ default: page.ContactsPage }))),
  cart: screen(() => import('./features/cart/cart-page')),
  recipe: screen(() => import('./features/recipes/recipe-page')),
  savedRecipe: screen(() => import('./features/recipes/saved-recipe-page')),
  login: screen(() => import('./features/account/login-page')),
  register: screen(() => import('./features/account/register-page')),
  forgotPassword: screen(() => import('./features/account/forgot-password-page')),
  resetPassword: screen(() => import('./features/account/reset-password-page')),
  stockAlertsUnsubscribe: screen(() => import('./features/catalog/stock-alerts-unsubscribe-page')),
  shipping: screen(() => import('./features/checkout/shipping-page')),
  payment: screen(() => import('./features/checkout/payment-page')),
  placeOrder: screen(() => import('./features/checkout/place-order-page')),
  guestOrder: screen(() => import('./features/orders/guest-order-page')),
  order: screen(() => import('./features/orders/order-page')),
  profile: screen(() => import('./features/account/profile-page')),
  adminDashboard: adminScreen('adminDashboard'),
  adminOrders: adminScreen('adminOrders'),
  adminProducts: adminScreen('adminProducts'),
  adminProductsPage: adminScreen('adminProductsPage'),
  adminProductEdit: adminScreen('adminProductEdit'),
  adminUsers: adminScreen('adminUsers'),
  adminUserEdit: adminScreen('adminUserEdit'),
  adminCategories: adminScreen('adminCategories'),
  adminSettings: adminScreen('adminSettings'),
  adminLegal: adminScreen('adminLegal'),
  adminNotices: adminScreen('adminNotices'),
  adminImport: adminScreen('adminImport'),
  adminPackingSlip: adminScreen('adminPackingSlip'),
  adminPackingSlips: adminScreen('adminPackingSlips'),
  adminPromoCodes: adminScreen('adminPromoCodes'),
  adminCustomers: adminScreen('adminCustomers'),
  adminCustomer: adminScreen('adminCustomer'),
  adminAudit: adminScreen('adminAudit'),
};

/** The registry's pages one may open with this access, each with its screen. */
const pagesFor = (access: Access): RouteObject[] =>
  ROUTE_NAMES.filter((name) => ROUTES[name].access === access).map((name) => {
    const route: RouteSpec = ROUTES[name];
    return { path: route.pattern, ...(route.legal ? legal(route.legal) : screens[name as keyof typeof screens]) };
  });

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
      ...pagesFor('public'),
      { element: <RequireAuth />, children: pagesFor('signed-in') },
      { element: <RequireAdmin />, children: pagesFor('admin') },
      { path: '*', ...screen(() => import('./pages/not-found-page')) },
    ],
  },
];
