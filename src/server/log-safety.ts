/**
 * No secret or hash in any log line (docs/deploy.md, "Logs"). A failed query's error carries its
 * parameters (drizzle: "Failed query: … params: …"), which may be a password hash, a token hash or
 * an e-mail: they are cut off wherever an error is logged or printed.
 */
export function withoutQueryParams(text: string): string {
  return text.replace(/(\bparams:)[\s\S]*?(?=\n\s+at |\n\n|$)/g, '$1 [redacted]');
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** pino's `err` serializer: the error's type, code, message and stack, with query parameters cut off; no other fields. */
export function safeErrorSerializer(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: withoutQueryParams(String(error)), stack: '' };
  const cause = (error as { cause?: unknown }).cause;
  return {
    type: error.constructor?.name ?? 'Error',
    message: withoutQueryParams(error.message),
    stack: error.stack ? withoutQueryParams(error.stack) : '',
    code: (error as { code?: unknown }).code,
    ...(cause instanceof Error ? { cause: safeErrorSerializer(cause) } : {}),
  };
}
