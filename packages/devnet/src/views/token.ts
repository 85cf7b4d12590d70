import {
  collectionIdToAddress,
  isNestingAddress,
  nestingAddressFromIds,
  nestingAddressToIds,
} from '@nftkit/primitives';
import type { RuntimeStorage } from '../runtime/storage.js';
import { topmostOwnerOf } from '../runtime/structure/nesting.js';
import { decodedProperty, decodeStoredToken } from './properties.js';
import { rftOwnerRecord } from './refungible.js';

export type TokenView = Record<string, unknown> & {
  collectionId: number;
  tokenId: number;
  owner: string;
  children?: TokenView[];
};

/** A token as `/token` answers it: its decoded metadata spread in, plus the chain fields (rest-api §4.3). */
export function tokenView(
  storage: RuntimeStorage,
  collectionId: number,
  tokenId: number,
  withChildren = false,
): TokenView | undefined {
  const c = storage.common.collection(collectionId);
  // A refungible token is shown like an NFT whose owner is the holder of every piece (rest-api §4.5).
  const pallet = c?.mode === 'ReFungible' ? storage.refungible : storage.nonfungible;
  const t =
    c?.mode === 'ReFungible'
      ? rftOwnerRecord(storage, collectionId, tokenId)
      : storage.nonfungible.token(collectionId, tokenId);
  if (!c || !t) return undefined;
  const properties = pallet.properties.all(collectionId, tokenId).map(decodedProperty);
  const decoding = decodeStoredToken(properties, {
    collectionProperties: storage.common.properties(collectionId).map(decodedProperty),
    tokenId,
  });
  const decoded: Record<string, unknown> = decoding.ok ? decoding.data : {};
  const decodingError = decoding.ok ? null : decoding.message;
  let topmostOwner = t.owner;
  try {
    topmostOwner = topmostOwnerOf(storage, t.owner);
  } catch {
    // A broken chain of parents cannot happen through the runtime; show the direct owner if it ever does.
  }
  const view: TokenView = {
    ...decoded,
    collectionId,
    tokenId,
    collectionAddress: collectionIdToAddress(collectionId),
    symbol: c.tokenPrefix,
    owner: t.owner,
    topmostOwner,
    ...(isNestingAddress(t.owner) ? { parentToken: nestingAddressToIds(t.owner) } : {}),
    properties,
    decodingError,
  };
  if (withChildren) view.children = childrenOf(storage, collectionId, tokenId);
  return view;
}

/**
 * The tokens nested directly under a token: NFTs it owns and refungible tokens it holds pieces of (a token address
 * can hold pieces like any account), in (collection, token) order.
 */
export function childrenOf(storage: RuntimeStorage, collectionId: number, tokenId: number): TokenView[] {
  const address = nestingAddressFromIds(collectionId, tokenId);
  return [...storage.nonfungible.tokensOf(address), ...storage.refungible.tokensOf(address)]
    .sort((a, b) => a.collectionId - b.collectionId || a.tokenId - b.tokenId)
    .map((child) => tokenView(storage, child.collectionId, child.tokenId))
    .filter((v): v is TokenView => v !== undefined);
}
