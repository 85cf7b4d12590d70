import { collectionIdToAddress, nestingAddressToIds, U128_MAX } from '@nftkit/primitives';
import { existingCollection } from '../../common/access.js';
import { CommonError } from '../../common/errors.js';
import type { Collection } from '../../common/types.js';
import { doRftApprove, doRftBurn, doRftRepartition, doRftTransfer } from '../../refungible/token.js';
import { EvmRevert } from '../revert.js';
import { type CrossAddress, fromCross } from './cross.js';
import type { NativeContract, NativeEnv } from './native.js';
import { UNIQUE_REFUNGIBLE_TOKEN_ABI } from './uniqueRefungibleToken.abi.js';

type TokenRef = { c: Collection; tokenId: number };

/** The refungible token behind the contract's address (`0xf8238ccfff8ed887463fd5e0` ‖ collection ‖ token). */
function token(env: NativeEnv): TokenRef {
  const { collectionId, tokenId } = nestingAddressToIds(env.self);
  const c = existingCollection(env.ctx.storage, collectionId);
  if (c.mode !== 'ReFungible') throw new EvmRevert('not a refungible collection');
  return { c, tokenId };
}

/** Pieces are u128 on chain. */
function pieces(v: unknown): bigint {
  const n = v as bigint;
  if (n > U128_MAX) throw new EvmRevert('amount is out of range');
  return n;
}

function transfer(env: NativeEnv, from: string, to: string, value: unknown, spender?: string) {
  const { c, tokenId } = token(env);
  doRftTransfer(env.ctx, c, tokenId, from, to, pieces(value), spender);
  return true;
}

function approve(env: NativeEnv, spender: string, value: unknown) {
  const { c, tokenId } = token(env);
  if (!env.ctx.storage.refungible.token(c.id, tokenId)) throw CommonError.TokenNotFound();
  doRftApprove(env.ctx, c, tokenId, env.caller, spender, pieces(value));
  return true;
}

function burnFrom(env: NativeEnv, from: string, value: unknown) {
  const { c, tokenId } = token(env);
  // Burning one's own pieces needs no allowance, as for a fungible collection.
  const spender = from === env.caller ? undefined : env.caller;
  doRftBurn(env.ctx, c, tokenId, from, pieces(value), spender);
  return true;
}

/**
 * The `UniqueRefungibleToken` contract (ERC-20 face) of one refungible token: its pieces, their transfers and
 * allowances, and `repartition` (chain-rules §4). Decimals are 0: a piece is indivisible.
 */
export const uniqueRefungibleTokenContract: NativeContract = {
  abi: UNIQUE_REFUNGIBLE_TOKEN_ABI,
  functions: {
    name: (env) => token(env).c.name,
    symbol: (env) => token(env).c.tokenPrefix,
    decimals: (env) => {
      token(env);
      return 0;
    },
    totalSupply: (env) => {
      const { c, tokenId } = token(env);
      return env.ctx.storage.refungible.token(c.id, tokenId)?.totalPieces ?? 0n;
    },
    balanceOf: (env, [owner]) => {
      const { c, tokenId } = token(env);
      return env.ctx.storage.refungible.balance(c.id, tokenId, owner as string);
    },
    balanceOfCross: (env, [owner]) => {
      const { c, tokenId } = token(env);
      return env.ctx.storage.refungible.balance(c.id, tokenId, fromCross(owner as CrossAddress));
    },
    allowance: (env, [owner, spender]) => {
      const { c, tokenId } = token(env);
      return env.ctx.storage.refungible.allowance(c.id, tokenId, owner as string, spender as string);
    },
    parentToken: (env) => collectionIdToAddress(token(env).c.id),
    parentTokenId: (env) => BigInt(token(env).tokenId),
    transfer: (env, [to, value]) => transfer(env, env.caller, to as string, value),
    transferCross: (env, [to, value]) => transfer(env, env.caller, fromCross(to as CrossAddress), value),
    transferFrom: (env, [from, to, value]) => transfer(env, from as string, to as string, value, env.caller),
    transferFromCross: (env, [from, to, value]) =>
      transfer(env, fromCross(from as CrossAddress), fromCross(to as CrossAddress), value, env.caller),
    approve: (env, [spender, value]) => approve(env, spender as string, value),
    approveCross: (env, [spender, value]) => approve(env, fromCross(spender as CrossAddress), value),
    burnFrom: (env, [from, value]) => burnFrom(env, from as string, value),
    burnFromCross: (env, [from, value]) => burnFrom(env, fromCross(from as CrossAddress), value),
    repartition: (env, [amount]) => {
      const { c, tokenId } = token(env);
      doRftRepartition(env.ctx, c, tokenId, env.caller, pieces(amount));
      return true;
    },
  },
};
