/** A token property permission as the chain stores it (chain-rules §2.3). */
export type PropertyPermission = { mutable: boolean; collectionAdmin: boolean; tokenOwner: boolean };
export type TokenPropertyPermission = { key: string; permission: PropertyPermission };

/**
 * Spec §6 presets: rewritable or write-once, for the collection admin, the token owner, or both.
 * The names are the ones Unique's own tools use, so code ported from them reads the same.
 */
export const PERMISSION_PRESETS = {
  REWRITEABLE_FOR_BOTH: { mutable: true, collectionAdmin: true, tokenOwner: true },
  REWRITEABLE_FOR_COLLECTION_ADMIN: { mutable: true, collectionAdmin: true, tokenOwner: false },
  REWRITEABLE_FOR_TOKEN_OWNER: { mutable: true, collectionAdmin: false, tokenOwner: true },
  WRITABLE_ONCE_FOR_BOTH: { mutable: false, collectionAdmin: true, tokenOwner: true },
  WRITABLE_ONCE_FOR_COLLECTION_ADMIN: { mutable: false, collectionAdmin: true, tokenOwner: false },
  WRITABLE_ONCE_FOR_TOKEN_OWNER: { mutable: false, collectionAdmin: false, tokenOwner: true },
} as const satisfies Record<string, PropertyPermission>;

export type PermissionPresetName = keyof typeof PERMISSION_PRESETS;

/** Spec §6: rewritable by the collection admin only. */
export const DEFAULT_PERMISSION: PropertyPermission = PERMISSION_PRESETS.REWRITEABLE_FOR_COLLECTION_ADMIN;
