import type { ComponentType } from 'react';
import type { RouteName } from '../shared/routes';

/**
 * The back office's screens, each loaded on demand (router.tsx). This list comes with the first
 * admin page, not with a shopper's first page: the code of every screen the list names, and what
 * each one needs, would otherwise be named there (docs/decisions/012-first-load.md).
 */
export const ADMIN_SCREENS = {
  adminDashboard: () => import('./features/back-office/dashboard-page'),
  adminOrders: () => import('./features/admin/order-list-page'),
  adminProducts: () => import('./features/admin/product-list-page'),
  adminProductsPage: () => import('./features/admin/product-list-page'),
  adminProductEdit: () => import('./features/admin/product-edit-page'),
  adminUsers: () => import('./features/admin/user-list-page'),
  adminUserEdit: () => import('./features/admin/user-edit-page'),
  adminCategories: () => import('./features/admin/categories-page'),
  adminSettings: () => import('./features/admin/settings-page'),
  adminLegal: () => import('./features/admin/legal-pages-page'),
  adminNotices: () => import('./features/admin/notices-page'),
  adminImport: () => import('./features/admin/import-page'),
  adminPackingSlip: () => import('./features/admin/packing-slips-page'),
  adminPackingSlips: () => import('./features/admin/packing-slips-page'),
  adminPromoCodes: () => import('./features/admin/promo-codes-page'),
  adminCustomers: () => import('./features/back-office/customers-page'),
  adminCustomer: () => import('./features/back-office/customer-page'),
  adminAudit: () => import('./features/back-office/audit-page'),
} satisfies Partial<Record<RouteName, () => Promise<{ default: ComponentType }>>>;

export type AdminScreenName = keyof typeof ADMIN_SCREENS;
