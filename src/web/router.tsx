import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAdmin, RequireAuth } from './components/guards';
import { Layout } from './components/layout';
import { UserMenu } from './features/account/components/user-menu';
import type { CatalogSection } from './features/catalog/category-page';
import HomePage from './features/catalog/home-page';
import { AboutPage, ContactsPage } from './pages/info-pages';

/**
 * Every screen but the home page loads on demand (admin screens never load for shoppers). The
 * router fetches a screen's code before it shows it: the page a shopper leaves stays until then,
 * and a page the server rendered is hydrated only once its screen is here (main.tsx).
 */
const screen = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

/** A catalogue section: the category page with its section. */
const section = (name: CatalogSection): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const { default: CategoryPage } = await import('./features/catalog/category-page');
    return { element: <CategoryPage section={name} /> };
  },
});

/** Every screen of the shop: the browser's router (main.tsx) and the server's render (entry-server.tsx) share them. */
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
      { path: '/product/:id', ...screen(() => import('./features/catalog/product-page')) },
      { path: '/about', element: <AboutPage /> },
      { path: '/contacts', element: <ContactsPage /> },
      { path: '/cart', ...screen(() => import('./features/cart/cart-page')) },
      { path: '/login', ...screen(() => import('./features/account/login-page')) },
      { path: '/register', ...screen(() => import('./features/account/register-page')) },
      { path: '/forgot-password', ...screen(() => import('./features/account/forgot-password-page')) },
      { path: '/reset-password', ...screen(() => import('./features/account/reset-password-page')) },
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
          { path: '/admin/settings', ...screen(() => import('./features/admin/settings-page')) },
        ],
      },
      { path: '*', ...screen(() => import('./pages/not-found-page')) },
    ],
  },
];
