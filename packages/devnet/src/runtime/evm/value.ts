import { ethereumToSubstrateMirror } from '@nftkit/primitives';
import { depositInto, usableBalance, withdraw } from '../balances/pallet.js';
import type { RuntimeStorage } from '../storage.js';
import { EvmRevert } from './revert.js';

/** The runtime account holding an Ethereum address's coins (its substrate mirror, chain-rules §7). */
export const balanceAccount = (ethAddress: string): string => ethereumToSubstrateMirror(ethAddress);

export const ethBalance = (storage: RuntimeStorage, ethAddress: string): bigint =>
  usableBalance(storage, balanceAccount(ethAddress));

/** Moves `amount` wei between two Ethereum addresses (their mirrors), as an EVM value transfer does. */
export function moveValue(storage: RuntimeStorage, from: string, to: string, amount: bigint): void {
  if (amount === 0n) return;
  if (!withdraw(storage, balanceAccount(from), amount)) throw new EvmRevert('insufficient balance for value');
  depositInto(storage, balanceAccount(to), amount);
}
