import { bytesToHex, ZERO_ETHEREUM_ADDRESS } from '@nftkit/primitives';
import type { Hex } from 'viem';
import { UNIQUE_NFT_ABI } from '../../evm/abi/uniqueNft.js';
import { existingCollection } from '../common/access.js';
import {
  doDeleteCollectionProperties,
  doSetCollectionProperties,
  doSetPropertyPermissions,
} from '../common/collection.js';
import { type Collection, FLAG_ERC721_METADATA } from '../common/types.js';
import {
  doApprove,
  doBurn,
  doMint,
  doSetApprovalForAll,
  doSetTokenProperties,
  doTransfer,
} from '../nonfungible/token.js';
import { type CrossAddress, fromCross, toCross, toEth } from './cross.js';
import type { NativeContract, NativeEnv } from './native.js';
import { EvmRevert } from './revert.js';

type Property = { key: string; value: Hex };
const utf8 = new TextEncoder();
const utf8d = new TextDecoder();

/** The collection behind the contract address: it must exist and be an NFT collection. */
function nft(env: NativeEnv): Collection {
  const id = Number.parseInt(env.self.slice(-8), 16);
  const c = existingCollection(env.ctx.storage, id);
  if (c.mode !== 'NFT') throw new EvmRevert('not a nonfungible collection');
  return c;
}

/** Token ids are u32 on chain; a larger uint256 names no token. */
function tokenId(v: unknown): number {
  const n = v as bigint;
  if (n > 0xffffffffn) throw new EvmRevert('token id is out of range');
  return Number(n);
}

function existingToken(env: NativeEnv, c: Collection, id: number) {
  const t = env.ctx.storage.nonfungible.token(c.id, id);
  if (!t) throw new EvmRevert('token not found');
  return t;
}

const toRuntimeProps = (props: readonly Property[]) => props.map((p) => ({ key: p.key, value: p.value }));

function propertyList(list: { key: string; value: Uint8Array }[], keys: readonly string[]) {
  const chosen = keys.length === 0 ? list : list.filter((p) => keys.includes(p.key));
  return chosen.map((p) => ({ key: p.key, value: bytesToHex(p.value) }));
}

/** `tokenURI` (chain-rules §7): `URI`; else `baseURI` + `URISuffix`, or `baseURI` alone; "" without `baseURI`. */
function tokenUri(env: NativeEnv, c: Collection, id: number): string {
  const s = env.ctx.storage;
  existingToken(env, c, id);
  const text = (v: Uint8Array | undefined) => (v === undefined ? '' : utf8d.decode(v));
  const uri = text(s.nonfungible.property(c.id, id, 'URI')?.value);
  if (uri !== '') return uri;
  const base = text(s.common.property(c.id, 'baseURI')?.value);
  if (base === '') return '';
  const suffix = text(s.nonfungible.property(c.id, id, 'URISuffix')?.value);
  return suffix === '' ? base : base + suffix;
}

const ERC165 = '0x01ffc9a7';
const ERC721 = '0x80ac58cd';
const ERC721_METADATA = '0x5b5e139f';

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

function mintOne(env: NativeEnv, owner: string, properties: Property[]): bigint {
  const c = nft(env);
  const [id] = doMint(env.ctx, c.id, [{ owner, properties }]);
  return BigInt(id ?? 0);
}

/** The `UniqueNFT` contract of an NFT collection (chain-rules §7), over the `unique`/`nonfungible` runtime. */
export const uniqueNftContract: NativeContract = {
  abi: UNIQUE_NFT_ABI,
  functions: {
    name: (env) => nft(env).name,
    symbol: (env) => nft(env).tokenPrefix,
    description: (env) => nft(env).description,
    totalSupply: (env) => {
      const c = nft(env);
      return BigInt(c.tokensMinted - c.tokensBurnt);
    },
    nextTokenId: (env) => BigInt(nft(env).tokensMinted + 1),
    balanceOf: (env, [owner]) => BigInt(env.ctx.storage.nonfungible.balance(nft(env).id, owner as string)),
    balanceOfCross: (env, [owner]) =>
      BigInt(env.ctx.storage.nonfungible.balance(nft(env).id, fromCross(owner as CrossAddress))),
    ownerOf: (env, [id]) => {
      const c = nft(env);
      return toEth(existingToken(env, c, tokenId(id)).owner);
    },
    ownerOfCross: (env, [id]) => toCross(existingToken(env, nft(env), tokenId(id)).owner),
    crossOwnerOf: (env, [id]) => toCross(existingToken(env, nft(env), tokenId(id)).owner),
    tokenURI: (env, [id]) => tokenUri(env, nft(env), tokenId(id)),
    property: (env, [id, key]) => {
      const c = nft(env);
      const t = tokenId(id);
      if (!env.ctx.storage.nonfungible.token(c.id, t)) throw new EvmRevert('token properties not found');
      const p = env.ctx.storage.nonfungible.property(c.id, t, key as string);
      if (!p) throw new EvmRevert('key not found');
      return bytesToHex(p.value);
    },
    properties: (env, [id, keys]) => {
      const c = nft(env);
      const t = tokenId(id);
      existingToken(env, c, t);
      return propertyList(env.ctx.storage.nonfungible.properties(c.id, t), keys as string[]);
    },
    collectionProperty: (env, [key]) => {
      const p = env.ctx.storage.common.property(nft(env).id, key as string);
      if (!p) throw new EvmRevert('key not found');
      return bytesToHex(p.value);
    },
    collectionProperties: (env, [keys]) =>
      propertyList(env.ctx.storage.common.properties(nft(env).id), keys as string[]),
    collectionOwner: (env) => toCross(nft(env).owner),
    getApproved: (env, [id]) => {
      const c = nft(env);
      const t = tokenId(id);
      existingToken(env, c, t);
      const a = env.ctx.storage.nonfungible.approved(c.id, t);
      return a === undefined ? ZERO_ETHEREUM_ADDRESS : toEth(a);
    },
    isApprovedForAll: (env, [owner, operator]) =>
      env.ctx.storage.nonfungible.isOperator(nft(env).id, owner as string, operator as string),
    supportsInterface: (env, [iface]) => {
      const c = nft(env);
      const id = (iface as string).toLowerCase();
      return (
        id === ERC165 || id === ERC721 || (id === ERC721_METADATA && (c.flags & FLAG_ERC721_METADATA) !== 0)
      );
    },

    mint: (env, [to]) => mintOne(env, to as string, []),
    mintWithTokenURI: (env, [to, uri]) => {
      const c = nft(env);
      const perm = env.ctx.storage.common.propertyPermission(c.id, 'URI');
      if (!perm?.collectionAdmin) throw new EvmRevert('operation is not allowed');
      return mintOne(env, to as string, [
        { key: 'URI', value: bytesToHex(utf8.encode(uri as string)) as Hex },
      ]);
    },
    mintCross: (env, [to, props]) =>
      mintOne(env, fromCross(to as CrossAddress), toRuntimeProps(props as Property[])),
    setProperties: (env, [id, props]) => {
      doSetTokenProperties(env.ctx, nft(env).id, tokenId(id), toRuntimeProps(props as Property[]));
    },
    deleteProperties: (env, [id, keys]) => {
      doSetTokenProperties(
        env.ctx,
        nft(env).id,
        tokenId(id),
        (keys as string[]).map((key) => ({ key })),
      );
    },
    setCollectionProperties: (env, [props]) => {
      doSetCollectionProperties(env.ctx, nft(env).id, toRuntimeProps(props as Property[]));
    },
    deleteCollectionProperties: (env, [keys]) => {
      doDeleteCollectionProperties(env.ctx, nft(env).id, [...(keys as string[])]);
    },
    setTokenPropertyPermissions: (env, [perms]) => {
      const list = perms as { key: string; permissions: { code: number; value: boolean }[] }[];
      doSetPropertyPermissions(
        env.ctx,
        nft(env).id,
        list.map((p) => ({ key: p.key, permission: permissionFrom(p.permissions) })),
      );
    },
    transfer: (env, [to, id]) => {
      doTransfer(env.ctx, nft(env).id, tokenId(id), env.caller, to as string, 1n);
    },
    transferCross: (env, [to, id]) => {
      doTransfer(env.ctx, nft(env).id, tokenId(id), env.caller, fromCross(to as CrossAddress), 1n);
    },
    transferFrom: (env, [from, to, id]) => {
      doTransfer(env.ctx, nft(env).id, tokenId(id), from as string, to as string, 1n, env.caller);
    },
    transferFromCross: (env, [from, to, id]) => {
      doTransfer(
        env.ctx,
        nft(env).id,
        tokenId(id),
        fromCross(from as CrossAddress),
        fromCross(to as CrossAddress),
        1n,
        env.caller,
      );
    },
    safeTransferFrom: () => {
      throw new EvmRevert('not implemented');
    },
    approve: (env, [approved, id]) => {
      doApprove(env.ctx, nft(env).id, tokenId(id), approved as string, 1n);
    },
    approveCross: (env, [approved, id]) => {
      doApprove(env.ctx, nft(env).id, tokenId(id), fromCross(approved as CrossAddress), 1n);
    },
    setApprovalForAll: (env, [operator, approved]) => {
      doSetApprovalForAll(env.ctx, nft(env).id, operator as string, approved as boolean);
    },
    burn: (env, [id]) => {
      doBurn(env.ctx, nft(env).id, tokenId(id), env.caller, 1n);
    },
    burnFrom: (env, [from, id]) => {
      doBurn(env.ctx, nft(env).id, tokenId(id), from as string, 1n, env.caller);
    },
    burnFromCross: (env, [from, id]) => {
      doBurn(env.ctx, nft(env).id, tokenId(id), fromCross(from as CrossAddress), 1n, env.caller);
    },
  },
};
