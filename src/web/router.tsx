import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { RequireAdmin, RequireAuth } from './components/guards';
import { Layout } from './components/layout';
import { UserMenu } from './features/account/components/user-menu';
import HomePage from './features/catalog/home-page';
import { AboutPage, ContactsPage } from './pages/info-pages';

// Every screen but the home page loads on demand; admin screens never load for shoppers.
const CategoryPage = lazy(() => import('./features/catalog/category-page'));
const ProductPage = lazy(() => import('./features/catalog/product-page'));
const CartPage = lazy(() => import('./features/cart/cart-page'));
const LoginPage = lazy(() => import('./features/account/login-page'));
const RegisterPage = lazy(() => import('./features/account/register-page'));
const ForgotPasswordPage = lazy(() => import('./features/account/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('./features/account/reset-password-page'));
const ProfilePage = lazy(() => import('./features/account/profile-page'));
const ShippingPage = lazy(() => import('./features/checkout/shipping-page'));
const PaymentPage = lazy(() => import('./features/checkout/payment-page'));
const PlaceOrderPage = lazy(() => import('./features/checkout/place-order-page'));
const OrderPage = lazy(() => import('./features/orders/order-page'));
const GuestOrderPage = lazy(() => import('./features/orders/guest-order-page'));
const OrderListPage = lazy(() => import('./features/admin/order-list-page'));
const ProductListPage = lazy(() => import('./features/admin/product-list-page'));
const ProductEditPage = lazy(() => import('./features/admin/product-edit-page'));
const UserListPage = lazy(() => import('./features/admin/user-list-page'));
const UserEditPage = lazy(() => import('./features/admin/user-edit-page'));
const SettingsPage = lazy(() => import('./features/admin/settings-page'));
const NotFoundPage = lazy(() => import('./pages/not-found-page'));

export const router = createBrowserRouter([
  {
    element: <Layout accountMenu={<UserMenu />} />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/page/:pageNumber', element: <HomePage /> },
      { path: '/search/:keyword', element: <HomePage /> },
      { path: '/search/:keyword/page/:pageNumber', element: <HomePage /> },
      { path: '/hops', element: <CategoryPage section="hops" /> },
      { path: '/yeast', element: <CategoryPage section="yeast" /> },
      { path: '/malt', element: <CategoryPage section="malt" /> },
      { path: '/equipment', element: <CategoryPage section="equipment" /> },
      { path: '/discount', element: <CategoryPage section="discount" /> },
      { path: '/product/:id', element: <ProductPage /> },
      { path: '/about', element: <AboutPage /> },
      { path: '/contacts', element: <ContactsPage /> },
      { path: '/cart', element: <CartPage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      // Checkout is open to guests too (docs/delivery.md); their order opens by its link.
      { path: '/shipping', element: <ShippingPage /> },
      { path: '/payment', element: <PaymentPage /> },
      { path: '/placeorder', element: <PlaceOrderPage /> },
      { path: '/order/guest/:token', element: <GuestOrderPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/order/:id', element: <OrderPage /> },
          { path: '/profile', element: <ProfilePage /> },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          { path: '/admin/orderlist', element: <OrderListPage /> },
          { path: '/admin/productlist', element: <ProductListPage /> },
          { path: '/admin/productlist/:pageNumber', element: <ProductListPage /> },
          { path: '/admin/product/:id/edit', element: <ProductEditPage /> },
          { path: '/admin/userlist', element: <UserListPage /> },
          { path: '/admin/user/:id/edit', element: <UserEditPage /> },
          { path: '/admin/settings', element: <SettingsPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
