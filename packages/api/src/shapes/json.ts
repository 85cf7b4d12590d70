import * as z from 'zod/mini';
import { meta } from './meta.js';

/** Replaces every bigint (at any depth) by its decimal string, as the real client does before JSON encoding. */
export function bigintsToStrings(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(bigintsToStrings);
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, bigintsToStrings(item)]));
  }
  return value;
}

/** Function arguments of an EVM call: any values, bigints turned into decimal strings so the body is JSON-safe. */
export const FunctionArgsSchema = meta(
  z.pipe(
    z.array(z.unknown()),
    z.transform((args) => args.map(bigintsToStrings)),
  ),
  { description: 'Function arguments; bigints are sent as decimal strings' },
);
