import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { allRoutes, decodeQuery } from '../src/index.js';
import { allExamples } from './examples/all.js';

const examples = allExamples;

/** JSON for failure messages; bigints shown as `10n`. */
function show(value: unknown): string {
  return JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? `${item}n` : item));
}

function inputOf(example: { input?: unknown; query?: string }): unknown {
  return example.query !== undefined ? decodeQuery(example.query) : example.input;
}

function issuePaths(schema: z.ZodMiniType, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => JSON.stringify(issue.path));
}

describe('every route has examples', () => {
  it('covers each route of allRoutes() and nothing else', () => {
    const ids = allRoutes().map((entry) => entry.id);
    expect(Object.keys(examples).sort()).toEqual([...ids].sort());
  });
});

for (const { id, route } of allRoutes()) {
  const example = examples[id];
  if (!example) continue;
  describe(`${id} (${route.kind} ${route.path})`, () => {
    it('parses its valid inputs', () => {
      expect(example.valid.length).toBeGreaterThan(0);
      for (const valid of example.valid) {
        if (valid.query !== undefined) expect(route.kind === 'query' && route.method === 'GET').toBe(true);
        const result = route.input.safeParse(inputOf(valid));
        expect(result.error?.issues, show(valid)).toBeUndefined();
        if (valid.expect !== undefined) expect(result.data).toMatchObject(valid.expect as object);
      }
    });

    it('parses its own parsed output again to the same value (what the client sends, the server accepts)', () => {
      for (const valid of example.valid) {
        const once = route.input.parse(inputOf(valid));
        expect(route.input.parse(once)).toEqual(once);
      }
    });

    it('rejects invalid inputs with an issue naming the field', () => {
      expect(example.invalid.length).toBeGreaterThan(0);
      for (const invalid of example.invalid) {
        const paths = issuePaths(route.input, inputOf(invalid));
        expect(paths, show(invalid)).toContain(JSON.stringify(invalid.path));
      }
    });

    it('accepts representative answers', () => {
      expect(example.answers.length).toBeGreaterThan(0);
      for (const answer of example.answers) {
        const result = route.output.safeParse(answer);
        expect(result.error?.issues, show(answer)).toBeUndefined();
      }
    });

    if (example.badAnswers) {
      it('rejects malformed answers', () => {
        for (const answer of example.badAnswers ?? []) {
          expect(route.output.safeParse(answer).success, show(answer)).toBe(false);
        }
      });
    }
  });
}
