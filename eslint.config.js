import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importLayers } from './scripts/lint/import-layers.js';

/** One-way imports: shared imports nothing of ours; server and web never import each other. */
const boundaries = {
  'src/shared/**': ['**/server/**', '**/web/**'],
  'src/server/**': ['**/web/**'],
  'src/web/**': ['**/server/**'],
};

const oneWay = (forbidden) => forbidden.map((group) => ({ group: [group], message: 'Imports go one way: web → shared ← server.' }));

/**
 * Layers inside each side (docs/architecture.md): lower layers never import higher ones, and a
 * feature reaches another only through that feature's index.ts, never its internals. The web app
 * itself (router.tsx, main.tsx) composes features and may import any of them; on the server only
 * app.ts, which mounts every feature's routes, and the demo seed and test helpers, which write
 * through the repositories, may (docs/decisions/031-server-module-faces.md). Flows (src/server/flows)
 * sit above the features and use only their faces; no feature imports a flow (docs/decisions/036-flows.md).
 * Each table of the schema belongs to one server feature, the only one that reads or writes it;
 * another asks that feature's face (docs/decisions/031-server-module-faces.md).
 */
export const layers = {
  zones: [
    {
      target: ['src/server/plugins', 'src/server/db'],
      from: 'src/server/features',
      message: 'Plugins and the database layer are below features: they may not import a feature.',
    },
    {
      target: ['src/server/features', 'src/server/plugins', 'src/server/db'],
      from: 'src/server/flows',
      message: 'Flows sit above features: a feature never imports a flow; app.ts hands flows to the routes that need them (docs/decisions/036-flows.md).',
      unlessNamed: ['.test.ts'],
    },
    {
      target: ['src/web/components', 'src/web/stores', 'src/web/api', 'src/web/i18n'],
      from: 'src/web/features',
      message: 'Shared web code is below features: pass what it needs in (props), or move the piece out of the feature.',
    },
  ],
  tables: {
    folder: 'src/server/features',
    schema: 'src/server/db/schema.ts',
    unlessNamed: ['.test.ts'],
    owners: {
      audit: ['auditLog'],
      categories: ['categories', 'producers', 'categoryAttributes'],
      fiscal: ['fiscalReceipts', 'fiscalShiftCloses'],
      'import-export': ['catalogueImports', 'supplierImportMappings'],
      legal: ['legalPageVersions'],
      notifications: ['outboxMessages'],
      // The sales summary by Kyiv day is the orders' own: triggers on the order tables note its stale days.
      orders: ['orders', 'orderItems', 'strayPayments', 'dashboardStaleDays', 'dashboardOrderDays', 'dashboardPaidDays', 'dashboardProductDays'],
      payments: ['monobankInvoices'],
      products: ['products', 'productVariants'],
      'promo-codes': ['promoCodes', 'promoCodeUses'],
      recipes: ['savedRecipes'],
      refunds: ['refunds'],
      reviews: ['reviews'],
      settings: ['shopSettings'],
      'stock-alerts': ['stockAlerts'],
      users: ['users', 'passwordResetTokens'],
    },
  },
  features: ['src/web/features', { folder: 'src/server/features', exempt: ['src/server/app.ts', 'src/server/seed', 'src/server/test'] }],
};

/**
 * An order becomes paid online only through the pay-order flow (src/server/flows/pay-order.ts,
 * docs/decisions/036-flows.md): the payments feature verifies what a provider says and hands it to
 * the flow; no feature but orders marks an order paid itself.
 */
const paidThroughTheFlow = {
  group: ['**/orders/index.js'],
  importNames: ['markOrderPaid'],
  message: 'Orders become paid through the pay-order flow (applyProviderPayment, handed in by app.ts), never by markOrderPaid from another feature.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  ...Object.entries(boundaries).map(([files, forbidden]) => ({
    files: [files],
    rules: { 'no-restricted-imports': ['error', { patterns: oneWay(forbidden) }] },
  })),
  {
    files: ['src/server/features/**/*.ts'],
    ignores: ['src/server/features/orders/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...oneWay(boundaries['src/server/**']), paidThroughTheFlow] }] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { shop: { rules: { 'import-layers': importLayers } } },
    rules: { 'shop/import-layers': ['error', layers] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Safari drops the list role of a list styled without bullets, so `role="list"` stays there.
      'jsx-a11y/no-redundant-roles': ['error', { nav: ['navigation'], ul: ['list'], ol: ['list'] }],
    },
  },
);
