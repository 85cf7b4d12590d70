import { blake2b, compactToBytes, hexToBytes } from '@nftkit/primitives';
import { InvalidSecretError } from '../errors/signer.js';

/** The well-known development phrase: `//Alice` is this phrase with the hard junction `Alice`. */
export const DEV_PHRASE = 'bottom drive obey lake curtain smoke basket hold race lonely fit walk';

/**
 * The mini secret of {@link DEV_PHRASE} with no password (a test derives it from the phrase with BIP-39 and pbkdf2),
 * so the dev accounts need neither in the bundle.
 */
export const DEV_MINI_SECRET: Uint8Array = hexToBytes(
  '0xfac7959dbfe72f052e5a0c3c8d6530f202b02fd8f9f5ca3580ec8deb7797479e',
);

export type Junction = { hard: boolean; chainCode: Uint8Array };
export type SecretUri = { phrase: string; junctions: Junction[]; password: string };

const URI = /^([^/]*)((?:\/\/?[^/]+)*)(?:\/\/\/(.*))?$/;
const JUNCTION = /\/(\/?)([^/]+)/g;

/**
 * Splits a Substrate secret URI `phrase//hard/soft///password`; an empty phrase is the dev phrase, so `//Alice`
 * works as in every Substrate tool.
 */
export function parseSecretUri(uri: string): SecretUri {
  const match = URI.exec(uri);
  if (!match) throw new InvalidSecretError('Invalid secret URI.');
  const phrase = (match[1] ?? '').trim() || DEV_PHRASE;
  const junctions = [...(match[2] ?? '').matchAll(JUNCTION)].map((part) => ({
    hard: part[1] === '/',
    chainCode: chainCodeOf(part[2]!),
  }));
  return { phrase, junctions, password: match[3] ?? '' };
}

/** Parses a derivation path alone (`//Alice/0`). */
export function parseDerivationPath(path: string): Junction[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw new InvalidSecretError(`Invalid derivation path: ${path}`);
  return parseSecretUri(`x${path}`).junctions;
}

/**
 * A junction's 32-byte chain code as Substrate makes it: a decimal number as u64 little-endian, anything else
 * SCALE-encoded as a string (compact length ‖ UTF-8); longer than 32 bytes → blake2-256 of it; zero-padded.
 */
function chainCodeOf(text: string): Uint8Array {
  let encoded: Uint8Array;
  if (/^\d+$/.test(text)) {
    encoded = new Uint8Array(8);
    new DataView(encoded.buffer).setBigUint64(0, BigInt(text), true);
  } else {
    const utf8 = new TextEncoder().encode(text);
    const prefix = compactToBytes(utf8.length);
    encoded = new Uint8Array(prefix.length + utf8.length);
    encoded.set(prefix);
    encoded.set(utf8, prefix.length);
  }
  if (encoded.length > 32) return blake2b(encoded, 32);
  const code = new Uint8Array(32);
  code.set(encoded);
  return code;
}
