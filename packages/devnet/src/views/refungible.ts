import { MANY_OWNERS_ADDRESS } from '../runtime/refungible/token.js';
import type { RuntimeStorage } from '../runtime/storage.js';
import { decodedProperty } from './properties.js';

/**
 * The owner of a refungible token for NFT-like views: the holder of every piece, or {@link MANY_OWNERS_ADDRESS}
 * when the pieces are spread; `undefined` when the token does not exist.
 */
export function rftOwnerRecord(
  storage: RuntimeStorage,
  collectionId: number,
  tokenId: number,
): { owner: string } | undefined {
  if (!storage.refungible.token(collectionId, tokenId)) return undefined;
  const holders = storage.refungible.holders(collectionId, tokenId);
  return { owner: holders.length === 1 && holders[0] ? holders[0].account : MANY_OWNERS_ADDRESS };
}

/** `RFToken` (rest-api §4.5): the holders, the total pieces and the decoded properties. */
export function rfTokenView(storage: RuntimeStorage, collectionId: number, tokenId: number) {
  const token = storage.refungible.token(collectionId, tokenId);
  if (!token) return undefined;
  return {
    tokenId,
    collectionId,
    owners: storage.refungible.holders(collectionId, tokenId).map((h) => h.account),
    pieces: Number(token.totalPieces),
    properties: storage.refungible.properties.all(collectionId, tokenId).map(decodedProperty),
  };
}
