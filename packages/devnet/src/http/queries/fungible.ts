import type { RouteParsedInput, routes } from '@nftkit/api';
import { normalizeAddress } from '@nftkit/primitives';
import type { Chain } from '../../chain/chain.js';
import type { Collection } from '../../runtime/common/types.js';
import { badRequest, notFound } from '../errors.js';

type Q<K extends keyof typeof routes.fungible> = RouteParsedInput<(typeof routes.fungible)[K]>;

/** An amount as a JSON number while that is exact, else as its decimal string (u128 outgrows a double). */
export const exactNumber = (n: bigint): number | string =>
  n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : String(n);

export function fungibleCollectionOf(chain: Chain, collectionId: number): Collection {
  const c = chain.storage.common.collection(collectionId);
  if (!c) throw notFound(`Collection ${collectionId} not found`);
  if (c.mode !== 'Fungible')
    throw badRequest(`Validation Error: collectionId: collection ${collectionId} is ${c.mode}, not Fungible`);
  return c;
}

export function fungibleBalance(chain: Chain, q: Q<'getAccountBalance'>) {
  const c = fungibleCollectionOf(chain, q.collectionId);
  const address = normalizeAddress(q.address);
  return {
    address,
    collectionId: c.id,
    balance: String(chain.storage.fungible.balance(c.id, address)),
    decimals: c.decimals ?? 0,
    symbol: c.tokenPrefix,
  };
}

export function fungibleAllowance(chain: Chain, q: Q<'getApproved'>) {
  const c = fungibleCollectionOf(chain, q.collectionId);
  const sender = normalizeAddress(q.sender);
  const spender = normalizeAddress(q.spender);
  return {
    allowance: exactNumber(chain.storage.fungible.allowance(c.id, sender, spender)),
    address: spender,
    collectionId: c.id,
    sender,
  };
}

export function fungibleTotalSupply(chain: Chain, q: Q<'totalSupply'>) {
  const c = fungibleCollectionOf(chain, q.collectionId);
  return { totalSupply: exactNumber(chain.storage.fungible.totalSupply(c.id)) };
}

/** The fungible queries of rest-api §4.4, by path. */
export const FUNGIBLE_QUERY_HANDLERS: Record<string, (chain: Chain, input: never) => unknown> = {
  '/fungible/balance': fungibleBalance,
  '/fungible/allowance': fungibleAllowance,
  '/fungible/total-supply': fungibleTotalSupply,
};
