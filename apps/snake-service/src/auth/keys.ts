import { createHmac } from 'node:crypto';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * The HMAC keys of the service's signed tokens (challenge nonces, sessions, game ids), one per purpose so a token of
 * one kind can never pass as another. Derived from one secret that every instance shares (the session secret from
 * the environment, or else the operator's secret), so instances side by side accept each other's tokens.
 */
export interface ServiceKeys {
  readonly challenge: Uint8Array;
  readonly session: Uint8Array;
  readonly game: Uint8Array;
}

export function deriveServiceKeys(secret: string): ServiceKeys {
  const root = sha256(utf8ToBytes(secret));
  const derive = (purpose: string) => hmac(sha256, root, utf8ToBytes(`snake-service/${purpose}/v1`));
  return { challenge: derive('challenge'), session: derive('session'), game: derive('game') };
}

/**
 * HMAC-SHA256 of `text`, base64url. Node's native HMAC: every request carries a session and most a game id, and
 * the pure-JS one cost several times more per check.
 */
export function mac(key: Uint8Array, text: string, bytes = 32): string {
  return createHmac('sha256', key).update(text, 'utf8').digest().subarray(0, bytes).toString('base64url');
}

/** Constant-time comparison of two MACs. */
export function sameMac(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
