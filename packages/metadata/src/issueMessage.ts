import type * as z from 'zod/mini';

/** zod's fallback when no locale is loaded: zod/mini ships none, so the client words those issues itself. */
const GENERIC = 'Invalid input';

/**
 * What is wrong, in words, for one zod issue. Messages a schema sets (`String must not exceed 64 bytes`) and those
 * of a loaded zod locale pass through; the generic fallback is replaced from the issue code, so the browser bundle
 * needs no locale. The sdk words its `InputValidationError` with it too.
 */
export function issueMessage(issue: z.core.$ZodIssue): string {
  if (issue.message && issue.message !== GENERIC) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}, received ${received(issue.input)}`;
    case 'too_small':
      return `too small: expected ${issue.origin} ${issue.inclusive ? '>=' : '>'} ${issue.minimum}`;
    case 'too_big':
      return `too big: expected ${issue.origin} ${issue.inclusive ? '<=' : '<'} ${issue.maximum}`;
    case 'invalid_format':
      return issue.format === 'regex' && issue.pattern
        ? `invalid string: must match pattern ${issue.pattern}`
        : `invalid ${issue.format}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join('|')}`;
    case 'unrecognized_keys':
      return `unrecognized key(s): ${issue.keys.map((key) => `"${key}"`).join(', ')}`;
    case 'not_multiple_of':
      return `expected a multiple of ${issue.divisor}`;
    case 'invalid_union':
      return 'no accepted form matches';
    default:
      return GENERIC;
  }
}

function received(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  return typeof input;
}
