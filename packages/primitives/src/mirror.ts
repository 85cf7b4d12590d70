import { blake2bShort } from './blake2bShort.js';
import { PrimitivesError } from './errors.js';
import { assertEthereumAddress, checksumHexAddress } from './ethereum.js';
import { bytesToHex, hexToBytes } from './hex.js';
import { memoizeString } from './memo.js';
import { DEFAULT_SS58_FORMAT, decodeSubstrateAddressWithFormat, encodeSubstrateAddress } from './ss58.js';

// 'evm:', the domain separator of the chain's HashedAddressMapping.
const EVM_PREFIX = new Uint8Array([101, 118, 109, 58]);

/**
 * The Ethereum mirror of a Substrate account: the first 20 bytes of its 32-byte public key,
 * EIP-55 checksummed. Accepts any SS58 format or a 0x public key.
 */
export const substrateToEthereumMirror = (address: string): string => {
  const { publicKey } = decodeSubstrateAddressWithFormat(address);
  if (publicKey.length !== 32)
    throw new PrimitivesError(
      'INVALID_SUBSTRATE_ADDRESS',
      `Address ${address} does not hold a 32-byte account id, it has no Ethereum mirror`,
    );
  return checksumHexAddress(bytesToHex(publicKey.subarray(0, 20)).slice(2));
};

/**
 * The Substrate mirror of an Ethereum address: blake2-256("evm:" ‖ 20 bytes), SS58-encoded.
 * Not the inverse of `substrateToEthereumMirror`.
 */
export const ethereumToSubstrateMirror = (
  address: string,
  ss58Format: number = DEFAULT_SS58_FORMAT,
): string =>
  ss58Format === DEFAULT_SS58_FORMAT
    ? defaultFormatMirror(address)
    : encodeSubstrateAddress(mirrorAccountId(address), ss58Format);

const mirrorAccountId = (address: string): Uint8Array =>
  blake2bShort(32, EVM_PREFIX, hexToBytes(assertEthereumAddress(address)));

// The chain converts the same few senders and contracts in every block.
const defaultFormatMirror = memoizeString((address: string) =>
  encodeSubstrateAddress(mirrorAccountId(address), DEFAULT_SS58_FORMAT),
);
