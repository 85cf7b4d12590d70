import { U128_MAX } from '@nftkit/primitives';
import { existingCollection } from '../../common/access.js';
import type { Collection } from '../../common/types.js';
import {
  doFungibleApprove,
  doFungibleBurn,
  doFungibleMint,
  doFungibleTransfer,
  FUNGIBLE_TOKEN_ID,
} from '../../fungible/token.js';
import { EvmRevert } from '../revert.js';
import { type CrossAddress, fromCross } from './cross.js';
import type { NativeContract, NativeEnv } from './native.js';
import { UNIQUE_FUNGIBLE_ABI } from './uniqueFungible.abi.js';

function ft(env: NativeEnv): Collection {
  const c = existingCollection(env.ctx.storage, Number.parseInt(env.self.slice(-8), 16));
  if (c.mode !== 'Fungible') throw new EvmRevert('not a fungible collection');
  return c;
}

/** Amounts are u128 on chain. */
function amount(v: unknown): bigint {
  const n = v as bigint;
  if (n > U128_MAX) throw new EvmRevert('amount is out of range');
  return n;
}

const transfer = (env: NativeEnv, from: string, to: string, value: unknown, spender?: string) => {
  doFungibleTransfer(env.ctx, ft(env), FUNGIBLE_TOKEN_ID, from, to, amount(value), spender);
  return true;
};
const mint = (env: NativeEnv, to: string, value: unknown) => {
  doFungibleMint(env.ctx, ft(env), [{ owner: to, value: amount(value) }]);
  return true;
};
const burnFrom = (env: NativeEnv, from: string, value: unknown) => {
  // Burning one's own tokens needs no allowance (chain-rules §4, burn_from with from = sender).
  const spender = from === env.caller ? undefined : env.caller;
  doFungibleBurn(env.ctx, ft(env), FUNGIBLE_TOKEN_ID, from, amount(value), spender);
  return true;
};

/** The `UniqueFungible` contract of a fungible collection, over the `fungible` runtime (chain-rules §4). */
export const uniqueFungibleContract: NativeContract = {
  abi: UNIQUE_FUNGIBLE_ABI,
  functions: {
    name: (env) => ft(env).name,
    symbol: (env) => ft(env).tokenPrefix,
    description: (env) => ft(env).description,
    decimals: (env) => ft(env).decimals ?? 0,
    totalSupply: (env) => env.ctx.storage.fungible.totalSupply(ft(env).id),
    balanceOf: (env, [owner]) => env.ctx.storage.fungible.balance(ft(env).id, owner as string),
    balanceOfCross: (env, [owner]) =>
      env.ctx.storage.fungible.balance(ft(env).id, fromCross(owner as CrossAddress)),
    allowance: (env, [owner, spender]) =>
      env.ctx.storage.fungible.allowance(ft(env).id, owner as string, spender as string),
    transfer: (env, [to, value]) => transfer(env, env.caller, to as string, value),
    transferCross: (env, [to, value]) => transfer(env, env.caller, fromCross(to as CrossAddress), value),
    transferFrom: (env, [from, to, value]) => transfer(env, from as string, to as string, value, env.caller),
    transferFromCross: (env, [from, to, value]) =>
      transfer(env, fromCross(from as CrossAddress), fromCross(to as CrossAddress), value, env.caller),
    approve: (env, [spender, value]) => {
      doFungibleApprove(env.ctx, ft(env), FUNGIBLE_TOKEN_ID, env.caller, spender as string, amount(value));
      return true;
    },
    approveCross: (env, [spender, value]) => {
      doFungibleApprove(
        env.ctx,
        ft(env),
        FUNGIBLE_TOKEN_ID,
        env.caller,
        fromCross(spender as CrossAddress),
        amount(value),
      );
      return true;
    },
    mint: (env, [to, value]) => mint(env, to as string, value),
    mintCross: (env, [to, value]) => mint(env, fromCross(to as CrossAddress), value),
    burnFrom: (env, [from, value]) => burnFrom(env, from as string, value),
    burnFromCross: (env, [from, value]) => burnFrom(env, fromCross(from as CrossAddress), value),
  },
};
