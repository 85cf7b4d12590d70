export type BaseErrorOptions = {
  /** The failure this error wraps (a fetch error, a zod error, an abort reason…). */
  cause?: unknown;
  /** Extra lines for people debugging; not part of `message`. */
  details?: string;
};

/**
 * The root of every error the sdk throws. `message` is the short text users see (the spec's wording where it has
 * one), `code` is stable for programs, `details` and `cause` carry the rest.
 */
export class BaseError extends Error {
  override name = 'BaseError';
  readonly code: string;
  readonly details: string | undefined;

  constructor(code: string, message: string, options: BaseErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.details = options.details;
  }
}
