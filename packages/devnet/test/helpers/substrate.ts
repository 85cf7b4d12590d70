import { createRequire } from 'node:module';
import { ApiPromise, WsProvider } from '@polkadot/api';
import { rpcRaw } from './ethRpc.js';
import { opalLookup } from './opal.js';

const require = createRequire(import.meta.url);

/** Opal's published `unique_*` RPC definitions (`@unique-nft/opal-testnet-types`). */
export const UNIQUE_RPC = (
  require('@unique-nft/opal-testnet-types/unique/definitions.js') as {
    default: { rpc: Record<string, unknown> };
  }
).default.rpc;

/**
 * Result types of the RPC that are not in the metadata (Opal's V14 metadata has no runtime-API types either), and
 * `SponsorshipState<AccountId32>` under Opal's lookup name: Opal's metadata has a second instance of that generic
 * type (pallet EvmContractHelpers', which the devnet does not have), so polkadot-js names Opal's with the suffix.
 */
const RPC_TYPES = Object.fromEntries(
  [
    'UpDataStructsSponsorshipStateAccountId32',
    'UpDataStructsRpcCollection',
    'UpDataStructsRpcCollectionFlags',
    'UpDataStructsTokenData',
    'UpDataStructsCollectionStats',
    'UpDataStructsTokenChild',
  ].map((name) => [name, opalLookup[name]]),
);

/**
 * @polkadot/api over WebSocket to the devnet at `origin` (its http origin), failing at once when it cannot connect.
 * `opal` adds Opal's `unique_*` RPC and its result types, as a script written for Opal registers them.
 */
export function connectApi(origin: string, { opal = false }: { opal?: boolean } = {}): Promise<ApiPromise> {
  return ApiPromise.create({
    provider: new WsProvider(origin.replace(/^http/, 'ws')),
    ...(opal ? { rpc: { unique: UNIQUE_RPC } as never, types: RPC_TYPES as never } : {}),
    noInitWarn: true,
    throwOnConnect: true,
  });
}

/** A JSON-RPC answer as the node sent it: its result, or its error. */
export type NodeAnswer = { result?: unknown; error?: { code: number; message: string; data?: unknown } };

/** Sends `method` with `params` to the node endpoint at `origin`; answers what came back, error or not. */
export async function nodeAnswer(origin: string, method: string, params: unknown = []): Promise<NodeAnswer> {
  return (await rpcRaw(`${origin}/`, { jsonrpc: '2.0', id: 1, method, params })).body as NodeAnswer;
}
