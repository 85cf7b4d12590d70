import type * as z from 'zod/mini';
import { validationError } from '../errors.js';
import { useEnglishMessages } from '../zodLocale.js';

useEnglishMessages();

/** Parses `input` with a route's zod schema; a failure is a 400 naming the field. Never throws anything else. */
export function parseWith<S extends z.ZodMiniType>(schema: S, input: unknown, where?: string): z.output<S> {
  let result: ReturnType<S['safeParse']>;
  try {
    result = schema.safeParse(input) as ReturnType<S['safeParse']>;
  } catch (e) {
    // A transform inside a schema may throw on hostile input: that is still the client's input at fault.
    throw validationError(
      {
        issues: [{ code: 'custom', message: (e as Error).message, path: [], input }],
      } as unknown as z.core.$ZodError,
      where,
    );
  }
  if (!result.success) throw validationError(result.error as z.core.$ZodError, where);
  return result.data as z.output<S>;
}
