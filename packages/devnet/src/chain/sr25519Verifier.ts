import { verify as verifyInJs } from '@scure/sr25519';
import { loadWasmCrypto, wasmCrypto } from '../crypto/wasm.js';

/**
 * sr25519 verification for the pool. Pure-JS verification is slow enough to cap a single-threaded devnet's rate;
 * schnorrkel compiled to wasm (`@polkadot/wasm-crypto`) costs a fraction of it (figures in docs/decisions/devnet.md).
 * The wasm module loads in the background so startup does not wait for it; until it is ready the JS verifier answers (both
 * implement the same Schnorr scheme under the `substrate` signing context, so they agree on every signature).
 */

/** Starts loading the wasm verifier (once); resolves true when it is in use, false when it could not load. */
export const loadWasmVerifier = loadWasmCrypto;

/** Whether the wasm verifier answers (false while it loads or when it failed to). */
export function wasmVerifierReady(): boolean {
  return wasmCrypto() !== undefined;
}

/** True when `signature` (64 bytes) is `publicKey`'s sr25519 signature of `message`; false for any malformed input. */
export function verifySr25519(message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean {
  if (signature.length !== 64 || publicKey.length !== 32) return false;
  try {
    const wasm = wasmCrypto();
    return wasm
      ? wasm.sr25519Verify(signature, message, publicKey)
      : verifyInJs(message, signature, publicKey);
  } catch {
    // Bytes that are not a curve point (all zeros, say) make a verifier throw: that is a bad signature too.
    return false;
  }
}
