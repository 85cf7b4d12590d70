import { type DispatchContext, deposit } from '../context.js';
import { MAX_TOKEN_PROPERTIES_SIZE } from './bounds.js';
import { CommonEvent } from './events.js';
import { deleteFromMap, type PropertyMapView, setInMap } from './properties.js';
import type { TokenPropertyTable } from './tokenPropertyTable.js';
import type { Collection, PropertyPermission } from './types.js';

export type TokenPropertyChange = { key: string; value?: Uint8Array };

/** A token pallet (nonfungible, refungible): its tokens, with the space their properties use, and its property table. */
export type TokenPropertyStore<T extends { propertiesConsumed: number }> = {
  token(collectionId: number, tokenId: number): T | undefined;
  putToken(token: T): void;
  readonly properties: TokenPropertyTable;
};

/** A key without a permission entry: nobody may write it. */
const NOBODY: PropertyPermission = { mutable: true, collectionAdmin: false, tokenOwner: false };

/**
 * `PropertyWriter::internal_write_token_properties` (chain-rules §2.4), the part both token pallets share: for each
 * change in order, `authorize` (the pallet's own rules: who may write, the token's existence) throws unless the
 * sender may make it and answers the token; the change is made within the token's property bounds and its event
 * emitted; at the end the space the token's properties use is stored.
 */
export function writeTokenPropertyChanges<T extends { propertiesConsumed: number }>(
  ctx: DispatchContext,
  c: Collection,
  tokenId: number,
  changes: readonly TokenPropertyChange[],
  store: TokenPropertyStore<T>,
  authorize: (change: TokenPropertyChange, permission: PropertyPermission) => T,
): void {
  let map: PropertyMapView | undefined;
  for (const change of changes) {
    const token = authorize(change, ctx.storage.common.propertyPermission(c.id, change.key) ?? NOBODY);
    map ??= {
      get: (key) => store.properties.get(c.id, tokenId, key)?.value,
      put: (key, value) => store.properties.set(c.id, tokenId, key, value),
      remove: (key) => store.properties.delete(c.id, tokenId, key),
      count: store.properties.all(c.id, tokenId).length,
      consumed: token.propertiesConsumed,
      limit: MAX_TOKEN_PROPERTIES_SIZE,
    };
    if (change.value === undefined) {
      deleteFromMap(map, change.key);
      deposit(ctx, CommonEvent.TokenPropertyDeleted(c.id, tokenId, change.key));
    } else {
      setInMap(map, change.key, change.value);
      deposit(ctx, CommonEvent.TokenPropertySet(c.id, tokenId, change.key));
    }
  }
  if (!map) return;
  const token = store.token(c.id, tokenId);
  if (token) store.putToken({ ...token, propertiesConsumed: map.consumed });
}
