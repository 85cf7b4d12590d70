import * as z from 'zod';
import { BigIntStringSchema } from './numbers.js';

/**
 * A repeated query key (`k=a&k=b`): a lone value arrives as a plain string, so one item is accepted and wrapped.
 */
export function queryArray<T extends z.ZodType>(item: T) {
  return z
    .union([z.array(item), item])
    .transform((value) => (Array.isArray(value) ? value : [value]) as z.output<T>[]);
}

/** A date in a query string (ISO-8601 on the wire); a Date or epoch milliseconds is accepted and sent as ISO. */
export const QueryDateSchema = z
  .union([z.date(), z.string(), z.number()])
  .transform((value, ctx) => {
    const date = value instanceof Date ? value : new Date(value);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: 'Invalid date', input: value });
      return z.NEVER;
    }
    return date.toISOString();
  })
  .meta({ description: 'ISO-8601 date', examples: ['2024-01-01T00:00:00.000Z'] });

export const OrderSchema = z.enum(['asc', 'desc']);

/** A bigint filter in a query string (indexer amount/balance ranges), sent as digits. */
export const QueryBigIntSchema = BigIntStringSchema;

/** A number in a query string, coerced. */
export const queryInt = () => z.coerce.number<string | number>().int();
