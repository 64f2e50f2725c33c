import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { importLayers } from './import-layers.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2024, sourceType: 'module' } });
const options = [
  {
    zones: [
      { target: ['src/server/plugins'], from: 'src/server/features', message: 'plugins below features' },
      { target: ['src/server/features'], from: 'src/server/flows', message: 'flows above features', unlessNamed: ['.test.ts'] },
    ],
    features: ['src/web/features', { folder: 'src/server/features', exempt: ['src/server/app.ts', 'src/server/seed'] }],
    tables: {
      folder: 'src/server/features',
      schema: 'src/server/db/schema.ts',
      unlessNamed: ['.test.ts'],
      owners: { orders: ['orders', 'orderItems'], users: ['users'], products: ['products', 'productVariants'] },
    },
  },
];
const at = (path: string) => resolve(process.cwd(), path);

tester.run('import-layers', importLayers, {
  valid: [
    { filename: at('src/server/features/orders/routes.ts'), code: "import { x } from '../../plugins/auth.js';", options },
    { filename: at('src/server/plugins/auth.ts'), code: "import { x } from '../errors.js'; import y from 'fastify';", options },
    { filename: at('src/web/features/cart/cart-page.tsx'), code: "import { x } from '../account';", options },
    { filename: at('src/web/features/cart/cart-page.tsx'), code: "export { x } from '../account/index.ts';", options },
    { filename: at('src/web/features/cart/cart-page.tsx'), code: "import { x } from './use-cart-prices';", options },
    { filename: at('src/web/router.tsx'), code: "import { x } from './features/account/pages/login';", options },
    { filename: at('src/server/features/payments/service.ts'), code: "import { x } from '../orders/index.js';", options },
    { filename: at('src/server/features/payments/service.ts'), code: "import { x } from './monobank.js';", options },
    { filename: at('src/server/features/orders/orders.test.ts'), code: "import { x } from './repository.js';", options },
    { filename: at('src/server/app.ts'), code: "import { x } from './features/orders/routes.js';", options },
    { filename: at('src/server/seed/index.ts'), code: "import { x } from '../features/users/repository.js';", options },
    { filename: at('src/server/main.ts'), code: "import { x } from './features/users/index.js';", options },
    { filename: at('src/server/flows/ship-order.ts'), code: "import { x } from '../features/orders/index.js';", options },
    { filename: at('src/server/features/payments/payments.test.ts'), code: "import { x } from '../../flows/index.js';", options },
    // A feature's own tables, row types of others, tests' fixtures, and SQL naming no one else's table.
    { filename: at('src/server/features/orders/repository.ts'), code: "import { orderItems, orders } from '../../db/schema.js';", options },
    { filename: at('src/server/features/payments/service.ts'), code: "import type { OrderRow } from '../../db/schema.js';", options },
    { filename: at('src/server/features/payments/service.ts'), code: "import { type OrderRow, monobankInvoices } from '../../db/schema.js';", options },
    { filename: at('src/server/features/products/bulk.ts'), code: "import type { orders } from '../../db/schema.js';", options },
    { filename: at('src/server/features/refunds/refunds.test.ts'), code: "import { orders } from '../../db/schema.js';", options },
    { filename: at('src/server/flows/place-order.ts'), code: "import { orders } from '../db/schema.js';", options },
    { filename: at('src/server/features/orders/buyers.ts'), code: 'const q = sql`SELECT * FROM orders o JOIN order_items i ON i.order_id = o.id`;', options },
    { filename: at('src/server/features/back-office/dashboard.ts'), code: 'const q = sql`SELECT n FROM generate_series(1, 3) AS n`;', options },
    { filename: at('src/server/features/back-office/dashboard.ts'), code: 'const text = `SELECT * FROM orders`;', options },
  ],
  invalid: [
    {
      filename: at('src/server/features/back-office/dashboard.ts'),
      code: "import { orders, type OrderRow } from '../../db/schema.js';",
      options,
      errors: [{ message: 'The table orders belongs to the orders feature: read and write it through orders/index.ts.' }],
    },
    {
      filename: at('src/server/features/import-export/export.ts'),
      code: "import { orderItems as lines, productVariants } from '../../db/schema';",
      options,
      errors: [{ message: /orderItems belongs to the orders feature/ }, { message: /productVariants belongs to the products feature/ }],
    },
    {
      filename: at('src/server/features/back-office/customers.ts'),
      code: 'const q = sql`SELECT u.name FROM users u LEFT JOIN orders o ON o.user_id = u.id WHERE ${where}`;',
      options,
      errors: [{ message: /users belongs to the users feature/ }, { message: /orders belongs to the orders feature/ }],
    },
    {
      filename: at('src/server/features/orders/sales-by-day.ts'),
      code: 'await tx.execute(sql`UPDATE product_variants SET count_in_stock = 0`);',
      options,
      errors: [{ message: /product_variants belongs to the products feature/ }],
    },
    {
      filename: at('src/server/features/orders/routes.ts'),
      code: "import { x } from '../../flows/place-order.js';",
      options,
      errors: [{ message: 'flows above features' }],
    },
    {
      filename: at('src/server/flows/ship-order.ts'),
      code: "import { x } from '../features/orders/service.js';",
      options,
      errors: [{ message: /only through their index/ }],
    },
    {
      filename: at('src/server/plugins/auth.ts'),
      code: "import { x } from '../features/users/repository.js';",
      options,
      errors: [{ message: 'plugins below features' }],
    },
    {
      filename: at('src/web/features/cart/cart-page.tsx'),
      code: "import { x } from '../account/components/form';",
      options,
      errors: 1,
    },
    {
      filename: at('src/web/features/cart/cart-page.tsx'),
      code: "const page = import('../checkout/pages/shipping');",
      options,
      errors: 1,
    },
    {
      filename: at('src/server/features/payments/service.ts'),
      code: "import { x } from '../orders/repository.js';",
      options,
      errors: [{ message: 'Features are used only through their index.ts, never their internals (here: orders).' }],
    },
    {
      filename: at('src/server/features/refunds/refunds.test.ts'),
      code: "import { x } from '../payments/liqpay.js';",
      options,
      errors: 1,
    },
    {
      filename: at('src/server/main.ts'),
      code: "import { x } from './features/users/repository.js';",
      options,
      errors: 1,
    },
  ],
});

describe('the shop configuration', () => {
  it('gives every table of the schema exactly one owning feature', async () => {
    const { layers } = (await import(pathToFileURL(at('eslint.config.js')).href)) as { layers: { tables: { owners: Record<string, string[]> } } };
    const schema = readFileSync(at('src/server/db/schema.ts'), 'utf8');
    const tables = [...schema.matchAll(/export const (\w+) = pgTable\(/g)].map(([, name]) => name).sort();
    const owned = Object.values(layers.tables.owners).flat().sort();
    expect(tables.length).toBeGreaterThan(20);
    expect(owned).toEqual(tables);
  });
});
