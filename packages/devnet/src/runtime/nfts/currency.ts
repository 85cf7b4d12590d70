import { BalancesError } from '../balances/errors.js';
import { doTransfer, usableBalance } from '../balances/pallet.js';
import { type DispatchContext, deposit } from '../context.js';
import { named } from '../events.js';

/**
 * The `ReservableCurrency` side of pallet-nfts: deposits move between an account's free and reserved balance
 * (the total issuance is unchanged), with the `balances` events a real runtime emits.
 */
export function reserve(ctx: DispatchContext, who: string, amount: bigint): void {
  if (amount === 0n) return;
  if (usableBalance(ctx.storage, who) < amount) throw BalancesError.InsufficientBalance();
  const a = ctx.storage.system.account(who);
  ctx.storage.system.setAccount(who, { ...a, free: a.free - amount, reserved: a.reserved + amount });
  deposit(ctx, named('balances', 'Reserved', { who, amount }));
}

/** Gives back up to `amount` of `who`'s reserved balance (saturating, like `unreserve`). */
export function unreserve(ctx: DispatchContext, who: string, amount: bigint): void {
  if (amount === 0n) return;
  const a = ctx.storage.system.account(who);
  const moved = amount < a.reserved ? amount : a.reserved;
  if (moved === 0n) return;
  ctx.storage.system.setAccount(who, { ...a, free: a.free + moved, reserved: a.reserved - moved });
  deposit(ctx, named('balances', 'Unreserved', { who, amount: moved }));
}

/** `repatriate_reserved(from, to, amount, Reserved)`: a deposit changes hands and stays reserved. */
export function repatriateReserved(ctx: DispatchContext, from: string, to: string, amount: bigint): void {
  if (amount === 0n || from === to) return;
  const a = ctx.storage.system.account(from);
  const moved = amount < a.reserved ? amount : a.reserved;
  ctx.storage.system.setAccount(from, { ...a, reserved: a.reserved - moved });
  const b = ctx.storage.system.account(to);
  ctx.storage.system.setAccount(to, { ...b, reserved: b.reserved + moved });
  deposit(
    ctx,
    named('balances', 'ReserveRepatriated', { from, to, amount: moved, destination_status: 'Reserved' }),
  );
}

/** `Currency::transfer(.., KeepAlive)`: a plain balance transfer with its `balances.Transfer` event. */
export const transfer = (ctx: DispatchContext, from: string, to: string, amount: bigint): void =>
  doTransfer(ctx, from, to, amount);
