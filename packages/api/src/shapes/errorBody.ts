import * as z from 'zod/mini';

/** One field-validation issue (zod's issue shape; only `message` and `path` are relied on). */
export const ValidationIssueSchema = z.looseObject({
  code: z.optional(z.string()),
  message: z.string(),
  path: z.array(z.union([z.string(), z.number()])),
});

/**
 * An error answer: `error` is a message naming the field; `zodError.issues` lists field-validation failures
 * (400 on bad input). `httpPart` is declared by the real server's generic error.
 */
export const ErrorBodySchema = z.object({
  error: z.string(),
  details: z.optional(z.unknown()),
  httpPart: z.optional(z.string()),
  zodError: z.optional(z.object({ issues: z.array(ValidationIssueSchema) })),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The 404 "not (yet) found" body of a status request. */
export const NotFoundBodySchema = z.object({ error: z.string() });
