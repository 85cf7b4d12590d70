import {
  isEthereumAddress,
  isSubstrateAddress,
  nestingAddressFromIds,
  normalizeSubstrateAddress,
  toChecksumEthereumAddress,
} from '@nftkit/primitives';
import { invalidParams, RPC_ERROR, RpcError } from '../jsonRpc/errors.js';
import { MAX_PROPERTY_KEY_LENGTH } from '../runtime/common/bounds.js';
import { CommonError } from '../runtime/common/errors.js';
import { effectiveLimits } from '../runtime/common/limits.js';
import type { Collection, StoredProperty } from '../runtime/common/types.js';
import { DispatchError } from '../runtime/errors.js';
import type { RuntimeStorage } from '../runtime/storage.js';
import { topmostOwnerOf } from '../runtime/structure/nesting.js';
import type { SubstrateContext } from './context.js';
import {
  crossAccountJson,
  limitsJson,
  propertyJson,
  propertyKeyPermissionJson,
  rpcCollectionJson,
} from './opalShapes.js';
import { optionalHash, positional } from './params.js';

/**
 * Unique's custom RPC (`unique_*`), answered from the devnet's state as Opal's node answers it: the parameter
 * and result types of `@unique-nft/opal-testnet-types`' `unique/definitions.ts`, each result as the node's serde
 * writes it (opalShapes.ts; a `u128` as a decimal string where the node gives one). Where Opal's runtime API
 * dispatches on the collection, an unknown collection is the runtime error `CollectionNotFound`; the plain storage
 * reads (properties, permissions, admin and allow lists, `collectionById`, limits) answer empty or `null` instead.
 * `constMetadata` and `variableMetadata` are in the types package but no longer served by Opal's node; the devnet
 * does not serve them either.
 */

/** Property keys one `keys` filter takes; a longer list is refused before any is read. */
export const MAX_FILTER_KEYS = 1000;
/** `unique_tokenOwners` answers at most this many holders (Opal's "10 owners in no particular order"). */
const TOKEN_OWNERS_LIMIT = 10;
const U32_MAX = 0xffff_ffff;

const utf8 = new TextEncoder();

// --- parameters (serde's rules: a u32 is a JSON integer, an account `{ substrate }` / `{ ethereum }`) ---

function u32(value: unknown, name: string): number {
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= U32_MAX) return value;
  throw invalidParams(`invalid params: ${name} must be an integer from 0 to ${U32_MAX}`);
}

/** A `PalletEvmAccountBasicCrossAccountIdRepr`, as the devnet stores the account. */
function crossAccount(value: unknown, name: string): string {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const entries = Object.entries(value);
    if (entries.length === 1) {
      const [variant, address] = entries[0]!;
      if (variant === 'substrate' && isSubstrateAddress(address)) return normalizeSubstrateAddress(address);
      if (variant === 'ethereum' && isEthereumAddress(address)) return toChecksumEthereumAddress(address);
    }
  }
  throw invalidParams(
    `invalid params: ${name} must be a cross account id, { "substrate": <SS58 address> } or { "ethereum": <0x address> }`,
  );
}

/** `Option<Vec<String>>`: the property keys to keep, or `undefined` for all. */
function propertyKeys(value: unknown, name: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((k) => typeof k !== 'string'))
    throw invalidParams(`invalid params: ${name} must be null or an array of strings`);
  if (value.length > MAX_FILTER_KEYS)
    throw invalidParams(
      `invalid params: ${name} has ${value.length} keys, at most ${MAX_FILTER_KEYS} are taken`,
    );
  // The runtime turns each key into a bounded `PropertyKey` first, and fails the call on one too long.
  for (const k of value as string[])
    if (utf8.encode(k).length > MAX_PROPERTY_KEY_LENGTH)
      throw runtimeError(CommonError.PropertyKeyIsTooLong());
  return value as string[];
}

/** The node's answer to a runtime API that returned `Err(DispatchError::Module(..))`. */
function runtimeError(e: DispatchError): RpcError {
  return new RpcError(
    RPC_ERROR.server,
    `runtime error: Module(ModuleError { index: ${e.palletIndex}, error: [${e.errorIndex}, 0, 0, 0], message: Some("${e.name}") })`,
  );
}

/** The collection a dispatched runtime API call reads, or its `CollectionNotFound`. */
function dispatch(storage: RuntimeStorage, id: number): Collection {
  const c = storage.common.collection(id);
  if (!c) throw runtimeError(CommonError.CollectionNotFound());
  return c;
}

/** The properties kept by a `keys` filter: in the filter's order, as the runtime looks each key up. */
function filtered(props: readonly StoredProperty[], keys: string[] | undefined): StoredProperty[] {
  if (keys === undefined) return [...props];
  const byKey = new Map(props.map((p) => [p.key, p]));
  return keys.flatMap((k) => {
    const p = byKey.get(k);
    return p ? [p] : [];
  });
}

// --- the token pallets' answers, per collection mode (Opal's `CommonCollectionOperations`) ---

function tokenExists(s: RuntimeStorage, c: Collection, token: number): boolean {
  if (c.mode === 'NFT') return s.nonfungible.token(c.id, token) !== undefined;
  if (c.mode === 'ReFungible') return s.refungible.token(c.id, token) !== undefined;
  return token === 0;
}

/** The one owner of a token; none for a missing token, a refungible one with several holders, or fungible. */
function tokenOwner(s: RuntimeStorage, c: Collection, token: number): string | undefined {
  if (c.mode === 'NFT') return s.nonfungible.token(c.id, token)?.owner;
  if (c.mode === 'ReFungible') {
    const holders = s.refungible.holders(c.id, token);
    return holders.length === 1 ? holders[0]!.account : undefined;
  }
  return undefined;
}

function tokenProperties(s: RuntimeStorage, c: Collection, token: number): StoredProperty[] {
  if (c.mode === 'NFT') return s.nonfungible.properties.all(c.id, token);
  if (c.mode === 'ReFungible') return s.refungible.properties.all(c.id, token);
  return [];
}

function totalPieces(s: RuntimeStorage, c: Collection, token: number): bigint | undefined {
  if (c.mode === 'NFT') return s.nonfungible.token(c.id, token) ? 1n : undefined;
  if (c.mode === 'ReFungible') return s.refungible.token(c.id, token)?.totalPieces;
  return token === 0 ? s.fungible.totalSupply(c.id) : undefined;
}

function balance(s: RuntimeStorage, c: Collection, account: string, token: number): bigint {
  if (c.mode === 'NFT') return s.nonfungible.token(c.id, token)?.owner === account ? 1n : 0n;
  if (c.mode === 'ReFungible') return s.refungible.balance(c.id, token, account);
  return token === 0 ? s.fungible.balance(c.id, account) : 0n;
}

function allowance(s: RuntimeStorage, c: Collection, sender: string, spender: string, token: number): bigint {
  if (c.mode === 'NFT') {
    if (s.nonfungible.token(c.id, token)?.owner !== sender) return 0n;
    return s.nonfungible.approved(c.id, token) === spender ? 1n : 0n;
  }
  if (c.mode === 'ReFungible') return s.refungible.allowance(c.id, token, sender, spender);
  return token === 0 ? s.fungible.allowance(c.id, sender, spender) : 0n;
}

/** Blocks until a transfer of the token by `account` can be sponsored (Opal's `UniqueSponsorshipPredict`). */
function nextSponsored(
  s: RuntimeStorage,
  head: number,
  c: Collection | undefined,
  account: string,
  token: number,
): number | null {
  if (c?.sponsorState !== 'Confirmed') return null;
  const key = c.mode === 'NFT' ? String(token) : c.mode === 'Fungible' ? account : `${token}/${account}`;
  const last = s.sponsoring.last(c.id, 'transfer', key);
  if (last !== undefined) return Math.max(0, last + effectiveLimits(c.limits).sponsorTransferTimeout - head);
  return tokenExists(s, c, token) ? 0 : null;
}

type UniqueMethod = (ctx: SubstrateContext, params: unknown) => unknown;

/**
 * A method of `names.length` parameters and the optional block hash: answered from the state at that block, as
 * `state_getStorage` reads it (`SubstrateBlocks.stateAt`).
 */
function method(
  names: readonly string[],
  answer: (s: RuntimeStorage, args: unknown[], ctx: SubstrateContext) => unknown,
): UniqueMethod {
  return (ctx, params) => {
    const args = positional(params, names.length + 1);
    return ctx.blocks.stateAt(optionalHash(args[names.length], 'at'), () =>
      answer(ctx.chain.storage, args, ctx),
    );
  };
}

const C = 'collection';
const T = 'tokenId';

export const UNIQUE_METHODS: Readonly<Record<string, UniqueMethod>> = {
  unique_accountTokens: method([C, 'account'], (s, [c, a]) => {
    const [id, account] = [u32(c, C), crossAccount(a, 'account')];
    const col = dispatch(s, id);
    if (col.mode === 'NFT') return s.nonfungible.tokensOf(account, col.id).map((t) => t.tokenId);
    if (col.mode === 'ReFungible') return s.refungible.tokensOf(account, col.id).map((t) => t.tokenId);
    return s.fungible.balance(col.id, account) > 0n ? [0] : [];
  }),
  unique_collectionTokens: method([C], (s, [c]) => {
    const col = dispatch(s, u32(c, C));
    if (col.mode === 'NFT') return s.nonfungible.tokenIds(col.id);
    if (col.mode === 'ReFungible') return s.refungible.tokenIds(col.id);
    return [0];
  }),
  unique_tokenExists: method([C, T], (s, [c, t]) => {
    const [id, token] = [u32(c, C), u32(t, T)];
    return tokenExists(s, dispatch(s, id), token);
  }),
  unique_tokenOwner: method([C, T], (s, [c, t]) => {
    const [id, token] = [u32(c, C), u32(t, T)];
    const owner = tokenOwner(s, dispatch(s, id), token);
    return owner === undefined ? null : crossAccountJson(owner);
  }),
  unique_topmostTokenOwner: method([C, T], (s, [c, t]) => {
    const [id, token] = [u32(c, C), u32(t, T)];
    const owner = tokenOwner(s, dispatch(s, id), token);
    if (owner === undefined) return null;
    try {
      return crossAccountJson(topmostOwnerOf(s, owner));
    } catch (e) {
      if (e instanceof DispatchError) throw runtimeError(e);
      throw e;
    }
  }),
  unique_tokenOwners: method([C, T], (s, [c, t]) => {
    const [id, token] = [u32(c, C), u32(t, T)];
    const col = dispatch(s, id);
    if (col.mode === 'ReFungible')
      return s.refungible
        .holders(col.id, token)
        .slice(0, TOKEN_OWNERS_LIMIT)
        .map((h) => crossAccountJson(h.account));
    const owner = tokenOwner(s, col, token);
    return owner === undefined ? [] : [crossAccountJson(owner)];
  }),
  unique_tokenChildren: method([C, T], (s, [c, t]) => {
    const address = nestingAddressFromIds(u32(c, C), u32(t, T));
    return [...s.nonfungible.tokensOf(address), ...s.refungible.tokensOf(address)]
      .sort((a, b) => a.collectionId - b.collectionId || a.tokenId - b.tokenId)
      .map((child) => ({ token: child.tokenId, collection: child.collectionId }));
  }),
  unique_collectionProperties: method([C, 'propertyKeys'], (s, [c, k]) => {
    const [id, keys] = [u32(c, C), propertyKeys(k, 'propertyKeys')];
    return filtered(s.common.properties(id), keys).map(propertyJson);
  }),
  unique_tokenProperties: method([C, T, 'propertyKeys'], (s, [c, t, k]) => {
    const [id, token, keys] = [u32(c, C), u32(t, T), propertyKeys(k, 'propertyKeys')];
    return filtered(tokenProperties(s, dispatch(s, id), token), keys).map(propertyJson);
  }),
  unique_propertyPermissions: method([C, 'propertyKeys'], (s, [c, k]) => {
    const [id, keys] = [u32(c, C), propertyKeys(k, 'propertyKeys')];
    const all = s.common.propertyPermissions(id);
    if (keys === undefined) return all.map(propertyKeyPermissionJson);
    const byKey = new Map(all.map((p) => [p.key, p]));
    return keys.flatMap((key) => {
      const p = byKey.get(key);
      return p ? [propertyKeyPermissionJson(p)] : [];
    });
  }),
  unique_tokenData: method([C, T, 'propertyKeys'], (s, [c, t, k]) => {
    const [id, token, keys] = [u32(c, C), u32(t, T), propertyKeys(k, 'propertyKeys')];
    const col = dispatch(s, id);
    const owner = tokenOwner(s, col, token);
    const pieces = totalPieces(s, col, token) ?? 0n;
    return {
      properties: filtered(tokenProperties(s, col, token), keys).map(propertyJson),
      owner: owner === undefined ? null : crossAccountJson(owner),
      // serde writes a u128 as a JSON number; past 2^53 a JavaScript client would round it, so it is a string.
      pieces: pieces <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(pieces) : String(pieces),
    };
  }),
  unique_totalSupply: method([C], (s, [c]) => {
    const col = dispatch(s, u32(c, C));
    return col.mode === 'Fungible' ? 1 : col.tokensMinted - col.tokensBurnt;
  }),
  unique_accountBalance: method([C, 'account'], (s, [c, a]) => {
    const [id, account] = [u32(c, C), crossAccount(a, 'account')];
    const col = dispatch(s, id);
    if (col.mode === 'NFT') return s.nonfungible.balance(col.id, account);
    if (col.mode === 'ReFungible') return s.refungible.tokenCount(col.id, account);
    return s.fungible.balance(col.id, account) > 0n ? 1 : 0;
  }),
  unique_balance: method([C, 'account', T], (s, [c, a, t]) => {
    const [id, account, token] = [u32(c, C), crossAccount(a, 'account'), u32(t, T)];
    return String(balance(s, dispatch(s, id), account, token));
  }),
  unique_allowance: method([C, 'sender', 'spender', T], (s, [c, from, to, t]) => {
    const [id, sender, spender] = [u32(c, C), crossAccount(from, 'sender'), crossAccount(to, 'spender')];
    const token = u32(t, T);
    return String(allowance(s, dispatch(s, id), sender, spender, token));
  }),
  unique_adminlist: method([C], (s, [c]) => s.common.admins(u32(c, C)).map(crossAccountJson)),
  unique_allowlist: method([C], (s, [c]) => s.common.allowList(u32(c, C)).map(crossAccountJson)),
  unique_allowed: method([C, 'account'], (s, [c, a]) => {
    const [id, account] = [u32(c, C), crossAccount(a, 'account')];
    return s.common.isAllowed(id, account);
  }),
  unique_lastTokenId: method([C], (s, [c]) => {
    const col = dispatch(s, u32(c, C));
    return col.mode === 'Fungible' ? 0 : col.tokensMinted;
  }),
  unique_collectionById: method([C], (s, [c]) => {
    const id = u32(c, C);
    const col = s.common.collection(id);
    return col ? rpcCollectionJson(col, s.common.properties(id), s.common.propertyPermissions(id)) : null;
  }),
  unique_collectionStats: method([], (s) => {
    const created = s.common.createdCount;
    const destroyed = s.common.destroyedCount;
    return { created, destroyed, alive: created - destroyed };
  }),
  unique_nextSponsored: method([C, 'account', T], (s, [c, a, t], { chain }) => {
    const [id, account, token] = [u32(c, C), crossAccount(a, 'account'), u32(t, T)];
    return nextSponsored(s, chain.headNumber, s.common.collection(id), account, token);
  }),
  unique_effectiveCollectionLimits: method([C], (s, [c]) => {
    const col = s.common.collection(u32(c, C));
    return col ? limitsJson(effectiveLimits(col.limits)) : null;
  }),
  unique_totalPieces: method([C, T], (s, [c, t]) => {
    const [id, token] = [u32(c, C), u32(t, T)];
    const pieces = totalPieces(s, dispatch(s, id), token);
    return pieces === undefined ? null : String(pieces);
  }),
  unique_allowanceForAll: method([C, 'owner', 'operator'], (s, [c, o, op]) => {
    const [id, owner, operator] = [u32(c, C), crossAccount(o, 'owner'), crossAccount(op, 'operator')];
    const col = dispatch(s, id);
    return col.mode === 'Fungible' ? false : s.nonfungible.isOperator(col.id, owner, operator);
  }),
};
