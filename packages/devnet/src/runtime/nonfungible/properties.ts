import { ethereumToSubstrateMirror, isEthereumAddress, substrateToEthereumMirror } from '@nftkit/primitives';
import { isOwnerOrAdmin } from '../common/access.js';
import { CommonError } from '../common/errors.js';
import { type TokenPropertyChange, writeTokenPropertyChanges } from '../common/tokenProperties.js';
import type { Collection } from '../common/types.js';
import type { DispatchContext } from '../context.js';
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
  writeTokenPropertyChanges(ctx, c, tokenId, changes, nft, (change, perm) => {
    const token = nft.token(c.id, tokenId);
    const hasKey = token !== undefined && nft.properties.get(c.id, tokenId, change.key) !== undefined;
    if (!perm.mutable && hasKey) throw CommonError.NoPermission();
    let ok = perm.collectionAdmin && senderIsAdmin;
    if (!ok && perm.tokenOwner) {
      if (mintOwner !== undefined) ok = convEq(origin, mintOwner);
      else {
        if (!token) throw StructureError.TokenNotFound();
        ok = topmostOwnerOf(storage, token.owner) === origin;
      }
    }
    if (!ok) throw CommonError.NoPermission();
    if (!token) throw CommonError.TokenNotFound();
    return token;
  });
}
