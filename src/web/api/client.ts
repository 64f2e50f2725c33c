/**
 * The one way the browser talks to /api: same origin, JSON, the session in an httpOnly cookie.
 * Failures become ApiError with the server's message; client-side failures carry the statuses of
 * docs/errors.md (FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR',
    message: string,
    readonly code?: string,
    readonly errors?: FieldIssue[],
    /** The blanks of the code's text, e.g. the product that ran out. */
    readonly params?: Record<string, string | number>,
  ) {
    super(message);
  }
}

/** One field's problem in a validation answer; `code` is the shared message key (docs/errors.md). */
export interface FieldIssue {
  path: string;
  message: string;
  code?: string;
  params?: Record<string, string | number>;
}

const TIMEOUT_MS = 15_000;
type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener = () => {};

/** The session store signs the user out on any 401 (docs/errors.md). */
export function setUnauthorizedListener(listener: UnauthorizedListener) {
  onUnauthorized = listener;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export async function api<T>(path: string, { method = 'GET', body, signal, headers = {} }: RequestOptions = {}): Promise<T> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined || isForm ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (err) {
    if (timeout.aborted) throw new ApiError('TIMEOUT_ERROR', 'TIMEOUT_ERROR');
    if (signal?.aborted) throw err;
    throw new ApiError('FETCH_ERROR', 'FETCH_ERROR');
  }

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      throw new ApiError(response.ok ? 'PARSING_ERROR' : response.status, response.ok ? 'PARSING_ERROR' : text.slice(0, 200));
    }
  }
  if (!response.ok) {
    const problem = (data ?? {}) as { message?: string; code?: string; errors?: FieldIssue[]; params?: Record<string, string | number> };
    if (response.status === 401) onUnauthorized();
    throw new ApiError(response.status, problem.message ?? response.statusText, problem.code, problem.errors, problem.params);
  }
  return data as T;
}
