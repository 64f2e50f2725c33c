import { resolve } from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
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
  ],
  invalid: [
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
