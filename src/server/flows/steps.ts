/**
 * Flows (docs/decisions/036-flows.md): where modules meet, one named list of steps, each paired
 * with what undoes it. When a step fails, the steps already done are undone in reverse order, and
 * the step's own error is thrown. An undo that fails is logged with the flow's and the step's
 * names, never swallowed silently, and the next undo still runs.
 *
 * Database work inside one transaction needs no undo beyond its rollback: such a step has none.
 * Undo is for what a rollback cannot reach: a Nova Poshta waybill created, a payment captured at
 * a provider, stock or a promo code's use taken in an earlier, committed transaction.
 */

/** One step: `run` does it, reading and writing the flow's state; `undo` takes it back after a later step failed. */
export interface Step<State> {
  name: string;
  run: (state: State) => Promise<void>;
  undo?: (state: State) => Promise<void>;
}

/** Where a failed undo is reported: the app's logger (Fastify's, or any with `error`). */
export interface FlowLog {
  error: (details: object, message: string) => void;
}

export interface Flow<State> {
  name: string;
  steps: readonly Step<State>[];
}

export function defineFlow<State>(name: string, steps: readonly Step<State>[]): Flow<State> {
  return { name, steps };
}

/** Without the app's logger (a script, a test), a failed undo still reaches stderr. */
const stderrLog: FlowLog = { error: (details, message) => console.error(message, details) };

/** Runs the steps in order on `state`; on a failure undoes the finished ones, newest first, then throws the failure. */
export async function runFlow<State>(flow: Flow<State>, state: NoInfer<State>, log: FlowLog = stderrLog): Promise<State> {
  const done: Step<State>[] = [];
  for (const step of flow.steps) {
    try {
      await step.run(state);
    } catch (error) {
      await undoAll(flow.name, done, state, log, step.name);
      throw error;
    }
    done.push(step);
  }
  return state;
}

async function undoAll<State>(flow: string, done: readonly Step<State>[], state: State, log: FlowLog, failedStep: string) {
  for (const step of [...done].reverse()) {
    if (!step.undo) continue;
    try {
      await step.undo(state);
    } catch (undoError) {
      // The original failure is what the caller sees; this one must still reach whoever reads the log.
      log.error(
        { flow, step: step.name, failedStep, err: undoError instanceof Error ? undoError.message : String(undoError) },
        'flow step could not be undone',
      );
    }
  }
}
