import type * as z from 'zod/mini';

/** An error answer with a status and the API's error body (`{error, details?, zodError?}`). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: unknown,
    readonly zodIssues?: readonly z.core.$ZodIssue[],
  ) {
    super(message);
    this.name = 'HttpError';
  }

  body(): { error: string; details?: unknown; zodError?: { issues: unknown[] } } {
    return {
      error: this.message,
      ...(this.details === undefined ? {} : { details: this.details }),
      ...(this.zodIssues ? { zodError: { issues: [...this.zodIssues] } } : {}),
    };
  }
}

export const badRequest = (message: string, details?: unknown) => new HttpError(400, message, details);
export const notFound = (message: string) => new HttpError(404, message);
export const notImplemented = () => new HttpError(501, 'Not implemented');
export const forbidden = (message: string) => new HttpError(403, message);

/** Field-level input failure: the message names the first failing field, `zodError.issues` lists them all. */
export function validationError(error: z.core.$ZodError, where?: string): HttpError {
  const name = (path: readonly PropertyKey[]) =>
    [where, ...path.map(String)].filter((p) => p !== undefined && p !== '').join('.') || '(body)';
  const described = error.issues.slice(0, 5).map((i) => `${name(i.path)}: ${i.message}`);
  const message =
    described.length === 1
      ? `Validation Error: ${described[0]}`
      : `Validation Errors (${error.issues.length}): ${described.join(', ')}`;
  const issues = where ? error.issues.map((i) => ({ ...i, path: [where, ...i.path] })) : error.issues;
  return new HttpError(400, message, undefined, issues as z.core.$ZodIssue[]);
}

/** The event a route formats its result from is missing (rest-api §3.1 EventNotFoundInExtrinsicError). */
export class EventNotFoundError extends HttpError {
  constructor(hash: string, blockNumber: number, blockHash: string, event: string) {
    super(503, `The extrinsic (hash ${hash}, block ${blockNumber} / ${blockHash}) has no ${event} event`);
  }
}
