import * as z from 'zod/mini';
import { meta } from './meta.js';
import { BigIntStringSchema } from './numbers.js';

/**
 * A repeated query key (`k=a&k=b`): a lone value arrives as a plain string, so one item is accepted and wrapped.
 */
export function queryArray<T extends z.ZodMiniType>(item: T) {
  return z.pipe(
    z.union([z.array(item), item]),
    z.transform((value) => (Array.isArray(value) ? value : [value]) as z.output<T>[]),
  );
}

/** A date in a query string (ISO-8601 on the wire); a Date or epoch milliseconds is accepted and sent as ISO. */
export const QueryDateSchema = meta(
  z.pipe(
    z.union([z.date(), z.string(), z.number()]),
    z.transform((value, ctx) => {
      const date = value instanceof Date ? value : new Date(value);
      if (Number.isNaN(date.getTime())) {
        ctx.issues.push({ code: 'custom', message: 'Invalid date', input: value });
        return z.NEVER;
      }
      return date.toISOString();
    }),
  ),
  { description: 'ISO-8601 date', examples: ['2024-01-01T00:00:00.000Z'] },
);

export const OrderSchema = z.enum(['asc', 'desc']);

/** A bigint filter in a query string (indexer amount/balance ranges), sent as digits. */
export const QueryBigIntSchema = BigIntStringSchema;

/** A number in a query string, coerced. */
export const queryInt = () => z.coerce.number<string | number>().check(z.int());
