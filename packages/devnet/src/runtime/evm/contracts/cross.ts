import {
  bytesToHex,
  decodeSubstrateAddress,
  encodeSubstrateAddress,
  hexToBytes,
  isEthereumAddress,
  normalizeAddress,
  toChecksumEthereumAddress,
  ZERO_ETHEREUM_ADDRESS,
} from '@nftkit/primitives';
import { checksum, ethMirror } from '../memo.js';
import { EvmRevert } from '../revert.js';

/** Solidity `CrossAddress { address eth; uint256 sub; }`. */
export type CrossAddress = { eth: string; sub: bigint };

const isZero = (a: string) => a.toLowerCase() === ZERO_ETHEREUM_ADDRESS;

/** A `CrossAddress` as the runtime's account string: exactly one of `eth` and `sub` must be set. */
export function fromCross(c: CrossAddress): string {
  const hasEth = !isZero(c.eth);
  const hasSub = c.sub !== 0n;
  if (hasEth === hasSub) throw new EvmRevert('exactly one of eth or sub must be non-zero');
  if (hasEth) return toChecksumEthereumAddress(c.eth);
  return encodeSubstrateAddress(hexToBytes(c.sub.toString(16).padStart(64, '0')));
}

export function toCross(account: string): CrossAddress {
  if (isEthereumAddress(account)) return { eth: toChecksumEthereumAddress(account), sub: 0n };
  return { eth: ZERO_ETHEREUM_ADDRESS, sub: BigInt(bytesToHex(decodeSubstrateAddress(account))) };
}

/** The Ethereum face of an account: itself, or a substrate account's mirror (what `ownerOf` returns). */
export const toEth = (account: string): string =>
  isEthereumAddress(account) ? checksum(account) : ethMirror(account);

/** A CrossAccountId of event data (`{"substrate":…}` / `{"ethereum":…}`) as its Ethereum face. */
export function ethFromEventCross(json: string | undefined): string {
  const parsed = JSON.parse(json ?? 'null') as Record<string, string> | null;
  const value = parsed?.substrate ?? parsed?.ethereum;
  if (typeof value !== 'string') throw new Error(`Not a CrossAccountId: ${json}`);
  return toEth(normalizeAddress(value));
}
