import { STRING_LIMITS } from '@nftkit/primitives';
import { DEFAULT_COLLECTION_FLAGS, DEFAULT_TOKEN_PROPERTY_KEYS } from './constants.js';
import { MetadataError, show } from './errors.js';
import {
  DEFAULT_PERMISSION,
  PERMISSION_PRESETS,
  type PermissionPresetName,
  type PropertyPermission,
  type TokenPropertyPermission,
} from './permissions.js';
import {
  assertWritableKey,
  type EncodedProperty,
  mergeByKey,
  type PropertyInput,
  textProperty,
  toEncodedProperties,
} from './properties.js';
import type { CollectionInfoInput } from './schemas/collection.js';
import { parseCollectionInfo } from './validate.js';

export type EncodeCollectionOptions = {
  /** The permission of every default token property key (a preset name or flags); default rewritable by the collection admin. */
  defaultPermission?: PropertyPermission | PermissionPresetName;
  /** Token property permissions replacing defaults with the same key, or added. */
  overwriteTPPs?: TokenPropertyPermission[];
  /** Collection properties replacing generated ones with the same key, or added. */
  overwriteProperties?: PropertyInput[];
};

export type EncodedCollection = {
  properties: EncodedProperty[];
  tokenPropertyPermissions: TokenPropertyPermission[];
  flags: number;
};

const invalid = (message: string): never => {
  throw new MetadataError('INVALID_OPTIONS', message);
};

const toPermission = (input: unknown, where: string): PropertyPermission => {
  if (typeof input === 'string') {
    if (Object.hasOwn(PERMISSION_PRESETS, input))
      return { ...PERMISSION_PRESETS[input as PermissionPresetName] };
    return invalid(`${where} must be one of ${Object.keys(PERMISSION_PRESETS).join(', ')}, got ${input}`);
  }
  if (typeof input !== 'object' || input === null) return invalid(`${where} must be a permission object`);
  const { mutable, collectionAdmin, tokenOwner } = input as Record<string, unknown>;
  for (const [name, flag] of [
    ['mutable', mutable],
    ['collectionAdmin', collectionAdmin],
    ['tokenOwner', tokenOwner],
  ] as const)
    if (typeof flag !== 'boolean') invalid(`${where}.${name} must be a boolean, got ${show(flag)}`);
  return {
    mutable: mutable as boolean,
    collectionAdmin: collectionAdmin as boolean,
    tokenOwner: tokenOwner as boolean,
  };
};

const toTpps = (input: unknown): TokenPropertyPermission[] => {
  if (input === undefined) return [];
  if (!Array.isArray(input)) return invalid('overwriteTPPs must be an array');
  return input.map((item: unknown, i) => {
    const where = `overwriteTPPs[${i}]`;
    if (typeof item !== 'object' || item === null) return invalid(`${where} must be an object`);
    const { key, permission } = item as Record<string, unknown>;
    if (typeof key !== 'string' || key === '') return invalid(`${where}.key must be a non-empty string`);
    assertWritableKey(key, STRING_LIMITS.permissionKey, `${where}.key`);
    return { key, permission: toPermission(permission, `${where}.permission`) };
  });
};

/**
 * Collection metadata (schema 2.x) → the collection properties (`schemaName`, `schemaVersion`,
 * `collectionInfo`), the token property permissions for the v2 token keys, and the collection flags (64).
 * Collection-level royalties are refused (spec §5).
 *
 * @example
 * const { properties, tokenPropertyPermissions, flags } = encodeCollectionToProperties({
 *   cover_image: { url: 'https://example/cover.png' },
 * });
 */
export const encodeCollectionToProperties = (
  info: CollectionInfoInput,
  options?: EncodeCollectionOptions,
): EncodedCollection => {
  const data = parseCollectionInfo(info);
  if (data.royalties !== undefined)
    throw new MetadataError(
      'COLLECTION_ROYALTIES_NOT_SUPPORTED',
      'Royalties are not supported in collections in v2, please use the token level royalties',
    );
  const collectionInfo = JSON.stringify(data);
  if (new TextEncoder().encode(collectionInfo).length > STRING_LIMITS.propertyValue)
    throw new MetadataError(
      'VALUE_TOO_LONG',
      `collectionInfo: String must not exceed ${STRING_LIMITS.propertyValue} bytes`,
    );
  const permission =
    options?.defaultPermission === undefined
      ? DEFAULT_PERMISSION
      : toPermission(options.defaultPermission, 'defaultPermission');
  const properties = [
    textProperty('schemaName', data.schemaName),
    textProperty('schemaVersion', data.schemaVersion),
    textProperty('collectionInfo', collectionInfo),
  ];
  const tpps = DEFAULT_TOKEN_PROPERTY_KEYS.map((key) => ({ key, permission: { ...permission } }));
  return {
    properties: mergeByKey(
      properties,
      toEncodedProperties(options?.overwriteProperties, 'overwriteProperties'),
    ),
    tokenPropertyPermissions: mergeByKey(tpps, toTpps(options?.overwriteTPPs)),
    flags: DEFAULT_COLLECTION_FLAGS,
  };
};
