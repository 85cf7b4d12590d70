import { nestingAddressFromIds } from '@nftkit/primitives';
import type { Collection } from '../../common/types.js';
import { doSetApprovalForAll } from '../../nonfungible/token.js';
import {
  doRftBurn,
  doRftMint,
  doRftTransfer,
  MANY_OWNERS_ADDRESS,
  soleOwnerOf,
} from '../../refungible/token.js';
import { checksum } from '../memo.js';
import { EvmRevert } from '../revert.js';
import {
  collectionFunctions,
  collectionOf,
  ERC165,
  ERC721,
  ERC721_METADATA,
  type Property,
  tokenIdArg,
} from './collectionContract.js';
import { type CrossAddress, fromCross, toCross, toEth } from './cross.js';
import type { NativeContract, NativeEnv } from './native.js';
import { tokenFunctions } from './tokenFunctions.js';
import { UNIQUE_REFUNGIBLE_ABI } from './uniqueRefungible.abi.js';

const rftCollection = (env: NativeEnv): Collection => collectionOf(env, 'ReFungible', 'refungible');

function existingToken(env: NativeEnv, c: Collection, id: number) {
  const t = env.ctx.storage.refungible.token(c.id, id);
  if (!t) throw new EvmRevert('token not found');
  return t;
}

/** The owner's face of a token: its sole holder, or the multiple-owners address. */
function ownerAccount(env: NativeEnv, c: Collection, id: number): string {
  existingToken(env, c, id);
  return soleOwnerOf(env.ctx, c.id, id) ?? MANY_OWNERS_ADDRESS;
}

/**
 * The ERC-721 verbs move a whole token: `from` must hold every piece (the chain's `ensure_single_owner`), and
 * all of them move.
 */
function wholeToken(env: NativeEnv, c: Collection, id: number, from: string): bigint {
  const rft = env.ctx.storage.refungible;
  const balance = rft.balance(c.id, id, from);
  if ((rft.token(c.id, id)?.totalPieces ?? 0n) !== balance) throw new EvmRevert('token has multiple owners');
  return balance;
}

function transferWhole(env: NativeEnv, from: string, to: string, rawId: unknown, spender?: string) {
  const c = rftCollection(env);
  const id = tokenIdArg(rawId);
  doRftTransfer(env.ctx, c, id, from, to, wholeToken(env, c, id, from), spender);
}

function burnWhole(env: NativeEnv, from: string, rawId: unknown, spender?: string) {
  const c = rftCollection(env);
  const id = tokenIdArg(rawId);
  doRftBurn(env.ctx, c, id, from, wholeToken(env, c, id, from), spender);
}

/** An ERC-721 mint is a token of one piece. */
function mintOne(env: NativeEnv, owner: string, properties: Property[]): bigint {
  const c = rftCollection(env);
  const [id] = doRftMint(env.ctx, c, [{ users: [{ owner, pieces: 1n }], properties }]);
  return BigInt(id ?? 0);
}

const notImplemented = () => {
  throw new EvmRevert('not implemented');
};

/** The `UniqueRefungible` contract of a refungible collection (ERC-721 face), over the `refungible` runtime. */
export const uniqueRefungibleContract: NativeContract = {
  abi: UNIQUE_REFUNGIBLE_ABI,
  functions: {
    ...collectionFunctions(rftCollection),
    ...tokenFunctions({
      of: rftCollection,
      exists: (env, c, id) => env.ctx.storage.refungible.token(c.id, id) !== undefined,
      property: (env, c, id, key) => env.ctx.storage.refungible.properties.get(c.id, id, key),
      properties: (env, c, id) => env.ctx.storage.refungible.properties.all(c.id, id),
      mintOne,
    }),
    /** Tokens the owner holds pieces of. */
    balanceOf: (env, [owner]) =>
      BigInt(env.ctx.storage.refungible.tokenCount(rftCollection(env).id, owner as string)),
    balanceOfCross: (env, [owner]) =>
      BigInt(env.ctx.storage.refungible.tokenCount(rftCollection(env).id, fromCross(owner as CrossAddress))),
    ownerOf: (env, [id]) => toEth(ownerAccount(env, rftCollection(env), tokenIdArg(id))),
    ownerOfCross: (env, [id]) => toCross(ownerAccount(env, rftCollection(env), tokenIdArg(id))),
    tokenContractAddress: (env, [id]) =>
      checksum(nestingAddressFromIds(rftCollection(env).id, tokenIdArg(id))),
    // A token's approvals are per piece, on its ERC-20 contract (`tokenContractAddress`); operators are collection-wide.
    getApproved: notImplemented,
    approve: notImplemented,
    isApprovedForAll: (env, [owner, operator]) =>
      env.ctx.storage.nonfungible.isOperator(rftCollection(env).id, owner as string, operator as string),
    setApprovalForAll: (env, [operator, approved]) => {
      doSetApprovalForAll(env.ctx, rftCollection(env).id, operator as string, approved as boolean);
    },
    supportsInterface: (env, [iface]) => {
      rftCollection(env);
      const id = (iface as string).toLowerCase();
      return id === ERC165 || id === ERC721 || id === ERC721_METADATA;
    },

    transfer: (env, [to, id]) => transferWhole(env, env.caller, to as string, id),
    transferCross: (env, [to, id]) => transferWhole(env, env.caller, fromCross(to as CrossAddress), id),
    transferFrom: (env, [from, to, id]) => transferWhole(env, from as string, to as string, id, env.caller),
    transferFromCross: (env, [from, to, id]) =>
      transferWhole(env, fromCross(from as CrossAddress), fromCross(to as CrossAddress), id, env.caller),
    burn: (env, [id]) => burnWhole(env, env.caller, id),
    burnFrom: (env, [from, id]) => burnWhole(env, from as string, id, env.caller),
    burnFromCross: (env, [from, id]) => burnWhole(env, fromCross(from as CrossAddress), id, env.caller),
  },
};
