import { routes } from '@nftkit/api';
import type { Client } from './createClient.js';
import { makeExtrinsicFn } from './makeExtrinsicFn.js';

/** What `utility.batchAll` takes: encoded calls, or (as in the real client) the answers of `.encode`/`.build`. */
export type BatchAllParameters =
  | Array<Promise<{ compactExtrinsic: string }> | { compactExtrinsic: string }>
  | { calls: string[] };

/** Resolves the array form to `{ calls }`: the `compactExtrinsic` of each answer, in order. */
export async function prepareBatchCalls(params: unknown): Promise<unknown> {
  if (!Array.isArray(params)) return params;
  const answers: unknown[] = await Promise.all(params as unknown[]);
  return {
    calls: answers.map((answer) => (answer as { compactExtrinsic?: unknown } | null)?.compactExtrinsic),
  };
}

/** A client's `utility.batchAll`, which takes the array form as well as `{ calls }`. */
export function batchAllOf(client: Client) {
  return makeExtrinsicFn<typeof routes.utility.batchAll, BatchAllParameters>(
    client,
    routes.utility.batchAll,
    prepareBatchCalls,
  );
}
