import { base58Decode, base58Encode } from './base58.js';
import { blake2bShort } from './blake2bShort.js';
import { PrimitivesError } from './errors.js';
import { bytesToHex, hexToBytes } from './hex.js';

/** The SS58 format of the generic Substrate network, used when none is given. */
export const DEFAULT_SS58_FORMAT = 42;

// 'SS58PRE', the checksum's domain separator.
const SS58PRE = new Uint8Array([83, 83, 53, 56, 80, 82, 69]);
const KEY_LENGTHS = [1, 2, 4, 8, 32, 33];
const DECODED_LENGTHS = [3, 4, 6, 10, 35, 36, 37, 38];
const PUBLIC_KEY_HEX = /^0x[0-9a-fA-F]{64}$/;

/**
 * The longest SS58 text: the longest decoded form is 38 bytes (2-byte prefix, 33-byte key, 2-byte checksum), and
 * 38 bytes take at most ⌈38·log(256)/log(58)⌉ = 52 base58 digits (a leading zero byte is one '1' digit, never more).
 * Longer text is refused before decoding, whose cost grows with the square of the length.
 */
export const MAX_SS58_ADDRESS_LENGTH = 52;

// An error message echoes at most this much of a refused input (a 1 MB input must not come back in the answer).
const shown = (text: string): string =>
  text.length > 70 ? `${text.slice(0, 66)}…(${text.length} chars)` : text;

// blake2b-512('SS58PRE' ‖ payload); the payload is at most 37 bytes, so one compression block.
const checksum = (payload: Uint8Array): Uint8Array => blake2bShort(64, SS58PRE, payload);

const isValidFormat = (format: number): boolean =>
  Number.isInteger(format) && format >= 0 && format <= 16383 && format !== 46 && format !== 47;

/** True for `0x` followed by 64 hex digits: how a 32-byte Substrate public key travels. */
export const isSubstratePublicKey = (value: unknown): value is string =>
  typeof value === 'string' && value.length === 66 && PUBLIC_KEY_HEX.test(value);

/** SS58-encodes a public key (bytes or hex) with the given network format (default 42). */
export const encodeSubstrateAddress = (
  publicKey: Uint8Array | string,
  ss58Format: number = DEFAULT_SS58_FORMAT,
): string => {
  const key =
    publicKey instanceof Uint8Array
      ? publicKey
      : typeof publicKey === 'string'
        ? hexToBytes(publicKey)
        : null;
  if (key === null)
    throw new PrimitivesError(
      'INVALID_BYTES',
      `publicKey must be a Uint8Array or a hex string, got ${typeof publicKey}`,
    );
  if (typeof ss58Format !== 'number' || !isValidFormat(ss58Format))
    throw new PrimitivesError(
      'INVALID_SS58_FORMAT',
      `ss58Format is not valid, received ${typeof ss58Format} "${String(ss58Format)}"`,
    );
  if (!KEY_LENGTHS.includes(key.length))
    throw new PrimitivesError(
      'INVALID_KEY_LENGTH',
      `key length is not valid, received ${key.length}, valid values are ${KEY_LENGTHS.join(', ')}`,
    );
  const prefixLength = ss58Format < 64 ? 1 : 2;
  const checksumLength = key.length >= 32 ? 2 : 1;
  // Standard decoders only read the SS58 lengths in DECODED_LENGTHS; refuse to write what they cannot read.
  if (!DECODED_LENGTHS.includes(prefixLength + key.length + checksumLength))
    throw new PrimitivesError(
      'INVALID_KEY_LENGTH',
      `key length ${key.length} cannot be encoded with ss58Format ${ss58Format}: decoders refuse the result`,
    );
  const out = new Uint8Array(prefixLength + key.length + checksumLength);
  if (prefixLength === 1) out[0] = ss58Format;
  else {
    out[0] = ((ss58Format & 0xfc) >> 2) | 0x40;
    out[1] = (ss58Format >> 8) | ((ss58Format & 3) << 6);
  }
  out.set(key, prefixLength);
  const hash = checksum(out.subarray(0, prefixLength + key.length));
  out[prefixLength + key.length] = hash[0]!;
  if (checksumLength === 2) out[prefixLength + key.length + 1] = hash[1]!;
  return base58Encode(out);
};

/** `encodeSubstrateAddress` under the name of what it does for accounts. */
export const substratePublicKeyToAddress = encodeSubstrateAddress;

export type DecodedSubstrateAddress = { publicKey: Uint8Array; ss58Format: number };

/**
 * Addresses decoded lately, by their text. A node decodes the same few signers' addresses several times for each
 * transaction (its format checks, the signed bytes, the signature check), and each decode is a base58 decode and a
 * blake2b checksum; a hit costs a copy of the key. Bounded: emptied when full.
 */
const DECODED_MEMO_SIZE = 1024;
const decodedMemo = new Map<string, DecodedSubstrateAddress>();

/**
 * Decodes an SS58 address into its public key and network format, checking the decoded length,
 * the prefix and the checksum. A `0x` + 64-hex public key is accepted as is (format 42).
 */
export const decodeSubstrateAddressWithFormat = (address: string): DecodedSubstrateAddress => {
  if (typeof address !== 'string')
    throw new PrimitivesError(
      'INVALID_SUBSTRATE_ADDRESS',
      `Address ${String(address)} is not a string: ${typeof address}`,
    );
  if (address.startsWith('0x')) {
    if (isSubstratePublicKey(address))
      return { publicKey: hexToBytes(address), ss58Format: DEFAULT_SS58_FORMAT };
    throw new PrimitivesError(
      'INVALID_SUBSTRATE_ADDRESS',
      `Decoding ${shown(address)}: Invalid substrate address, received ${shown(address)}. Wrong or mangled public key?`,
    );
  }
  if (address.length > MAX_SS58_ADDRESS_LENGTH)
    throw new PrimitivesError(
      'INVALID_SUBSTRATE_ADDRESS',
      `Invalid substrate address: ${address.length} characters, an SS58 address has at most ${MAX_SS58_ADDRESS_LENGTH}`,
    );
  const known = decodedMemo.get(address);
  if (known) return { publicKey: known.publicKey.slice(), ss58Format: known.ss58Format };
  let decoded: Uint8Array;
  try {
    decoded = base58Decode(address);
  } catch (cause) {
    throw new PrimitivesError('INVALID_SUBSTRATE_ADDRESS', `Decoding ${address}: Non-base58 character`, {
      cause,
    });
  }
  if (!DECODED_LENGTHS.includes(decoded.length))
    throw new PrimitivesError(
      'INVALID_KEY_LENGTH',
      `key length is not valid, decoded key length is ${decoded.length}, valid values are ${DECODED_LENGTHS.join(', ')}`,
    );
  const first = decoded[0]!;
  // Bit 7 set is not a valid SS58 prefix; 46 and 47 are reserved.
  if (first & 0x80 || first === 46 || first === 47)
    throw new PrimitivesError(
      'INVALID_SS58_FORMAT',
      `Decoding ${address}: invalid ss58 prefix byte ${first}`,
    );
  const prefixLength = first & 0x40 ? 2 : 1;
  const second = decoded[1]!;
  const ss58Format =
    prefixLength === 1 ? first : ((first & 0x3f) << 2) | (second >> 6) | ((second & 0x3f) << 8);
  // 32- and 33-byte keys carry a 2-byte checksum, shorter ones a 1-byte checksum; any other split is refused.
  const rest = decoded.length - prefixLength;
  const checksumLength = rest - 2 >= 32 ? 2 : 1;
  const keyLength = rest - checksumLength;
  if (!KEY_LENGTHS.includes(keyLength))
    throw new PrimitivesError(
      'INVALID_KEY_LENGTH',
      `key length is not valid, decoded key length is ${keyLength}, valid values are ${KEY_LENGTHS.join(', ')}`,
    );
  const end = prefixLength + keyLength;
  const hash = checksum(decoded.subarray(0, end));
  if (hash[0] !== decoded[end] || (checksumLength === 2 && hash[1] !== decoded[end + 1]))
    throw new PrimitivesError('INVALID_CHECKSUM', 'Invalid decoded address checksum');
  if (decodedMemo.size >= DECODED_MEMO_SIZE) decodedMemo.clear();
  decodedMemo.set(address, { publicKey: decoded.slice(prefixLength, end), ss58Format });
  return { publicKey: decoded.slice(prefixLength, end), ss58Format };
};

/**
 * Decodes an SS58 address into its public key. With `expectedFormat`, an address of another
 * network is refused (`Expected ss58Format X, received Y`).
 */
export const decodeSubstrateAddress = (address: string, expectedFormat?: number): Uint8Array => {
  const { publicKey, ss58Format } = decodeSubstrateAddressWithFormat(address);
  if (expectedFormat !== undefined && expectedFormat !== ss58Format && !address.startsWith('0x'))
    throw new PrimitivesError(
      'UNEXPECTED_SS58_FORMAT',
      `Expected ss58Format ${expectedFormat}, received ${ss58Format}`,
    );
  return publicKey;
};

/** The public key of an SS58 address (or of a 0x public key) as 0x-prefixed lower-case hex. */
export const substrateAddressToPublicKey = (address: string): string =>
  bytesToHex(decodeSubstrateAddressWithFormat(address).publicKey);

/** True for a valid SS58 address of any network; a bare 0x public key is not an address. */
export const isSubstrateAddress = (value: unknown): value is string => {
  if (typeof value !== 'string' || value.length > MAX_SS58_ADDRESS_LENGTH || value.startsWith('0x'))
    return false;
  try {
    decodeSubstrateAddressWithFormat(value);
    return true;
  } catch {
    return false;
  }
};

/** Re-encodes an address (any network, or a 0x public key) with the given format (default 42). */
export const normalizeSubstrateAddress = (
  address: string,
  ss58Format: number = DEFAULT_SS58_FORMAT,
): string => encodeSubstrateAddress(decodeSubstrateAddressWithFormat(address).publicKey, ss58Format);
