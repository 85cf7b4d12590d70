import { issueErrorMap } from '@nftkit/metadata';
import type { z } from 'zod/mini';
import { InputValidationError } from '../errors/validation.js';

/** Parses `params` with the route's input schema; the parsed output (defaults, coercions) is what is sent. */
export async function parseInput<S extends z.ZodMiniType>(
  route: { path: string; input: S },
  params: unknown,
): Promise<z.output<S>> {
  const parsed = await route.input.safeParseAsync(params, { error: issueErrorMap });
  if (!parsed.success) throw new InputValidationError(route.path, parsed.error);
  return parsed.data;
}

/** The synchronous version for queries (no async refinements on query schemas); falls back to async when needed. */
export function parseInputSync<S extends z.ZodMiniType>(
  route: { path: string; input: S },
  params: unknown,
): z.output<S> | Promise<z.output<S>> {
  let parsed: ReturnType<S['safeParse']>;
  try {
    parsed = route.input.safeParse(params, { error: issueErrorMap }) as ReturnType<S['safeParse']>;
  } catch {
    // zod throws on async refinements in a sync parse.
    return parseInput(route, params);
  }
  if (!parsed.success) throw new InputValidationError(route.path, parsed.error as z.core.$ZodError);
  return parsed.data as z.output<S>;
}
