import { ESLint } from 'eslint';
import { expect, test } from 'vitest';

/**
 * The shop's own ESLint configuration keeps orders paid through the pay-order flow
 * (docs/decisions/036-flows.md): no feature but orders imports markOrderPaid.
 */
const eslint = new ESLint();
const restricted = async (code: string, filePath: string) =>
  (await eslint.lintText(code, { filePath }))[0].messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);

test('a feature other than orders may not import markOrderPaid; the orders feature and the flows may', async () => {
  const markOrderPaid = "import { markOrderPaid } from '../orders/index.js';\nexport const pay = markOrderPaid;\n";
  for (const file of ['src/server/features/payments/service.ts', 'src/server/features/refunds/service.ts']) {
    expect(await restricted(markOrderPaid, file), file).toEqual([expect.stringContaining('pay-order flow')]);
  }
  expect(await restricted("export { markOrderPaid } from '../orders/index.js';\n", 'src/server/features/payments/index.ts')).toHaveLength(1);
  expect(
    await restricted("import { findOrderRow } from '../orders/index.js';\nexport const find = findOrderRow;\n", 'src/server/features/payments/service.ts'),
  ).toEqual([]);
  expect(
    await restricted("import { markOrderPaid } from './service.js';\nexport const pay = markOrderPaid;\n", 'src/server/features/orders/routes.ts'),
  ).toEqual([]);
  expect(
    await restricted("import { markOrderPaid } from '../features/orders/index.js';\nexport const pay = markOrderPaid;\n", 'src/server/flows/pay-order.ts'),
  ).toEqual([]);
  // The server's one-way rule still holds in the features under the same rule.
  expect(await restricted("import { x } from '../../../web/api/client.js';\nexport const y = x;\n", 'src/server/features/payments/service.ts')).toHaveLength(1);
});

test('the payments feature as it stands imports no markOrderPaid', async () => {
  const results = await eslint.lintFiles(['src/server/features/payments']);
  expect(results.length).toBeGreaterThan(5);
  expect(results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => `${r.filePath}: ${m.message}`))).toEqual([]);
});
