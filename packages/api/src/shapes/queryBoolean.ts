import * as z from 'zod/mini';
import { meta } from './meta.js';

/**
 * A boolean read from a query string, where every value arrives as text. A string is true only when it equals
 * `"true"` in any case (so `"1"`, `"yes"` and `"on"` are false, as on the real API); a number is true when non-zero.
 */
export const zQueryBoolean = meta(
  z.pipe(
    z.union([z.boolean(), z.string(), z.number()]),
    z.transform((value) => {
      if (typeof value === 'string') return value.toLowerCase() === 'true';
      if (typeof value === 'number') return value !== 0;
      return value;
    }),
  ),
  { description: 'Boolean query parameter: true only for `true` (any case) or a non-zero number' },
);
