import { PrimitivesError } from './errors.js';
import { isEthereumAddress, toChecksumEthereumAddress } from './ethereum.js';
import { isSubstrateAddress, normalizeSubstrateAddress } from './ss58.js';

/**
 * True for an address string as the REST API's Address fields take it: an SS58 address of any
 * network or an Ethereum address. Any-form addresses are 42 to 66 characters long; a bare 0x
 * public key is not an address.
 */
export const isAddress = (value: unknown): value is string =>
  typeof value === 'string' &&
  value.length >= 42 &&
  value.length <= 66 &&
  (isEthereumAddress(value) || isSubstrateAddress(value));

/** Substrate → SS58 with format 42; Ethereum → EIP-55 checksum. Throws for anything else. */
export const normalizeAddress = (address: string): string => {
  if (isEthereumAddress(address)) return toChecksumEthereumAddress(address);
  if (isAddress(address)) return normalizeSubstrateAddress(address);
  throw new PrimitivesError(
    'INVALID_ADDRESS',
    `address ${String(address)} is not a valid substrate or ethereum address`,
  );
};

/**
 * Whether two addresses name the same account form: the same Substrate key in any SS58 format, or
 * the same Ethereum address in any case. An account and its mirror are different forms (the chain's
 * CrossAccountId equality), so they are not equal here. Throws if either is not an address.
 */
export const addressesEqual = (a: string, b: string): boolean => normalizeAddress(a) === normalizeAddress(b);

/**
 * {@link addressesEqual} for values that may not be addresses at all (a wallet's answer, a stored value):
 * anything that is not an address names no account, so it equals nothing.
 */
export const sameAddress = (a: string, b: string): boolean => {
  try {
    return addressesEqual(a, b);
  } catch {
    return false;
  }
};
