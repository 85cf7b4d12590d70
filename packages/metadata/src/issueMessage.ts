import * as z from 'zod/mini';

/**
 * What is wrong, in words, for one zod issue as it is raised (its `input` still attached): zod/mini loads no locale,
 * so without this a failure would read "Invalid input". Messages a schema sets (`String must not exceed 64 bytes`)
 * never reach it.
 */
export function issueMessage(issue: z.core.$ZodRawIssue): string {
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
      return issue.input === undefined
        ? 'required'
        : `no accepted form matches ${received(issue.input)} input`;
    default:
      return 'invalid input';
  }
}

/**
 * The per-parse error map (`schema.safeParse(data, { error: issueErrorMap })`) of the packages' own parses: zod's
 * messages when a locale is loaded (`z.config(z.locales.en())`, as the devnet does), {@link issueMessage} otherwise.
 */
export const issueErrorMap: z.core.$ZodErrorMap = (issue) =>
  z.config().localeError ? undefined : issueMessage(issue);

function received(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  return typeof input;
}
