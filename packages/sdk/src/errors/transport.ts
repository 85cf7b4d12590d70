import { BaseError } from './base.js';

/** The request never got an HTTP answer (DNS, TLS, reset, CORS…). `cause` is the fetch error. */
export class HttpRequestError extends BaseError {
  override name = 'HttpRequestError';
  readonly url: string;

  constructor(url: string, cause: unknown, message?: string) {
    const reason = describe(cause);
    super('HTTP_REQUEST_FAILED', message ?? `HTTP request failed: ${reason}`, {
      cause,
      details: `URL: ${url}`,
    });
    this.url = url;
  }
}

/** Nothing listens at the base URL (ECONNREFUSED). */
export class ConnectionRefusedError extends HttpRequestError {
  override name = 'ConnectionRefusedError';
  override readonly code = 'CONNECTION_REFUSED';

  constructor(url: string, cause: unknown) {
    super(url, cause, 'Connection to the server refused, please check the server URL.');
  }
}

/** The caller's `AbortSignal` fired; `cause` is the signal's reason. Named `AbortError` like fetch's own. */
export class AbortError extends BaseError {
  override name = 'AbortError';

  constructor(reason: unknown) {
    super('ABORTED', 'The operation was aborted.', { cause: reason });
  }
}

/** A 2xx answer whose body is not what the route promises (e.g. a submit answer without `hash`). */
export class InvalidResponseError extends BaseError {
  override name = 'InvalidResponseError';

  constructor(message: string, data: unknown) {
    super('INVALID_RESPONSE', message, { details: `Body: ${safeJson(data)}` });
  }
}

function describe(cause: unknown): string {
  if (cause instanceof Error) {
    const inner = (cause as { cause?: unknown }).cause;
    return inner instanceof Error ? `${cause.message}: ${inner.message}` : cause.message;
  }
  return String(cause);
}

function safeJson(data: unknown): string {
  try {
    return typeof data === 'string' ? data : (JSON.stringify(data) ?? String(data));
  } catch {
    return String(data);
  }
}

/** An answer that fails the route's output schema (the indexer client checks every answer, as the real one does). */
export class ResponseValidationError extends BaseError {
  override name = 'ResponseValidationError';
  readonly route: string;
  readonly issues: readonly { message: string; path: PropertyKey[] }[];

  constructor(route: string, issues: readonly { message: string; path: PropertyKey[] }[], cause: unknown) {
    const first = issues[0];
    const where = first && first.path.length > 0 ? `${first.path.map(String).join('.')}: ` : '';
    super('INVALID_RESPONSE', `Unexpected answer from ${route}: ${where}${first?.message ?? 'invalid'}`, {
      cause,
    });
    this.route = route;
    this.issues = issues;
  }
}
