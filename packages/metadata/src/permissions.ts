/** A token property permission as the chain stores it (chain-rules §2.3). */
export type PropertyPermission = { mutable: boolean; collectionAdmin: boolean; tokenOwner: boolean };
export type TokenPropertyPermission = { key: string; permission: PropertyPermission };

/**
 * Spec §6 presets: rewritable or write-once, for the collection admin, the token owner, or both.
 * The names are the ones Unique's own tools use, so code ported from them reads the same.
 */
const preset = (
  mutable: boolean,
  collectionAdmin: boolean,
  tokenOwner: boolean,
): Readonly<PropertyPermission> => Object.freeze({ mutable, collectionAdmin, tokenOwner });

export const PERMISSION_PRESETS = Object.freeze({
  REWRITEABLE_FOR_BOTH: preset(true, true, true),
  REWRITEABLE_FOR_COLLECTION_ADMIN: preset(true, true, false),
  REWRITEABLE_FOR_TOKEN_OWNER: preset(true, false, true),
  WRITABLE_ONCE_FOR_BOTH: preset(false, true, true),
  WRITABLE_ONCE_FOR_COLLECTION_ADMIN: preset(false, true, false),
  WRITABLE_ONCE_FOR_TOKEN_OWNER: preset(false, false, true),
});

export type PermissionPresetName = keyof typeof PERMISSION_PRESETS;

/** Spec §6: rewritable by the collection admin only. */
export const DEFAULT_PERMISSION: Readonly<PropertyPermission> =
  PERMISSION_PRESETS.REWRITEABLE_FOR_COLLECTION_ADMIN;
