import { keccak_256 } from '@noble/hashes/sha3.js';
import { wasmCrypto } from './wasm.js';

/**
 * Keccak-256: in wasm once `@polkadot/wasm-crypto` has loaded, several times faster than noble's JS, which answers
 * until then (figures in docs/decisions/devnet-evm.md). EVM code hashes on every mapping access, and a loop of KECCAK256s is the slowest
 * call a client can ask for; both implementations give the same hash (compared in the tests).
 */
export function keccak256(data: Uint8Array): Uint8Array {
  const wasm = wasmCrypto();
  return wasm ? wasm.keccak256(data) : keccak_256(data);
}
