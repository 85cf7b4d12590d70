import { z } from 'zod';
import { accountId, u128 } from '../args.js';
import { defineCall, type Pallet } from '../call.js';
import { type DispatchContext, deposit } from '../context.js';
import { named } from '../events.js';
import { PALLET_INDEX } from '../indices.js';
import { STATE_META } from '../stateMeta.js';
import type { RuntimeStorage } from '../storage.js';
import { BalancesError } from './errors.js';

export const BalancesEvent = {
  Transfer: (from: string, to: string, amount: bigint) => named('balances', 'Transfer', { from, to, amount }),
  Withdraw: (who: string, amount: bigint) => named('balances', 'Withdraw', { who, amount }),
  Deposit: (who: string, amount: bigint) => named('balances', 'Deposit', { who, amount }),
};

/** `meta` key of the total issuance: the sum of every account's free and reserved balance. */
export const TOTAL_ISSUANCE = STATE_META.totalIssuance;

export const totalIssuance = (storage: RuntimeStorage): bigint => storage.meta.getBigInt(TOTAL_ISSUANCE);

/** Free balance minus frozen: what can pay a fee or a transfer (the existential deposit is 0, chain-rules §5). */
export function usableBalance(storage: RuntimeStorage, who: string): bigint {
  const a = storage.system.account(who);
  const usable = a.free - a.frozen;
  return usable > 0n ? usable : 0n;
}

/** Takes `amount` out of `who`'s free balance (the caller emits the event it means). */
export function withdraw(storage: RuntimeStorage, who: string, amount: bigint): boolean {
  if (usableBalance(storage, who) < amount) return false;
  const a = storage.system.account(who);
  storage.system.setAccount(who, { ...a, free: a.free - amount });
  return true;
}

export function depositInto(storage: RuntimeStorage, who: string, amount: bigint): void {
  const a = storage.system.account(who);
  storage.system.setAccount(who, { ...a, free: a.free + amount });
}

/** New coins (genesis and the devnet faucet): the only way the total issuance grows. */
export function mint(storage: RuntimeStorage, who: string, amount: bigint): void {
  depositInto(storage, who, amount);
  storage.meta.set(TOTAL_ISSUANCE, totalIssuance(storage) + amount);
}

/**
 * Sets `who`'s usable balance to `amount` (its frozen part stays), minting or burning the difference: the state
 * overrides of a simulation and the devnet's test helpers, never a call.
 */
export function setUsableBalance(storage: RuntimeStorage, who: string, amount: bigint): void {
  const change = amount - usableBalance(storage, who);
  const a = storage.system.account(who);
  storage.system.setAccount(who, { ...a, free: a.free + change });
  storage.meta.set(TOTAL_ISSUANCE, totalIssuance(storage) + change);
}

export function doTransfer(ctx: DispatchContext, from: string, to: string, amount: bigint): void {
  if (!withdraw(ctx.storage, from, amount)) throw BalancesError.InsufficientBalance();
  depositInto(ctx.storage, to, amount);
  deposit(ctx, BalancesEvent.Transfer(from, to, amount));
}

const transferArgs = z.object({ dest: accountId, value: u128 });
const TRANSFER_WEIGHT = 660_000_000n;

export const balancesPallet: Pallet = {
  name: 'balances',
  index: PALLET_INDEX.balances,
  calls: [
    defineCall({
      name: 'transferAllowDeath',
      args: transferArgs,
      weight: TRANSFER_WEIGHT,
      dispatch: (ctx, { dest, value }) => doTransfer(ctx, ctx.origin, dest, value),
    }),
    defineCall({
      name: 'transferKeepAlive',
      args: transferArgs,
      weight: TRANSFER_WEIGHT,
      dispatch: (ctx, { dest, value }) => doTransfer(ctx, ctx.origin, dest, value),
    }),
  ],
  errors: BalancesError.list,
};
