import type { Chain } from '../../chain/chain.js';
import type { ExtrinsicRecord } from '../../chain/extrinsicStore.js';

/** A runtime call by name, with its JSON arguments. */
export type CallSpec = { section: string; method: string; args: Record<string, unknown> };

export type BuildEnv = { chain: Chain; signer: string | undefined };

/**
 * How the devnet serves one extrinsic route: `toCall` turns the route's parsed args into a runtime call (REST side →
 * chain side), `result` formats a successful status from the recorded events and the current state.
 */
export type ExtrinsicHandler<A = never> = {
  toCall(args: A, env: BuildEnv): CallSpec;
  result(record: ExtrinsicRecord, chain: Chain): unknown;
};
