import * as z from 'zod/mini';
import { BaseError } from './base.js';

/**
 * The input failed the route's schema before anything was sent. `issues` are zod's; `format()` gives the nested
 * `{ _errors, field: { _errors } }` object the real client throws in place of an Error.
 */
export class InputValidationError extends BaseError {
  override name = 'InputValidationError';
  readonly route: string;
  readonly issues: z.core.$ZodIssue[];
  readonly zodError: z.core.$ZodError;

  constructor(route: string, zodError: z.core.$ZodError) {
    const first = zodError.issues[0];
    const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : '';
    const more = zodError.issues.length > 1 ? ` (and ${zodError.issues.length - 1} more)` : '';
    super('INVALID_INPUT', `Invalid input for ${route}: ${where}${first?.message ?? 'invalid'}${more}`, {
      cause: zodError,
    });
    this.route = route;
    this.issues = zodError.issues;
    this.zodError = zodError;
  }

  format(): unknown {
    return z.formatError(this.zodError);
  }
}
