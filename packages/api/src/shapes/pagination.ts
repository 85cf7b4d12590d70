import * as z from 'zod/mini';
import { meta } from './meta.js';

/** `limit` 1…1000 and `skip` ≥ 0, both coerced from the query string and optional. */
export const PaginationSchema = z.object({
  limit: meta(z.optional(z.coerce.number<string | number>().check(z.int(), z.gte(1), z.lte(1000))), {
    description: 'Number of items to return, 1…1000',
  }),
  skip: meta(z.optional(z.coerce.number<string | number>().check(z.int(), z.gte(0))), {
    description: 'Number of items to skip',
  }),
});
export type Pagination = z.infer<typeof PaginationSchema>;

export const AtBlockHashSchema = meta(z.optional(z.string()), {
  description: 'Query the state at this block hash',
});
