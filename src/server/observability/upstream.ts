import { upstreamDuration, upstreamFailures, type UpstreamOutcome, type UpstreamService } from './metrics.js';

/** Whether an error is the end of a time limit (AbortSignal.timeout) or an abort. */
export function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/**
 * Runs one call to a third party and records its time and outcome (upstream_request_duration_seconds,
 * upstream_failures_total). `outcomeOf` classifies a result that arrived (an HTTP 5xx is a failure).
 */
export async function timedUpstream<T>(service: UpstreamService, call: () => Promise<T>, outcomeOf: (result: T) => UpstreamOutcome = () => 'ok'): Promise<T> {
  const end = upstreamDuration.startTimer({ service });
  let outcome: UpstreamOutcome = 'network_error';
  try {
    const result = await call();
    outcome = outcomeOf(result);
    return result;
  } catch (error) {
    outcome = isTimeout(error) ? 'timeout' : 'network_error';
    throw error;
  } finally {
    end({ outcome });
    if (outcome !== 'ok') upstreamFailures.inc({ service, outcome });
  }
}

export interface UpstreamRequest extends RequestInit {
  /** The call's own time limit. */
  timeoutMs: number;
  /** A caller's deadline over several calls (e.g. every page of a list): whichever ends first. */
  signal?: AbortSignal | null;
}

/**
 * fetch with a time limit, measured: the one way the server calls a third party over HTTP
 * (docs/deploy.md, "Metrics"). A timeout rejects with a TimeoutError (see isTimeout); an HTTP
 * error status resolves as fetch does, for the caller to word.
 */
export function upstreamFetch(service: UpstreamService, url: string, { timeoutMs, signal, ...init }: UpstreamRequest): Promise<Response> {
  const deadline = AbortSignal.timeout(timeoutMs);
  return timedUpstream(
    service,
    () => fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, deadline]) : deadline }),
    (response) => (response.status >= 500 ? 'http_error' : 'ok'),
  );
}
