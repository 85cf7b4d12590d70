import { blake2b } from '@noble/hashes/blake2.js';
import { wasmCrypto } from './wasm.js';

const NO_KEY = new Uint8Array(0);

/**
 * Blake2b-256: in wasm once `@polkadot/wasm-crypto` has loaded, several times faster than noble's JS, which answers
 * until then. Every extrinsic's hash, every block's header hash and extrinsics root go through it; both
 * implementations give the same hash (compared in the tests).
 */
export function blake2b256(data: Uint8Array): Uint8Array {
  const wasm = wasmCrypto();
  return wasm ? wasm.blake2b(data, NO_KEY, 32) : blake2b(data, { dkLen: 32 });
}
