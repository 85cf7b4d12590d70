import { describe, PrimitivesError } from './errors.js';
import { isEthereumAddress, toChecksumEthereumAddress } from './ethereum.js';
import { bytesToHex, hexToBytes } from './hex.js';
import { ethereumToSubstrateMirror } from './mirror.js';
import {
  decodeSubstrateAddressWithFormat,
  encodeSubstrateAddress,
  isSubstrateAddress,
  isSubstratePublicKey,
  normalizeSubstrateAddress,
} from './ss58.js';

/** The chain's account type: a Substrate account or an Ethereum account, never both. */
export type CrossAccountId = { Substrate: string } | { Ethereum: string };

/** The EVM tuple form (`CrossAddress` in Solidity): exactly one of the two is zero. */
export type EthCrossAccountId = { eth: string; sub: string | bigint };

/** Every form an account arrives in. */
export type CrossAccountIdInput =
  | string
  | CrossAccountId
  | { substrate: string }
  | { ethereum: string }
  | EthCrossAccountId;

export const ZERO_ETHEREUM_ADDRESS = '0x0000000000000000000000000000000000000000';

const invalid = (message: string, cause?: unknown): PrimitivesError =>
  new PrimitivesError('INVALID_CROSS_ACCOUNT_ID', message, cause === undefined ? undefined : { cause });

const has = (o: object, key: string): boolean => Object.hasOwn(o, key);

const substrateFromString = (value: unknown): CrossAccountId => {
  if (isSubstratePublicKey(value) || isSubstrateAddress(value))
    return { Substrate: normalizeSubstrateAddress(value) };
  throw invalid(`Address ${describe(value)} is not a valid Substrate address`);
};

const ethereumFromString = (value: unknown): CrossAccountId => {
  if (isEthereumAddress(value)) return { Ethereum: toChecksumEthereumAddress(value) };
  throw invalid(`address "${describe(value)}" is not valid ethereum address`);
};

// A uint256 `sub` may arrive as a bigint, as hex without leading zeros, or as an ethers BigNumber.
const subToBigInt = (sub: unknown): bigint => {
  const raw =
    typeof sub === 'object' && sub !== null && typeof (sub as { _hex?: unknown })._hex === 'string'
      ? (sub as { _hex: string })._hex
      : sub;
  if (typeof raw === 'bigint' && raw >= 0n) return raw;
  if (typeof raw === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(raw)) return BigInt(raw);
  throw invalid(`Substrate public key must be a hex string of at most 32 bytes, got ${describe(raw)}`);
};

const fromEthTuple = (input: { eth: unknown; sub: unknown }): CrossAccountId => {
  if (!isEthereumAddress(input.eth))
    throw invalid(`address "${describe(input.eth)}" is not valid ethereum address`);
  const sub = subToBigInt(input.sub);
  const ethIsZero = BigInt(input.eth) === 0n;
  if ((sub === 0n) === ethIsZero)
    throw invalid(
      `One of the addresses must be 0, got eth ${describe(input.eth)} and substrate public key ${describe(input.sub)}.`,
    );
  if (!ethIsZero) return { Ethereum: toChecksumEthereumAddress(input.eth) };
  if (sub >= 1n << 256n) throw invalid(`Substrate public key ${describe(input.sub)} is longer than 32 bytes`);
  return { Substrate: encodeSubstrateAddress(hexToBytes(sub.toString(16).padStart(64, '0'))) };
};

/**
 * Normalizes an account given in any accepted form: an SS58 address (any network), a 0x public key,
 * an Ethereum address, `{Substrate}`/`{substrate}`, `{Ethereum}`/`{ethereum}`, or `{eth, sub}` with
 * exactly one zero. The result has Substrate addresses in format 42 and Ethereum ones checksummed.
 */
export const toCrossAccountId = (input: CrossAccountIdInput): CrossAccountId => {
  const value: unknown = input;
  if (typeof value === 'string') {
    if (isEthereumAddress(value)) return { Ethereum: toChecksumEthereumAddress(value) };
    if (isSubstratePublicKey(value) || isSubstrateAddress(value))
      return { Substrate: normalizeSubstrateAddress(value) };
    throw new PrimitivesError(
      'INVALID_ADDRESS',
      `Address ${value} is not a valid Substrate or Ethereum address`,
    );
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid(
      `Address ${describe(value)} is not a string or object: ${value === null ? 'null' : typeof value}`,
    );
  const keys = ['Substrate', 'substrate', 'Ethereum', 'ethereum'].filter((k) => has(value, k));
  if (has(value, 'eth') && has(value, 'sub') && keys.length === 0)
    return fromEthTuple(value as { eth: unknown; sub: unknown });
  if (keys.length > 1) throw invalid(`Address object has more than one account field: ${keys.join(', ')}`);
  const record = value as Record<string, unknown>;
  if (keys[0] === 'Substrate' || keys[0] === 'substrate') return substrateFromString(record[keys[0]]);
  if (keys[0] === 'Ethereum' || keys[0] === 'ethereum') return ethereumFromString(record[keys[0]]);
  throw invalid(
    'Address [object Object] is not a valid crossAccountId object (should contain "Substrate"/"substrate" or "Ethereum"/"ethereum" field) or EthCrossAccountId (should contain "eth" and "sub" fields)',
  );
};

/** True when `toCrossAccountId` accepts the value. */
export const isCrossAccountIdInput = (value: unknown): value is CrossAccountIdInput => {
  try {
    toCrossAccountId(value as CrossAccountIdInput);
    return true;
  } catch {
    return false;
  }
};

/** The account's address (Substrate in format 42, Ethereum checksummed). */
export const crossAccountIdToAddress = (c: CrossAccountIdInput): string => {
  const n = toCrossAccountId(c);
  return 'Substrate' in n ? n.Substrate : n.Ethereum;
};

/** Same variant and same account (the chain's `==`: an account and its mirror differ). */
export const crossAccountIdsEqual = (a: CrossAccountIdInput, b: CrossAccountIdInput): boolean => {
  const x = toCrossAccountId(a);
  const y = toCrossAccountId(b);
  if ('Substrate' in x) return 'Substrate' in y && x.Substrate === y.Substrate;
  return 'Ethereum' in y && x.Ethereum === y.Ethereum;
};

/** The lower-case-keyed form the chain's JSON uses (`{substrate}` / `{ethereum}`). */
export const toCrossAccountIdUncapitalized = (
  input: CrossAccountIdInput,
): { substrate: string } | { ethereum: string } => {
  const n = toCrossAccountId(input);
  return 'Substrate' in n ? { substrate: n.Substrate } : { ethereum: n.Ethereum };
};

/** The EVM tuple form: `{eth: 0x0…0, sub: publicKey}` or `{eth: address, sub: '0x00'}`. */
export const toEthCrossAccountId = (input: CrossAccountIdInput): { eth: string; sub: string } => {
  const n = toCrossAccountId(input);
  if ('Ethereum' in n) return { eth: n.Ethereum, sub: '0x00' };
  return {
    eth: ZERO_ETHEREUM_ADDRESS,
    sub: bytesToHex(decodeSubstrateAddressWithFormat(n.Substrate).publicKey),
  };
};

/** The Substrate account that pays for this account: itself, or the mirror of an Ethereum account. */
export const substrateAccountOf = (input: CrossAccountIdInput, ss58Format?: number): string => {
  const n = toCrossAccountId(input);
  if ('Ethereum' in n) return ethereumToSubstrateMirror(n.Ethereum, ss58Format);
  return ss58Format === undefined ? n.Substrate : normalizeSubstrateAddress(n.Substrate, ss58Format);
};
