import type { SignerPayloadJSON } from '@nftkit/primitives';
import {
  bytesToHex,
  compactFromBytes,
  compactToBytes,
  concatBytes,
  decodeEra,
  decodeSubstrateAddress,
  encodeSubstrateAddress,
  eraBirth,
  hexToBytes,
} from '@nftkit/primitives';
import { blake2b256 } from '../crypto/blake2b.js';

/**
 * The signed extrinsic a node would hold (version 4): compact length ‖ 0x84 ‖ MultiAddress::Id(pubkey) ‖
 * MultiSignature ‖ era ‖ compact nonce ‖ compact tip ‖ call. Its blake2-256 is the extrinsic hash, and its length
 * is what the length fee charges.
 */
export function encodeSignedExtrinsic(json: SignerPayloadJSON, signature: Uint8Array): Uint8Array {
  const body = concatBytes(
    Uint8Array.of(0x84, 0x00),
    decodeSubstrateAddress(json.address),
    signature,
    hexToBytes(json.era),
    compactToBytes(BigInt(json.nonce)),
    compactToBytes(BigInt(json.tip)),
    hexToBytes(json.method),
  );
  return concatBytes(compactToBytes(body.length), body);
}

export const extrinsicHash = (encoded: Uint8Array): string => bytesToHex(blake2b256(encoded));

/** The encoded length of a signed extrinsic for `call` (signature bytes do not change it), used by `R/fee`. */
export function signedLength(json: SignerPayloadJSON): number {
  return encodeSignedExtrinsic(json, new Uint8Array(65)).length;
}

/**
 * An unsigned extrinsic (version 4): compact length ‖ 0x04 ‖ call. An Ethereum transaction is one on Frontier
 * (`ethereum.transact`, self-contained: its signature is inside the call).
 */
export function encodeUnsignedExtrinsic(call: Uint8Array): Uint8Array {
  return concatBytes(compactToBytes(call.length + 1), Uint8Array.of(0x04), call);
}

/** A signed v4 extrinsic's parts, as {@link decodeExtrinsic} reads them. */
export type SignedParts = {
  signed: true;
  /** The signer's 32-byte account id (`MultiAddress::Id`). */
  accountId: Uint8Array;
  /** `MultiSignature`: its variant byte, then the signature. */
  signature: Uint8Array;
  era: Uint8Array;
  nonce: number;
  tip: bigint;
  call: Uint8Array;
};
export type UnsignedParts = { signed: false; call: Uint8Array };

/**
 * Why bytes are not an extrinsic the devnet takes. `format`: the outer `Vec<u8>` is broken (a node answers 1001);
 * `decode`: its contents are not an extrinsic (a node's runtime fails to decode it, 1002); `lookup`: a signer address
 * other than `MultiAddress::Id`, which Opal's `AccountIdLookup` cannot resolve (1011, `CannotLookup`).
 */
export class ExtrinsicFormatError extends Error {
  constructor(
    readonly kind: 'format' | 'decode' | 'lookup',
    message: string,
  ) {
    super(message);
    this.name = 'ExtrinsicFormatError';
  }
}

/** Signature bytes by `MultiSignature` variant: Ed25519, Sr25519, Ecdsa. */
const SIGNATURE_LENGTHS = [64, 64, 65] as const;

/**
 * Reads an extrinsic as a client submits it (compact length ‖ version ‖ …), the inverse of
 * {@link encodeSignedExtrinsic} and {@link encodeUnsignedExtrinsic}. The extra it reads is Opal's (era, compact nonce,
 * compact tip: the other signed extensions add no bytes). Throws {@link ExtrinsicFormatError}.
 */
export function decodeExtrinsic(bytes: Uint8Array): SignedParts | UnsignedParts {
  let length: { value: bigint; length: number };
  try {
    length = compactFromBytes(bytes, 0);
  } catch (e) {
    throw new ExtrinsicFormatError('format', (e as Error).message);
  }
  if (length.value !== BigInt(bytes.length - length.length))
    throw new ExtrinsicFormatError(
      'format',
      `the length prefix says ${length.value} bytes, ${bytes.length - length.length} follow`,
    );
  let at = length.length;
  const take = (n: number, what: string): Uint8Array => {
    if (at + n > bytes.length) throw new ExtrinsicFormatError('decode', `not enough data to read ${what}`);
    const out = bytes.subarray(at, at + n);
    at += n;
    return out;
  };
  const compact = (what: string): bigint => {
    try {
      const c = compactFromBytes(bytes, at);
      at += c.length;
      return c.value;
    } catch (e) {
      throw new ExtrinsicFormatError('decode', `${what}: ${(e as Error).message}`);
    }
  };
  const version = take(1, 'the version')[0]!;
  if (version === 0x04) return { signed: false, call: bytes.subarray(at) };
  if (version !== 0x84)
    throw new ExtrinsicFormatError('decode', `unsupported extrinsic version byte 0x${version.toString(16)}`);
  const address = take(1, 'the signer address')[0]!;
  if (address > 4) throw new ExtrinsicFormatError('decode', `no MultiAddress variant ${address}`);
  if (address !== 0)
    throw new ExtrinsicFormatError(
      'lookup',
      'Could not lookup information required to validate the transaction (only MultiAddress::Id resolves)',
    );
  const accountId = take(32, 'the signer account id');
  const variant = take(1, 'the signature')[0]!;
  const signatureLength = SIGNATURE_LENGTHS[variant as 0 | 1 | 2];
  if (signatureLength === undefined)
    throw new ExtrinsicFormatError('decode', `no MultiSignature variant ${variant}`);
  const signature = concatBytes(Uint8Array.of(variant), take(signatureLength, 'the signature'));
  const eraFirst = take(1, 'the era')[0]!;
  const era = eraFirst === 0 ? Uint8Array.of(0) : Uint8Array.of(eraFirst, take(1, 'the era')[0]!);
  const nonce = compact('the nonce');
  if (nonce > 0xffffffffn) throw new ExtrinsicFormatError('decode', 'the nonce is above u32');
  const tip = compact('the tip');
  if (tip >> 128n !== 0n) throw new ExtrinsicFormatError('decode', 'the tip is above u128');
  if (at >= bytes.length) throw new ExtrinsicFormatError('decode', 'no call');
  return { signed: true, accountId, signature, era, nonce: Number(nonce), tip, call: bytes.subarray(at) };
}

/** What the signed payload's implicit parts are read from: the chain's genesis, head and block hashes. */
export type PayloadView = {
  genesisHash: string;
  headNumber: number;
  blockHash(n: number): string | undefined;
};

/**
 * The signer payload a signed extrinsic must have been signed over to be valid now: its own era, nonce, tip and call,
 * and what a node adds without it being sent — the spec and transaction versions, the genesis hash and the hash of the
 * era's birth block as seen from the head (CheckMortality). `undefined` when that birth block is not one the chain has
 * (a node answers `AncientBirthBlock`). Throws a `decode` {@link ExtrinsicFormatError} for an era that is not one.
 */
export function signerPayloadOf(
  parts: SignedParts,
  view: PayloadView,
  versions: { specVersion: number; transactionVersion: number },
  signedExtensions: readonly string[],
): SignerPayloadJSON | undefined {
  let era: ReturnType<typeof decodeEra>;
  try {
    era = decodeEra(parts.era);
  } catch (e) {
    throw new ExtrinsicFormatError('decode', (e as Error).message);
  }
  const birth = era === 'immortal' ? 0 : eraBirth(era.period, era.phase, view.headNumber);
  const blockHash = birth <= view.headNumber ? view.blockHash(birth) : undefined;
  if (blockHash === undefined) return undefined;
  const hex = (n: number | bigint) => `0x${n.toString(16)}`;
  return {
    address: encodeSubstrateAddress(parts.accountId),
    blockHash,
    blockNumber: hex(birth),
    era: bytesToHex(parts.era),
    genesisHash: view.genesisHash,
    method: bytesToHex(parts.call),
    nonce: hex(parts.nonce),
    specVersion: hex(versions.specVersion),
    tip: hex(parts.tip),
    transactionVersion: hex(versions.transactionVersion),
    signedExtensions: [...signedExtensions],
    version: 4,
  };
}
