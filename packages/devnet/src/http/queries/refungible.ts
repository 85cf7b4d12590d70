import type { RouteParsedInput, routes } from '@nftkit/api';
import { normalizeAddress } from '@nftkit/primitives';
import type { Chain } from '../../chain/chain.js';
import { rfTokenView } from '../../views/refungible.js';
import { badRequest, notFound } from '../errors.js';

type Q<K extends keyof typeof routes.refungible> = RouteParsedInput<(typeof routes.refungible)[K]>;

function refungibleCollection(chain: Chain, collectionId: number) {
  const c = chain.storage.common.collection(collectionId);
  if (!c) throw notFound(`Collection ${collectionId} not found`);
  if (c.mode !== 'ReFungible')
    throw badRequest(
      `Validation Error: collectionId: collection ${collectionId} is ${c.mode}, not ReFungible`,
    );
  return c;
}

export function rfToken(chain: Chain, q: Q<'get'>) {
  refungibleCollection(chain, q.collectionId);
  const view = rfTokenView(chain.storage, q.collectionId, q.tokenId);
  if (!view) throw notFound(`Token ${q.collectionId}/${q.tokenId} not found`);
  return view;
}

export function rfAccountBalance(chain: Chain, q: Q<'getAccountBalance'>) {
  refungibleCollection(chain, q.collectionId);
  const account = normalizeAddress(q.account);
  return {
    collectionId: q.collectionId,
    tokenId: q.tokenId,
    account,
    balance: Number(chain.storage.refungible.balance(q.collectionId, q.tokenId, account)),
  };
}

/**
 * `/token/is-approved` on a refungible token: the allowance of `spender` over the pieces of `sender` (default: the
 * holder of every piece; a token spread over several holders needs `sender`).
 */
export function rfIsApproved(
  chain: Chain,
  q: { collectionId: number; tokenId: number; spender: string; sender?: string | undefined },
) {
  const rft = chain.storage.refungible;
  let sender = q.sender === undefined ? undefined : normalizeAddress(q.sender);
  if (sender === undefined) {
    const holders = rft.holders(q.collectionId, q.tokenId);
    if (holders.length > 1)
      throw badRequest('Validation Error: sender: required for a refungible token with several holders');
    sender = holders[0]?.account;
  }
  const amount =
    sender === undefined ? 0n : rft.allowance(q.collectionId, q.tokenId, sender, normalizeAddress(q.spender));
  return { isApproved: amount > 0n, amount: String(amount) };
}

/** The refungible queries of rest-api §4.5, by path. */
export const REFUNGIBLE_QUERY_HANDLERS: Record<string, (chain: Chain, input: never) => unknown> = {
  '/refungible': rfToken,
  '/refungible/account-balance': rfAccountBalance,
};
