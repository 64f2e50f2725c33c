import { expect, test } from 'vitest';
import { defineFlow, runFlow, type FlowLog } from './steps.js';

/** A flow of four steps whose third fails; `undoFails` names a step whose undo throws too. */
function recorded(undoFails?: string) {
  const seen: string[] = [];
  const logged: object[] = [];
  const log: FlowLog = { error: (details) => logged.push(details) };
  const step = (name: string, fails = false) => ({
    name,
    run: async () => {
      seen.push(`run ${name}`);
      if (fails) throw new Error(`${name} failed`);
    },
    undo: async () => {
      seen.push(`undo ${name}`);
      if (name === undoFails) throw new Error(`${name} cannot be undone`);
    },
  });
  const flow = defineFlow<object>('test-flow', [step('first'), step('second'), step('third', true), step('fourth')]);
  return { seen, logged, run: () => runFlow(flow, {}, log) };
}

test('a step failing undoes the steps done before it, newest first, and throws its own error', async () => {
  const { seen, logged, run } = recorded();
  await expect(run()).rejects.toThrow('third failed');
  expect(seen).toEqual(['run first', 'run second', 'run third', 'undo second', 'undo first']);
  expect(logged).toEqual([]);
});

test('an undo that fails is logged with the flow and step, the next undo still runs, and the original error is thrown', async () => {
  const { seen, logged, run } = recorded('second');
  await expect(run()).rejects.toThrow('third failed');
  expect(seen).toEqual(['run first', 'run second', 'run third', 'undo second', 'undo first']);
  expect(logged).toEqual([{ flow: 'test-flow', step: 'second', failedStep: 'third', err: 'second cannot be undone' }]);
});

test('steps without an undo (one transaction: the rollback is the undo) are skipped when undoing', async () => {
  const seen: string[] = [];
  const flow = defineFlow<{ n: number }>('plain', [
    { name: 'outside', run: async (s) => void (s.n += 1), undo: async (s) => void seen.push(`undo at ${s.n}`) },
    { name: 'in a transaction', run: async (s) => void (s.n += 1) },
    { name: 'fails', run: async () => Promise.reject(new Error('no')) },
  ]);
  await expect(runFlow(flow, { n: 0 }, { error: () => {} })).rejects.toThrow('no');
  expect(seen).toEqual(['undo at 2']);
  expect((await runFlow(defineFlow<{ n: number }>('ok', flow.steps.slice(0, 2)), { n: 0 })).n).toBe(2);
});
