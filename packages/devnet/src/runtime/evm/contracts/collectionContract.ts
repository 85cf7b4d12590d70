import { bytesToHex } from '@nftkit/primitives';
import type { Hex } from 'viem';
import { existingCollection } from '../../common/access.js';
import {
  doDeleteCollectionProperties,
  doSetCollectionProperties,
  doSetPropertyPermissions,
} from '../../common/collection.js';
import type { Collection, CollectionMode } from '../../common/types.js';
import { EvmRevert } from '../revert.js';
import { toCross } from './cross.js';
import type { NativeEnv, NativeFunction } from './native.js';

/** Solidity `Property { string key; bytes value; }`. */
export type Property = { key: string; value: Hex };

const utf8d = new TextDecoder();

export const ERC165 = '0x01ffc9a7';
export const ERC721 = '0x80ac58cd';
export const ERC721_METADATA = '0x5b5e139f';

/** The collection behind a collection contract's address: it must exist and be of `mode`. */
export function collectionOf(env: NativeEnv, mode: CollectionMode, what: string): Collection {
  const c = existingCollection(env.ctx.storage, Number.parseInt(env.self.slice(-8), 16));
  if (c.mode !== mode) throw new EvmRevert(`not a ${what} collection`);
  return c;
}

/** Token ids are u32 on chain; a larger uint256 names no token. */
export function tokenIdArg(v: unknown): number {
  const n = v as bigint;
  if (n > 0xffffffffn) throw new EvmRevert('token id is out of range');
  return Number(n);
}

export const toRuntimeProps = (props: readonly Property[]) =>
  props.map((p) => ({ key: p.key, value: p.value }));

/** `properties(…, keys)`: an empty key list returns them all (chain-rules §7). */
export function propertyList(list: { key: string; value: Uint8Array }[], keys: readonly string[]) {
  const chosen = keys.length === 0 ? list : list.filter((p) => keys.includes(p.key));
  return chosen.map((p) => ({ key: p.key, value: bytesToHex(p.value) }));
}

/**
 * `tokenURI` (chain-rules §7): the token's `URI`; else the collection's `baseURI` + the token's `URISuffix`, or
 * `baseURI` alone; "" without `baseURI`.
 */
export function tokenUri(
  env: NativeEnv,
  c: Collection,
  tokenProperty: (key: string) => Uint8Array | undefined,
): string {
  const text = (v: Uint8Array | undefined) => (v === undefined ? '' : utf8d.decode(v));
  const uri = text(tokenProperty('URI'));
  if (uri !== '') return uri;
  const base = text(env.ctx.storage.common.property(c.id, 'baseURI')?.value);
  if (base === '') return '';
  const suffix = text(tokenProperty('URISuffix'));
  return suffix === '' ? base : base + suffix;
}

/** Permission codes of `setTokenPropertyPermissions`: 0 mutable, 1 tokenOwner, 2 collectionAdmin. */
function permissionFrom(list: readonly { code: number; value: boolean }[]) {
  const p = { mutable: false, tokenOwner: false, collectionAdmin: false };
  for (const { code, value } of list) {
    if (code === 0) p.mutable = value;
    else if (code === 1) p.tokenOwner = value;
    else if (code === 2) p.collectionAdmin = value;
    else throw new EvmRevert(`unknown permission code ${code}`);
  }
  return p;
}

/**
 * The functions every collection contract with token properties has (`UniqueNFT`, `UniqueRefungible`): the
 * collection's identity, its properties and its token property permissions.
 */
export function collectionFunctions(
  of: (env: NativeEnv) => Collection,
): Readonly<Record<string, NativeFunction>> {
  return {
    name: (env) => of(env).name,
    symbol: (env) => of(env).tokenPrefix,
    description: (env) => of(env).description,
    totalSupply: (env) => {
      const c = of(env);
      return BigInt(c.tokensMinted - c.tokensBurnt);
    },
    nextTokenId: (env) => BigInt(of(env).tokensMinted + 1),
    collectionProperty: (env, [key]) => {
      const p = env.ctx.storage.common.property(of(env).id, key as string);
      if (!p) throw new EvmRevert('key not found');
      return bytesToHex(p.value);
    },
    collectionProperties: (env, [keys]) =>
      propertyList(env.ctx.storage.common.properties(of(env).id), keys as string[]),
    collectionOwner: (env) => toCross(of(env).owner),
    setCollectionProperties: (env, [props]) => {
      doSetCollectionProperties(env.ctx, of(env).id, toRuntimeProps(props as Property[]));
    },
    deleteCollectionProperties: (env, [keys]) => {
      doDeleteCollectionProperties(env.ctx, of(env).id, [...(keys as string[])]);
    },
    setTokenPropertyPermissions: (env, [perms]) => {
      const list = perms as { key: string; permissions: { code: number; value: boolean }[] }[];
      doSetPropertyPermissions(
        env.ctx,
        of(env).id,
        list.map((p) => ({ key: p.key, permission: permissionFrom(p.permissions) })),
      );
    },
  };
}

/** Whether `mintWithTokenURI` may write `URI`: only with a permission naming the collection admin. */
export function checkUriMintable(env: NativeEnv, c: Collection): void {
  const perm = env.ctx.storage.common.propertyPermission(c.id, 'URI');
  if (!perm?.collectionAdmin) throw new EvmRevert('operation is not allowed');
}
