import {
  decodeSubstrateAddress,
  encodeSubstrateAddress,
  hexToBytes,
  isEthereumAddress,
  isHex,
  toChecksumEthereumAddress,
} from '@nftkit/primitives';
import { RoyaltyError, show } from '../errors.js';

/** Spec §4 royalty types: DEFAULT applies to secondary sales, PRIMARY_ONLY to the first sale only. */
export const ROYALTY_TYPES = ['DEFAULT', 'PRIMARY_ONLY'] as const;
export type RoyaltyType = (typeof ROYALTY_TYPES)[number];

/** A royalty part as callers give it; omitted fields take their defaults (version 1, decimals 4, DEFAULT). */
export type RoyaltyPartInput = {
  version?: number;
  decimals?: number;
  /** An integer 1..2^64-1: a safe-integer number, a bigint or a digit string. */
  value: number | bigint | string;
  royaltyType?: RoyaltyType;
  /** Substrate address (any SS58 format), 32-byte public key as hex, or Ethereum address. */
  address: string;
};

/** A validated royalty part: the amount due is `price × value / 10^decimals`. */
export type RoyaltyPart = {
  version: number;
  decimals: number;
  value: bigint;
  royaltyType: RoyaltyType;
  address: string;
};

const hexByte = (n: number): string => n.toString(16).padStart(2, '0');

export const MAX_ROYALTY_VALUE = 2n ** 64n - 1n;
export const ROYALTY_PART_HEX_LENGTH = 130;

const fail = (message: string): never => {
  throw new RoyaltyError('INVALID_ROYALTY', message);
};

const checkByteField = (name: string, value: unknown, fallback: number, max: number, min: number): number => {
  const v = value ?? fallback;
  if (typeof v !== 'number') return fail(`${name} must be an integer, got ${show(v)}`);
  if (v < min || v > max) return fail(`${name} must be between ${min} and ${max}, got ${v}`);
  if (!Number.isInteger(v)) return fail(`${name} must be an integer, got ${v}`);
  return v;
};

const checkValue = (value: unknown): bigint => {
  let v: bigint;
  if (typeof value === 'bigint') v = value;
  else if (typeof value === 'number' && Number.isInteger(value)) v = BigInt(value);
  else if (typeof value === 'string' && /^\d+$/.test(value)) v = BigInt(value);
  else return fail(`Value must be an integer or bigint, got ${show(value)} (${typeof value})`);
  if (v < 1n || v > MAX_ROYALTY_VALUE)
    return fail(`Value must be between 1 and ${MAX_ROYALTY_VALUE} (uint64), got ${v}`);
  return v;
};

type Account = { kind: 'ethereum' | 'substrate' | 'publicKey'; body: string };

// Royalty addresses repeat (one creator across a collection) and SS58 checks hash, so the account of
// an address is remembered; bounded so that untrusted input cannot grow it without limit.
const MEMO_LIMIT = 1024;
const accounts = new Map<string, Account | null>();
const ss58Of = new Map<string, string>();
const checksummed = new Map<string, string>();

const remember = <K, V>(memo: Map<K, V>, key: K, value: V): V => {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
};

/** The 32-byte account field of an address (hex, no 0x) and its kind, or null when it is not an address. */
const accountOf = (address: string): Account | null => {
  const known = accounts.get(address);
  if (known !== undefined) return known;
  let account: Account | null = null;
  // isEthereumAddress narrows its argument, which would leave `never` in the other branches.
  const candidate: unknown = address;
  if (isEthereumAddress(candidate))
    account = { kind: 'ethereum', body: address.slice(2).toLowerCase().padStart(64, '0') };
  else if (isHex(address, 32)) account = { kind: 'publicKey', body: address.slice(2).toLowerCase() };
  else {
    try {
      account = { kind: 'substrate', body: toHexBody(decodeSubstrateAddress(address)) };
    } catch {
      account = null;
    }
  }
  return remember(accounts, address, account);
};

/** What kind of account an address names, or `undefined` when it is neither. */
export const royaltyAddressKind = (address: unknown): 'ethereum' | 'substrate' | 'publicKey' | undefined =>
  typeof address === 'string' ? (accountOf(address)?.kind ?? undefined) : undefined;

/** Checks a royalty part (spec §5 "Royalty encoding part") and fills in its defaults. */
export const validateRoyaltyPart = (input: unknown): RoyaltyPart => {
  if (typeof input !== 'object' || input === null)
    return fail(`Royalty part must be an object, got ${show(input)}`);
  const part = input as Record<string, unknown>;
  const version = checkByteField('Version', part.version, 1, 127, 1);
  const decimals = checkByteField('Decimals', part.decimals, 4, 255, 0);
  const value = checkValue(part.value);
  const royaltyType = part.royaltyType ?? 'DEFAULT';
  if (royaltyType !== 'DEFAULT' && royaltyType !== 'PRIMARY_ONLY')
    return fail(`Royalty type must be one of ${ROYALTY_TYPES.join(',')}, got ${show(royaltyType)}`);
  if (royaltyAddressKind(part.address) === undefined)
    return fail(`Address ${show(part.address)} is not a valid Substrate or Ethereum address`);
  return { version, decimals, value, royaltyType, address: part.address as string };
};

const toHexBody = (bytes: Uint8Array): string => {
  let out = '';
  for (const b of bytes) out += hexByte(b);
  return out;
};

// 32 bytes of meta (version, 21 reserved zero bytes, type and address-kind nibbles, decimals, u64 value)
// followed by 32 bytes of account: an Ethereum address left-padded, or a substrate public key.
const encodeValidPart = (part: RoyaltyPart): string => {
  const account = accountOf(part.address)!;
  return (
    hexByte(part.version) +
    '0'.repeat(42) +
    (part.royaltyType === 'PRIMARY_ONLY' ? '1' : '0') +
    (account.kind === 'ethereum' ? '0' : '1') +
    hexByte(part.decimals) +
    part.value.toString(16).padStart(16, '0') +
    account.body
  );
};

const ethereumAddressOf = (hex40: string): string =>
  checksummed.get(hex40) ?? remember(checksummed, hex40, toChecksumEthereumAddress(`0x${hex40}`));

const substrateAddressOf = (publicKeyHex: string): string =>
  ss58Of.get(publicKeyHex) ??
  remember(ss58Of, publicKeyHex, encodeSubstrateAddress(hexToBytes(publicKeyHex), 42));

/** One royalty part as 0x + 128 hex characters (130 in all). */
export const encodeRoyaltyPart = (part: RoyaltyPartInput): string =>
  `0x${encodeValidPart(validateRoyaltyPart(part))}`;

/** The body (no 0x) of a list of validated parts. */
export const encodeRoyaltyPartsBody = (parts: readonly RoyaltyPart[]): string =>
  parts.map(encodeValidPart).join('');

/** Decodes 128 hex characters (no prefix) of one part. */
export const decodePartBody = (body: string): RoyaltyPart => {
  const typeNibble = body[44];
  const kindNibble = body[45];
  if ((typeNibble !== '0' && typeNibble !== '1') || (kindNibble !== '0' && kindNibble !== '1'))
    throw new RoyaltyError('INVALID_ROYALTY_ENCODING', 'Royalty type must be one of the known types');
  const account = body.slice(64);
  return {
    version: Number.parseInt(body.slice(0, 2), 16),
    decimals: Number.parseInt(body.slice(46, 48), 16),
    value: BigInt(`0x${body.slice(48, 64)}`),
    royaltyType: typeNibble === '0' ? 'DEFAULT' : 'PRIMARY_ONLY',
    address: kindNibble === '0' ? ethereumAddressOf(account.slice(24)) : substrateAddressOf(account),
  };
};

/** Decodes one part (0x + 128 hex characters). */
export const decodeRoyaltyPart = (encoded: string): RoyaltyPart => {
  if (typeof encoded !== 'string' || encoded.length !== ROYALTY_PART_HEX_LENGTH)
    throw new RoyaltyError(
      'INVALID_ROYALTY_ENCODING',
      'Invalid royalty part encoding - length is not 32 bytes ("0x" + 64 symbols)',
    );
  if (!isHex(encoded))
    throw new RoyaltyError(
      'INVALID_ROYALTY_ENCODING',
      `Invalid royalty part encoding - not a hex string: ${encoded}`,
    );
  return decodePartBody(encoded.slice(2).toLowerCase());
};
