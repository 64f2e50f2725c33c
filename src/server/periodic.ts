/** What a periodic worker logs through: the app's logger, or a test's. */
export interface PeriodicLog {
  warn(fields: Record<string, unknown>, message: string): void;
}

/** A worker's rounds, started by runPeriodically. */
export interface Periodic<T> {
  /** Starts a round now, or joins the one in flight; its failure is the caller's to handle. */
  runNow(now?: Date): Promise<T>;
  /** Ends the timer; resolves once the round in flight, if any, has ended (whether it failed or not). */
  stop(): Promise<void>;
}

/**
 * Runs `run` every `everyMs` in this process (0: never by itself, only `runNow`, as tests drive it),
 * one round at a time: a tick that finds a round in flight lets it be. A failing round is logged
 * with the worker's name and the next tick tries again. The timer never keeps the process alive;
 * other instances are kept apart by what each round claims in the database.
 */
export function runPeriodically<T>(options: { name: string; everyMs: number; run: (now: Date) => Promise<T>; log: PeriodicLog }): Periodic<T> {
  const { name, everyMs, run, log } = options;
  let inFlight: Promise<T> | null = null;

  const runNow = (now = new Date()): Promise<T> => {
    inFlight ??= Promise.resolve(now)
      .then(run)
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  const timer =
    everyMs > 0
      ? setInterval(() => {
          if (inFlight) return;
          runNow().catch((error: unknown) => {
            log.warn({ worker: name, err: error instanceof Error ? error.message : String(error) }, `${name} failed; the next round tries again`);
          });
        }, everyMs)
      : null;
  timer?.unref();

  return {
    runNow,
    async stop() {
      if (timer) clearInterval(timer);
      await inFlight?.catch(() => {});
    },
  };
}
