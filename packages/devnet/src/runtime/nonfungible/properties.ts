import { ethereumToSubstrateMirror, isEthereumAddress, substrateToEthereumMirror } from '@nftkit/primitives';
import { isOwnerOrAdmin } from '../common/access.js';
import { MAX_TOKEN_PROPERTIES_SIZE } from '../common/bounds.js';
import { CommonError } from '../common/errors.js';
import { CommonEvent } from '../common/events.js';
import { deleteFromMap, type PropertyMapView, setInMap } from '../common/properties.js';
import type { Collection } from '../common/types.js';
import { type DispatchContext, deposit } from '../context.js';
import { StructureError } from '../structure/errors.js';
import { topmostOwnerOf } from '../structure/nesting.js';

/** `conv_eq`: the same account, or one is the other's mirror. */
export function convEq(a: string, b: string): boolean {
  if (a === b) return true;
  if (isEthereumAddress(a) && !isEthereumAddress(b))
    return ethereumToSubstrateMirror(a) === b || substrateToEthereumMirror(b) === a;
  if (isEthereumAddress(b) && !isEthereumAddress(a))
    return ethereumToSubstrateMirror(b) === a || substrateToEthereumMirror(a) === b;
  return false;
}

export type TokenPropertyChange = { key: string; value?: Uint8Array };

/**
 * `PropertyWriter::internal_write_token_properties` (chain-rules §2.4), for each key in order: no permission entry
 * means nobody may write; `mutable:false` allows one write ever; then the admin path or the owner path must pass.
 * At mint, `mintOwner` is the new token's owner (the owner path is `sender conv_eq mintOwner`).
 */
export function writeTokenProperties(
  ctx: DispatchContext,
  c: Collection,
  tokenId: number,
  changes: readonly TokenPropertyChange[],
  mintOwner?: string,
): void {
  const { storage, origin } = ctx;
  const nft = storage.nonfungible;
  const senderIsAdmin = isOwnerOrAdmin(storage, c, origin);
  let map: PropertyMapView | undefined;
  for (const change of changes) {
    const perm = storage.common.propertyPermission(c.id, change.key) ?? {
      mutable: true,
      collectionAdmin: false,
      tokenOwner: false,
    };
    const token = nft.token(c.id, tokenId);
    const hasKey = token !== undefined && nft.property(c.id, tokenId, change.key) !== undefined;
    if (!perm.mutable && hasKey) throw CommonError.NoPermission();
    let ok = perm.collectionAdmin && senderIsAdmin;
    let ownerChecked = false;
    if (!ok && perm.tokenOwner) {
      ownerChecked = true;
      if (mintOwner !== undefined) ok = convEq(origin, mintOwner);
      else {
        if (!token) throw StructureError.TokenNotFound();
        ok = topmostOwnerOf(storage, token.owner) === origin;
      }
    }
    if (!ok) throw CommonError.NoPermission();
    if (!ownerChecked && !token) throw CommonError.TokenNotFound();
    if (!token) throw CommonError.TokenNotFound();
    if (!map) {
      map = {
        get: (key) => nft.property(c.id, tokenId, key)?.value,
        put: (key, value) => nft.setProperty(c.id, tokenId, key, value),
        remove: (key) => nft.deleteProperty(c.id, tokenId, key),
        count: nft.properties(c.id, tokenId).length,
        consumed: token.propertiesConsumed,
        limit: MAX_TOKEN_PROPERTIES_SIZE,
      };
    }
    if (change.value === undefined) {
      deleteFromMap(map, change.key);
      deposit(ctx, CommonEvent.TokenPropertyDeleted(c.id, tokenId, change.key));
    } else {
      setInMap(map, change.key, change.value);
      deposit(ctx, CommonEvent.TokenPropertySet(c.id, tokenId, change.key));
    }
  }
  if (map) {
    const token = nft.token(c.id, tokenId)!;
    nft.putToken({ ...token, propertiesConsumed: map.consumed });
  }
}
