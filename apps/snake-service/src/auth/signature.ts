import { blake2b, decodeSubstrateAddress } from '@nftkit/primitives';
import { isEthereumAddress } from '@nftkit/snake-protocol';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import * as sr25519 from '@scure/sr25519';

// Polkadot extensions sign `<Bytes>` ‖ message ‖ `</Bytes>` so that a signed text can never be a transaction.
const WRAP_OPEN = utf8ToBytes('<Bytes>');
const WRAP_CLOSE = utf8ToBytes('</Bytes>');

const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

const equalBytes = (a: Uint8Array, b: Uint8Array): boolean =>
  a.length === b.length && a.every((byte, i) => byte === b[i]);

/** EIP-191 `personal_sign`: keccak256("\x19Ethereum Signed Message:\n" + length + message). */
export function personalMessageHash(message: Uint8Array): Uint8Array {
  return keccak_256(concat(utf8ToBytes(`\x19Ethereum Signed Message:\n${message.length}`), message));
}

/** The Ethereum address (lower case) that made a 65-byte `r ‖ s ‖ v` signature of `hash`, or null. */
function recoverEthereumAddress(signature: Uint8Array, hash: Uint8Array): string | null {
  if (signature.length !== 65) return null;
  const v = signature[64] ?? 0;
  const recovery = v >= 27 ? v - 27 : v;
  if (recovery !== 0 && recovery !== 1) return null;
  try {
    const recovered = concat(Uint8Array.of(recovery), signature.subarray(0, 64));
    const publicKey = secp256k1.recoverPublicKey(recovered, hash, { prehash: false });
    const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
    return `0x${bytesToHex(keccak_256(uncompressed.subarray(1)).subarray(12))}`;
  } catch {
    return null;
  }
}

/** A Substrate ecdsa account id is blake2b-256 of the 33-byte compressed key; the signed hash is blake2b-256 too. */
function verifySubstrateEcdsa(message: Uint8Array, signature: Uint8Array, accountId: Uint8Array): boolean {
  if (signature.length !== 65) return false;
  const recovery = signature[64] ?? 0;
  if (recovery > 3) return false;
  try {
    const recovered = concat(Uint8Array.of(recovery), signature.subarray(0, 64));
    const publicKey = secp256k1.recoverPublicKey(recovered, blake2b(message, 32), { prehash: false });
    const compressed = secp256k1.Point.fromBytes(publicKey).toBytes(true);
    return equalBytes(blake2b(compressed, 32), accountId);
  } catch {
    return false;
  }
}

function verifySchnorrOrEd(
  message: Uint8Array,
  signature: Uint8Array,
  publicKey: Uint8Array,
  scheme: 'sr' | 'ed',
) {
  try {
    return scheme === 'sr'
      ? sr25519.verify(message, signature, publicKey)
      : ed25519.verify(signature, message, publicKey, { zip215: false });
  } catch {
    return false;
  }
}

/** The (scheme, bare signature) readings of a Substrate signature, with or without the MultiSignature type byte. */
function substrateReadings(signature: Uint8Array): { scheme: 'sr' | 'ed' | 'ecdsa'; bytes: Uint8Array }[] {
  const readings: { scheme: 'sr' | 'ed' | 'ecdsa'; bytes: Uint8Array }[] = [];
  if (signature.length === 64)
    readings.push({ scheme: 'sr', bytes: signature }, { scheme: 'ed', bytes: signature });
  if (signature.length === 65) {
    const body = signature.subarray(1);
    if (signature[0] === 0x00) readings.push({ scheme: 'ed', bytes: body });
    if (signature[0] === 0x01) readings.push({ scheme: 'sr', bytes: body });
    readings.push({ scheme: 'ecdsa', bytes: signature });
  }
  if (signature.length === 66 && signature[0] === 0x02)
    readings.push({ scheme: 'ecdsa', bytes: signature.subarray(1) });
  return readings;
}

/**
 * Whether `signatureHex` is `address`'s signature of the UTF-8 `message`. Ethereum addresses: EIP-191 personal_sign,
 * the recovered signer compared case-insensitively. Substrate addresses: sr25519, ed25519 or ecdsa over the message
 * bare or `<Bytes>`-wrapped, with or without the MultiSignature prefix. Never throws: bad input is `false`.
 */
export function verifyMessageSignature(address: string, message: string, signatureHex: string): boolean {
  let signature: Uint8Array;
  try {
    signature = hexToBytes(signatureHex.replace(/^0x/, ''));
  } catch {
    return false;
  }
  const bytes = utf8ToBytes(message);
  if (isEthereumAddress(address)) {
    const signer = recoverEthereumAddress(signature, personalMessageHash(bytes));
    return signer !== null && signer === address.toLowerCase();
  }
  let accountId: Uint8Array;
  try {
    accountId = decodeSubstrateAddress(address);
  } catch {
    return false;
  }
  const messages = [bytes, concat(WRAP_OPEN, bytes, WRAP_CLOSE)];
  for (const reading of substrateReadings(signature)) {
    for (const signed of messages) {
      const ok =
        reading.scheme === 'ecdsa'
          ? verifySubstrateEcdsa(signed, reading.bytes, accountId)
          : verifySchnorrOrEd(signed, reading.bytes, accountId, reading.scheme);
      if (ok) return true;
    }
  }
  return false;
}
