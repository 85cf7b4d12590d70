import * as z from 'zod';

/** One field-validation issue (zod's issue shape; only `message` and `path` are relied on). */
export const ValidationIssueSchema = z.looseObject({
  code: z.string().optional(),
  message: z.string(),
  path: z.array(z.union([z.string(), z.number()])),
});

/**
 * An error answer: `error` is a message naming the field; `zodError.issues` lists field-validation failures
 * (400 on bad input). `httpPart` is declared by the real server's generic error.
 */
export const ErrorBodySchema = z.object({
  error: z.string(),
  details: z.unknown().optional(),
  httpPart: z.string().optional(),
  zodError: z.object({ issues: z.array(ValidationIssueSchema) }).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The 404 "not (yet) found" body of a status request. */
export const NotFoundBodySchema = z.object({ error: z.string() });
