import type { RouteParsedInput, routes } from '@nftkit/api';
import { decodeTokenFromProperties } from '@nftkit/metadata';
import { normalizeAddress } from '@nftkit/primitives';
import type { Chain } from '../../chain/chain.js';
import { balanceView } from '../../views/balance.js';
import { collectionView } from '../../views/collection.js';
import { decodedProperty } from '../../views/properties.js';
import { tokenView } from '../../views/token.js';
import { notFound } from '../errors.js';
import { EVM_QUERY_HANDLERS } from '../evm/queries.js';
import { toAccountId } from '../extrinsics/helpers.js';
import { atBlock } from './atBlock.js';
import { FUNGIBLE_QUERY_HANDLERS } from './fungible.js';
import { NFTS_QUERY_HANDLERS } from './nfts.js';
import { possibleActions } from './possibleActions.js';
import { REFUNGIBLE_QUERY_HANDLERS, rfIsApproved } from './refungible.js';

type Q<R> = (chain: Chain, input: R) => unknown;

const balanceGet: Q<RouteParsedInput<typeof routes.balance.get>> = (chain, q) =>
  atBlock(chain, q.atBlockHash, () => balanceView(chain.storage, toAccountId(q.address)));

const nextIndex: Q<RouteParsedInput<typeof routes.account.nextIndex>> = (chain, q) => ({
  nextIndex: chain.nextIndex(toAccountId(q.address)),
});

const collectionGet: Q<RouteParsedInput<typeof routes.collection.get>> = (chain, q) =>
  atBlock(chain, q.atBlockHash, () => {
    const view = collectionView(chain.storage, q.collectionId, q);
    if (!view) throw notFound(`Collection ${q.collectionId} not found`);
    return view;
  });

const collectionList: Q<RouteParsedInput<typeof routes.collection.list>> = (chain, q) => {
  const limit = q.limit ?? 10;
  const skip = q.skip ?? 0;
  const rows = chain.storage.common.list(limit + 1, skip);
  return {
    collections: rows.slice(0, limit).map((c) => collectionView(chain.storage, c.id)),
    isLastPage: rows.length <= limit,
  };
};

const collectionStats: Q<RouteParsedInput<typeof routes.collection.getAllCollectionStats>> = (chain, q) =>
  atBlock(chain, q.atBlockHash, () => {
    const created = chain.storage.common.createdCount;
    const destroyed = chain.storage.common.destroyedCount;
    return { created, destroyed, alive: created - destroyed };
  });

const accountTokens: Q<RouteParsedInput<typeof routes.collection.accountTokens>> = (chain, q) =>
  atBlock(chain, q.atBlockHash, () => {
    const address = normalizeAddress(q.address);
    if (chain.storage.common.collection(q.collectionId)?.mode === 'ReFungible')
      return chain.storage.refungible.tokensOf(address, q.collectionId);
    return chain.storage.nonfungible
      .tokensOf(address, q.collectionId)
      .map((t) => ({ collectionId: t.collectionId, tokenId: t.tokenId }));
  });

const tokenGet: Q<RouteParsedInput<typeof routes.token.get>> = (chain, q) =>
  atBlock(chain, q.atBlockHash, () => {
    const view = tokenView(chain.storage, q.collectionId, q.tokenId, q.withChildren === true);
    if (!view) throw notFound(`Token ${q.collectionId}/${q.tokenId} not found`);
    return view;
  });

const isApproved: Q<RouteParsedInput<typeof routes.token.getApproved>> = (chain, q) => {
  if (chain.storage.common.collection(q.collectionId)?.mode === 'ReFungible') return rfIsApproved(chain, q);
  const token = chain.storage.nonfungible.token(q.collectionId, q.tokenId);
  const spender = normalizeAddress(q.spender);
  const sender = q.sender === undefined ? undefined : normalizeAddress(q.sender);
  const ok =
    token !== undefined &&
    (sender === undefined || sender === token.owner) &&
    (chain.storage.nonfungible.approved(q.collectionId, q.tokenId) === spender ||
      chain.storage.nonfungible.isOperator(q.collectionId, token.owner, spender));
  return { isApproved: ok, amount: ok ? '1' : '0' };
};

const possible: Q<RouteParsedInput<typeof routes.token.possibleActions>> = (chain, q) =>
  possibleActions(chain, {
    ...q,
    sender: normalizeAddress(q.sender),
    transferTo: q.transferTo === undefined ? undefined : normalizeAddress(q.transferTo),
  });

/** Offline: the metadata is what the chain holds (no URL is fetched); `data` is the token's `URI`, if any. */
const parsedMetadata: Q<RouteParsedInput<typeof routes.utility.getParsedMetadata>> = (chain, q) => {
  const s = chain.storage;
  const token = s.nonfungible.token(q.collectionId, q.tokenId);
  if (!token) throw notFound(`Token ${q.collectionId}/${q.tokenId} not found`);
  const properties = s.nonfungible.properties.all(q.collectionId, q.tokenId).map(decodedProperty);
  const uri = properties.find((p) => p.key === 'URI')?.value ?? null;
  const parsed: { name?: string; description?: string; image?: string } = {};
  try {
    const data = decodeTokenFromProperties(properties, {
      collectionProperties: s.common.properties(q.collectionId).map(decodedProperty),
      tokenId: q.tokenId,
    }) as Record<string, unknown>;
    for (const k of ['name', 'description', 'image'] as const) {
      const v = data[k];
      if (typeof v === 'string') parsed[k] = v;
      else if (v && typeof v === 'object' && '_' in v) parsed[k] = String((v as { _: unknown })._);
    }
  } catch {
    // A token without readable metadata parses to nothing.
  }
  return { data: uri, resolved: null, parsed };
};

/** The query routes this devnet serves, by path. */
export const QUERY_HANDLERS: Record<string, Q<never>> = {
  '/balances/get': balanceGet,
  '/accounts/next_index': nextIndex,
  '/collection': collectionGet,
  '/collection/list': collectionList,
  '/allCollectionsStats': collectionStats,
  '/collection/account/tokens': accountTokens,
  '/token': tokenGet,
  '/token/is-approved': isApproved,
  '/token/possible-actions': possible,
  '/utils/parsed-metadata': parsedMetadata,
  ...EVM_QUERY_HANDLERS,
  ...NFTS_QUERY_HANDLERS,
  ...FUNGIBLE_QUERY_HANDLERS,
  ...REFUNGIBLE_QUERY_HANDLERS,
} as Record<string, Q<never>>;
