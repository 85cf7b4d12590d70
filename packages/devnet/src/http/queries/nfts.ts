import type { nftsPalletRoutes, RouteParsedInput } from '@nftkit/api';
import { isSubstrateAddress, normalizeSubstrateAddress } from '@nftkit/primitives';
import type { Chain } from '../../chain/chain.js';
import { NFTS_CONFIG } from '../../runtime/nfts/config.js';
import { nftsStorage } from '../../runtime/nfts/storage.js';
import { Role } from '../../runtime/nfts/types.js';
import { attributeView, bytesToText, nftsCollectionView, nftsItemView } from '../../views/nfts.js';
import { notFound } from '../errors.js';
import { toAccountId } from '../extrinsics/helpers.js';
import { atBlock } from './atBlock.js';

type R = typeof nftsPalletRoutes;
type Q<I> = (chain: Chain, input: I) => unknown;

const utf8 = new TextEncoder();
const namespaceOf = (ns: string) => (isSubstrateAddress(ns) ? normalizeSubstrateAddress(ns) : ns);

function requireCollection(chain: Chain, id: number) {
  const view = nftsCollectionView(chain.storage, id);
  if (!view) throw notFound(`Collection ${id} not found`);
  return view;
}

/** Offline: the item's metadata is what the chain holds; a JSON object there is parsed, nothing is fetched. */
function parsedMetadata(chain: Chain, collectionId: number, itemId: number) {
  const s = nftsStorage(chain.storage);
  if (!s.item(collectionId, itemId)) throw notFound(`Item ${collectionId}/${itemId} not found`);
  const meta = s.itemMetadata(collectionId, itemId);
  const data = meta ? bytesToText(meta.data) : null;
  const parsed: { name?: string; description?: string; image?: string } = {};
  try {
    const json = data === null ? null : (JSON.parse(data) as unknown);
    if (json && typeof json === 'object' && !Array.isArray(json))
      for (const k of ['name', 'description', 'image'] as const) {
        const v = (json as Record<string, unknown>)[k];
        if (typeof v === 'string') parsed[k] = v;
      }
  } catch {
    // Metadata that is not JSON (typically a URL) parses to nothing.
  }
  return { data, resolved: null, parsed };
}

export const NFTS_QUERY_HANDLERS = {
  '/pallet-nfts/collection/get': ((chain, q) =>
    atBlock(chain, q.atBlockHash, () => requireCollection(chain, q.collectionId))) satisfies Q<
    RouteParsedInput<R['collection']['get']>
  >,
  '/pallet-nfts/collections': ((chain, q) => {
    const limit = q.limit ?? 10;
    const ids = nftsStorage(chain.storage).listCollections(limit + 1, q.skip ?? 0);
    return {
      collections: ids.slice(0, limit).map((id) => nftsCollectionView(chain.storage, id)),
      isLastPage: ids.length <= limit,
    };
  }) satisfies Q<RouteParsedInput<R['collection']['list']>>,
  '/pallet-nfts/collection/next-id': ((chain) => ({
    nextCollectionId: nftsStorage(chain.storage).nextCollectionId,
  })) satisfies Q<RouteParsedInput<R['collection']['nextId']>>,
  '/pallet-nfts/common/next-collection-id': ((chain) => ({
    nextCollectionId: nftsStorage(chain.storage).nextCollectionId,
  })) satisfies Q<RouteParsedInput<R['common']['nextCollectionId']>>,
  '/pallet-nfts/common/pallet-version': (() => ({ version: NFTS_CONFIG.palletVersion })) satisfies Q<
    RouteParsedInput<R['common']['palletVersion']>
  >,
  '/pallet-nfts/items/get': ((chain, q) => {
    const view = nftsItemView(chain.storage, q.collectionId, q.itemId);
    if (!view) throw notFound(`Item ${q.collectionId}/${q.itemId} not found`);
    return view;
  }) satisfies Q<RouteParsedInput<R['item']['get']>>,
  '/pallet-nfts/attribute': ((chain, q) => {
    requireCollection(chain, q.collectionId);
    const a = nftsStorage(chain.storage).attribute(
      q.collectionId,
      q.itemId ?? null,
      namespaceOf(q.namespace),
      utf8.encode(q.key),
    );
    return { collectionId: q.collectionId, itemId: q.itemId ?? null, attribute: a ? attributeView(a) : null };
  }) satisfies Q<RouteParsedInput<R['attributes']['get']>>,
  '/pallet-nfts/attributes': ((chain, q) => {
    requireCollection(chain, q.collectionId);
    const ns = q.namespace === undefined ? undefined : namespaceOf(q.namespace);
    const attributes = nftsStorage(chain.storage)
      .attributes(q.collectionId, q.itemId ?? null)
      .filter((a) => ns === undefined || a.namespace === ns)
      .map(attributeView);
    return { collectionId: q.collectionId, itemId: q.itemId ?? null, attributes };
  }) satisfies Q<RouteParsedInput<R['attributes']['getAll']>>,
  '/pallet-nfts/account/collections': ((chain, q) => {
    const account = toAccountId(q.account);
    return { account, collections: nftsStorage(chain.storage).collectionsOwnedBy(account) };
  }) satisfies Q<RouteParsedInput<R['account']['getCollections']>>,
  '/pallet-nfts/account/items': ((chain, q) =>
    nftsStorage(chain.storage)
      .itemsOf(toAccountId(q.account), q.collectionId)
      .map((tokenId) => ({ collectionId: q.collectionId, tokenId }))) satisfies Q<
    RouteParsedInput<R['account']['getItems']>
  >,
  '/pallet-nfts/account/collection-role': ((chain, q) => {
    const s = nftsStorage(chain.storage);
    const account = toAccountId(q.account);
    const roles = s.roles(q.collectionId, account);
    return {
      issuer: (roles & Role.Issuer) !== 0,
      admin: (roles & Role.Admin) !== 0,
      freezer: (roles & Role.Freezer) !== 0,
      owner: s.collection(q.collectionId)?.owner === account,
    };
  }) satisfies Q<RouteParsedInput<R['account']['getRole']>>,
  '/pallet-nfts/account/ownership-acceptance': ((chain, q) => ({
    collectionId: nftsStorage(chain.storage).ownershipAcceptance(toAccountId(q.account)) ?? null,
  })) satisfies Q<RouteParsedInput<R['account']['getOwnershipAcceptance']>>,
  '/pallet-nfts/utils/parsed-metadata': ((chain, q) =>
    parsedMetadata(chain, q.collectionId, q.tokenId)) satisfies Q<
    RouteParsedInput<R['utility']['getParsedTokenMetadata']>
  >,
} as const;
