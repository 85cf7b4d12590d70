import { $ZodError } from 'zod/v4/core';
import { BaseError } from './base.js';

export type ApiErrorIssue = { message: string; path: (string | number)[]; code?: string };

/**
 * A non-success HTTP answer: `Server responded with Error {status} - {statusText}: {body}`. `data` is the body as
 * the server sent it (parsed JSON, text, `null` or `''`); `zodError`/`issues` hold the field-validation issues when
 * the body carries `zodError.issues`.
 */
export class ApiError extends BaseError {
  override name = 'ApiError';
  readonly isApiError = true;
  readonly status: number;
  readonly statusText: string;
  readonly data: unknown;
  readonly issues: ApiErrorIssue[];
  readonly zodError: $ZodError | null;

  constructor(args: { status: number; statusText: string; data: unknown; url?: string }) {
    const body = typeof args.data === 'string' ? args.data : JSON.stringify(args.data);
    super('API_ERROR', `Server responded with Error ${args.status} - ${args.statusText}: ${body ?? ''}`, {
      ...(args.url === undefined ? {} : { details: `URL: ${args.url}` }),
    });
    this.status = args.status;
    this.statusText = args.statusText;
    this.data = args.data;
    this.issues = readIssues(args.data);
    // ZodError keeps the issues as given; the server's issue objects are zod's own shape.
    this.zodError =
      this.issues.length > 0 || hasZodError(args.data) ? new $ZodError(this.issues as never) : null;
  }

  /** True for an {@link ApiError} (also across copies of the package, where `instanceof` fails). */
  static isApiError(error: unknown): error is ApiError {
    return (
      typeof error === 'object' && error !== null && (error as { isApiError?: unknown }).isApiError === true
    );
  }
}

function hasZodError(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  const zodError = (data as { zodError?: unknown }).zodError;
  return typeof zodError === 'object' && zodError !== null;
}

function readIssues(data: unknown): ApiErrorIssue[] {
  if (!hasZodError(data)) return [];
  const issues = (data as { zodError: { issues?: unknown } }).zodError.issues;
  if (!Array.isArray(issues)) return [];
  return issues
    .filter(
      (issue): issue is ApiErrorIssue =>
        typeof issue === 'object' && issue !== null && typeof (issue as ApiErrorIssue).message === 'string',
    )
    .map((issue) => ({ ...issue, path: Array.isArray(issue.path) ? issue.path : [] }));
}
