import * as z from 'zod/mini';

/**
 * A copy of `schema` carrying `data` (description, examples, `id`) for the OpenAPI document: zod/mini has no
 * `.meta()` method, and registering on the copy (not on `schema`) keeps a shared schema's own metadata intact.
 * Pure, so a bundler drops the schemas a client never reaches.
 */
/* @__NO_SIDE_EFFECTS__ */
export function meta<T extends z.ZodMiniType>(schema: T, data: z.core.GlobalMeta): T {
  const copy = schema.clone();
  z.globalRegistry.add(copy, data);
  return copy;
}
