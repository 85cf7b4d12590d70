import * as z from 'zod';

/** `limit` 1…1000 and `skip` ≥ 0, both coerced from the query string and optional. */
export const PaginationSchema = z.object({
  limit: z.coerce
    .number<string | number>()
    .int()
    .min(1)
    .max(1000)
    .optional()
    .meta({ description: 'Number of items to return, 1…1000' }),
  skip: z.coerce
    .number<string | number>()
    .int()
    .min(0)
    .optional()
    .meta({ description: 'Number of items to skip' }),
});
export type Pagination = z.infer<typeof PaginationSchema>;

export const AtBlockHashSchema = z
  .string()
  .optional()
  .meta({ description: 'Query the state at this block hash' });
