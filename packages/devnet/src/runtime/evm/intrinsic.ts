import { hexToBytes, isHex } from '@nftkit/primitives';
import type { Hex } from 'viem';

/**
 * Ethereum's transaction gas for the hardfork the devnet declares, Cancun (docs/decisions/devnet-evm.md): what a
 * transaction costs before its first opcode (EIP-2028 calldata, EIP-2 and EIP-3860 creation, EIP-2930 access
 * lists), and how much of what it used comes back (EIP-3529). Both engines run only the execution; this adds the rest.
 */

/** Every transaction. */
export const TX_GAS = 21_000n;
/** A contract creation, on top of `TX_GAS` (EIP-2). */
export const TX_CREATE_GAS = 32_000n;
const DATA_ZERO_GAS = 4n;
const DATA_NONZERO_GAS = 16n;
/** Per 32-byte word of a creation's initcode (EIP-3860). */
const INITCODE_WORD_GAS = 2n;
const ACCESS_LIST_ADDRESS_GAS = 2_400n;
const ACCESS_LIST_SLOT_GAS = 1_900n;
/** The largest initcode a creation may carry: twice the code size limit (EIP-3860). */
export const MAX_INITCODE_SIZE = 49_152;
/** At most `gasUsed / 5` is refunded (EIP-3529). */
const MAX_REFUND_QUOTIENT = 5n;

export type AccessList = readonly { address: string; storageKeys: readonly string[] }[];

export type IntrinsicInput = { data: Hex | Uint8Array; create: boolean; accessList?: AccessList };

/** The gas a transaction is charged before it runs; a gas limit below it is refused. */
export function intrinsicGas(tx: IntrinsicInput): bigint {
  const { length, zeros } = byteCounts(tx.data);
  let gas = TX_GAS + BigInt(zeros) * DATA_ZERO_GAS + BigInt(length - zeros) * DATA_NONZERO_GAS;
  if (tx.create) gas += TX_CREATE_GAS + BigInt(Math.ceil(length / 32)) * INITCODE_WORD_GAS;
  for (const entry of tx.accessList ?? [])
    gas += ACCESS_LIST_ADDRESS_GAS + BigInt(entry.storageKeys.length) * ACCESS_LIST_SLOT_GAS;
  return gas;
}

/**
 * How many bytes the data has, and how many of them are zero. `0x` hex is counted as it is (a zero byte is the
 * digits `00`): decoding it only to count cost an `eth_call` more than the counting.
 */
function byteCounts(data: Hex | Uint8Array): { length: number; zeros: number } {
  let zeros = 0;
  if (typeof data === 'string' && isHex(data)) {
    for (let i = 2; i < data.length; i += 2)
      if (data.charCodeAt(i) === ZERO_DIGIT && data.charCodeAt(i + 1) === ZERO_DIGIT) zeros++;
    return { length: (data.length - 2) / 2, zeros };
  }
  // Bytes, or hex `isHex` refuses (no `0x`; or not hex, which `hexToBytes` throws on).
  const bytes = typeof data === 'string' ? hexToBytes(data) : data;
  for (const b of bytes) if (b === 0) zeros++;
  return { length: bytes.length, zeros };
}

const ZERO_DIGIT = '0'.charCodeAt(0);

/** The gas a transaction is charged once it ran: `used` (intrinsic included) less the refund, capped at a fifth. */
export function gasAfterRefund(used: bigint, refund: bigint): bigint {
  const cap = used / MAX_REFUND_QUOTIENT;
  return used - (refund < cap ? refund : cap);
}
