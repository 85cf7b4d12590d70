import type { SignerPayloadJSON } from '@nftkit/primitives';
import {
  bytesToHex,
  compactToBytes,
  concatBytes,
  decodeSubstrateAddress,
  hexToBytes,
} from '@nftkit/primitives';
import { blake2b } from '@noble/hashes/blake2.js';

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

export const extrinsicHash = (encoded: Uint8Array): string => bytesToHex(blake2b(encoded, { dkLen: 32 }));

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
