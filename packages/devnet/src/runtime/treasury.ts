import { encodeSubstrateAddress } from '@nftkit/primitives';
import { named } from './events.js';

/** `PalletId(*b"py/trsry").into_account_truncating()`: "modl" ‖ "py/trsry" ‖ zero padding to 32 bytes. */
function palletAccount(id: string): string {
  const bytes = new Uint8Array(32);
  bytes.set(new TextEncoder().encode(`modl${id}`));
  return encodeSubstrateAddress(bytes, 42);
}

/** The treasury, where the creation fee and every transaction fee go (chain-rules §5). */
export const TREASURY_ADDRESS = palletAccount('py/trsry');

export const treasuryDeposit = (value: bigint) => named('treasury', 'Deposit', { value });
