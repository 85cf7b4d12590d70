import { isEthereumAddress, U128_MAX } from '@nftkit/primitives';
import { encodeAbiParameters, encodeEventTopics, type Hex } from 'viem';
import { doTransfer as doCoinTransfer, totalIssuance, usableBalance } from '../../balances/pallet.js';
import { CHAIN } from '../../identity.js';
import { EvmRevert } from '../revert.js';
import { balanceAccount } from '../value.js';
import { type CrossAddress, fromCross, toEth } from './cross.js';
import type { NativeContract, NativeEnv } from './native.js';
import { UNIQUE_NATIVE_FUNGIBLE_ABI } from './uniqueNativeFungible.abi.js';

/** The account holding an address's coins: a substrate account itself, an Ethereum address its mirror. */
const coinAccount = (account: string): string =>
  isEthereumAddress(account) ? balanceAccount(account) : account;

const balanceOf = (env: NativeEnv, account: string) => usableBalance(env.ctx.storage, coinAccount(account));

function transfer(env: NativeEnv, from: string, to: string, value: unknown): boolean {
  // The native coin has no allowances: only the holder moves its own coins (`from` must be the caller).
  if (from !== env.caller) throw new EvmRevert('no permission');
  const amount = value as bigint;
  if (amount > U128_MAX) throw new EvmRevert('amount is out of range');
  doCoinTransfer(env.ctx, coinAccount(from), coinAccount(to), amount);
  // Logged here, not from the `balances.Transfer` event: that names the mirrors, not the Ethereum addresses.
  env.logs.push({
    address: env.self,
    topics: encodeEventTopics({
      abi: UNIQUE_NATIVE_FUNGIBLE_ABI,
      eventName: 'Transfer',
      args: { from: toEth(from) as Hex, to: toEth(to) as Hex },
    }) as Hex[],
    data: encodeAbiParameters([{ type: 'uint256' }], [amount]),
  });
  return true;
}

/**
 * `UniqueNativeFungible` at collection 0's address: the chain's coin as an ERC-20 (the balances adapter). An
 * Ethereum address's coins are its substrate mirror's, so this moves the same balances `/balance/transfer` does.
 */
export const uniqueNativeFungibleContract: NativeContract = {
  abi: UNIQUE_NATIVE_FUNGIBLE_ABI,
  functions: {
    name: () => CHAIN.name,
    symbol: () => CHAIN.symbol,
    decimals: () => CHAIN.decimals,
    totalSupply: (env) => totalIssuance(env.ctx.storage),
    balanceOf: (env, [owner]) => balanceOf(env, owner as string),
    balanceOfCross: (env, [owner]) => balanceOf(env, fromCross(owner as CrossAddress)),
    transfer: (env, [to, value]) => transfer(env, env.caller, to as string, value),
    transferCross: (env, [to, value]) => transfer(env, env.caller, fromCross(to as CrossAddress), value),
    transferFrom: (env, [from, to, value]) => transfer(env, from as string, to as string, value),
    transferFromCross: (env, [from, to, value]) =>
      transfer(env, fromCross(from as CrossAddress), fromCross(to as CrossAddress), value),
  },
};
