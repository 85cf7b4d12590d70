import type { z } from 'zod';
import { SnakeHttpError } from '../errors.js';

/** `inputs[3].tick` from a zod path. */
const fieldOf = (path: readonly PropertyKey[], root: string): string =>
  path.reduce<string>(
    (out, part) =>
      typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part),
    '',
  ) || root;

/** Parses a route input; a failure is a 400 whose message names the field (SnakeTooManyInputs for `inputs` length). */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, root: string): z.infer<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = fieldOf(issue?.path ?? [], root);
  const message =
    issue?.code === 'unrecognized_keys' ? `unknown field(s) ${issue.keys.join(', ')}` : issue?.message;
  if (field === 'inputs' && issue?.code === 'too_big')
    throw new SnakeHttpError('SnakeTooManyInputs', `inputs: ${message}`);
  if (field === 'address' && issue?.code === 'custom')
    throw new SnakeHttpError('SnakeBadAddress', `address: ${message}`);
  throw new SnakeHttpError('SnakeBadRequest', `${field}: ${message ?? 'invalid'}`);
}
