import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { runPeriodically } from './periodic.js';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A round the test ends by hand, and the log lines a worker wrote. */
function harness() {
  const warnings: { fields: Record<string, unknown>; message: string }[] = [];
  const log = { warn: (fields: Record<string, unknown>, message: string) => warnings.push({ fields, message }) };
  const rounds: { now: Date; finish: (value: number) => void; fail: (error: Error) => void }[] = [];
  const run = (now: Date) =>
    new Promise<number>((finish, fail) => {
      rounds.push({ now, finish, fail });
    });
  return { warnings, log, rounds, run };
}

test('a round every period, never two at once: a tick that finds one in flight lets it be', async () => {
  const { log, rounds, run } = harness();
  const worker = runPeriodically({ name: 'order expiry', everyMs: 60_000, run, log });
  await vi.advanceTimersByTimeAsync(59_999);
  expect(rounds).toHaveLength(0);
  await vi.advanceTimersByTimeAsync(1);
  expect(rounds).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(180_000);
  expect(rounds).toHaveLength(1);
  rounds[0].finish(1);
  await vi.advanceTimersByTimeAsync(60_000);
  expect(rounds).toHaveLength(2);
  expect(rounds[1].now.getTime() - rounds[0].now.getTime()).toBe(240_000);
  rounds[1].finish(2);
  await worker.stop();
});

test('a failing round is logged with the worker’s name, and the next round tries again', async () => {
  const { warnings, log, rounds, run } = harness();
  const worker = runPeriodically({ name: 'tracking refresh', everyMs: 1_000, run, log });
  await vi.advanceTimersByTimeAsync(1_000);
  rounds[0].fail(new Error('Nova Poshta is away'));
  await vi.advanceTimersByTimeAsync(0);
  expect(warnings).toEqual([
    { fields: { worker: 'tracking refresh', err: 'Nova Poshta is away' }, message: 'tracking refresh failed; the next round tries again' },
  ]);
  await vi.advanceTimersByTimeAsync(1_000);
  expect(rounds).toHaveLength(2);
  rounds[1].finish(3);
  await vi.advanceTimersByTimeAsync(0);
  expect(warnings).toHaveLength(1);
  await worker.stop();
});

test('runNow joins the round in flight, passes its time, and hands its failure to the caller', async () => {
  const { warnings, log, rounds, run } = harness();
  const worker = runPeriodically({ name: 'outbox', everyMs: 0, run, log });
  const at = new Date('2026-11-28T10:00:00Z');
  const first = worker.runNow(at);
  const joined = worker.runNow();
  await vi.advanceTimersByTimeAsync(0);
  expect(rounds.map((r) => r.now)).toEqual([at]);
  rounds[0].finish(7);
  expect([await first, await joined]).toEqual([7, 7]);
  const failing = worker.runNow();
  await vi.advanceTimersByTimeAsync(0);
  rounds[1].fail(new Error('SMTP refused'));
  await expect(failing).rejects.toThrow('SMTP refused');
  // No timer with a period of 0, and a caller's failure is not the worker's log line.
  await vi.advanceTimersByTimeAsync(3_600_000);
  expect([rounds.length, warnings]).toEqual([2, []]);
});

test('stop ends the timer and waits for the round in flight, even a failing one', async () => {
  const { log, rounds, run } = harness();
  const worker = runPeriodically({ name: 'fiscal receipts', everyMs: 1_000, run, log });
  await vi.advanceTimersByTimeAsync(1_000);
  let stopped = false;
  const stopping = worker.stop().then(() => {
    stopped = true;
  });
  await vi.advanceTimersByTimeAsync(5_000);
  expect([stopped, rounds.length]).toEqual([false, 1]);
  rounds[0].fail(new Error('Checkbox timed out'));
  await stopping;
  expect(stopped).toBe(true);
  await vi.advanceTimersByTimeAsync(5_000);
  expect(rounds).toHaveLength(1);
  // Stopping an idle worker resolves at once.
  await runPeriodically({ name: 'idle', everyMs: 1_000, run, log }).stop();
});
