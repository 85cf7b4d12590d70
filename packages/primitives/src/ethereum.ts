import { keccak_256 } from '@noble/hashes/sha3.js';
import { PrimitivesError } from './errors.js';
import { memoizeString } from './memo.js';

const ETH_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** True for `0x` followed by exactly 40 hex digits, in any case (the API does not check EIP-55). */
export const isEthereumAddress = (value: unknown): value is string =>
  typeof value === 'string' && value.length === 42 && ETH_ADDRESS.test(value);

export const assertEthereumAddress = (value: unknown): string => {
  if (!isEthereumAddress(value))
    throw new PrimitivesError(
      'INVALID_ETHEREUM_ADDRESS',
      `address "${String(value)}" is not valid ethereum address`,
    );
  return value;
};

/** EIP-55 mixed-case checksum of a 20-byte address whose validity is already known. */
export const checksumHexAddress = memoizeString((lowerHex40: string): string => {
  const ascii = new Uint8Array(40);
  for (let i = 0; i < 40; i++) ascii[i] = lowerHex40.charCodeAt(i);
  const hash = keccak_256(ascii);
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const c = lowerHex40[i]!;
    const nibble = i % 2 === 0 ? hash[i >> 1]! >> 4 : hash[i >> 1]! & 15;
    out += nibble > 7 ? c.toUpperCase() : c;
  }
  return out;
});

/** EIP-55 checksummed form of an Ethereum address given in any case. */
export const toChecksumEthereumAddress = (address: string): string =>
  checksumHexAddress(assertEthereumAddress(address).slice(2).toLowerCase());
