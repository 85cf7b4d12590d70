import { secp256k1 } from '@noble/curves/secp256k1.js';
import { wasmCrypto } from './wasm.js';

/**
 * The uncompressed public key (65 bytes, `0x04 ‖ x ‖ y`) that signed `hash` with the compact signature `rs`
 * (64 bytes) and recovery bit; null when none did (an `r` that is no curve point's x). libsecp256k1 in wasm once
 * loaded, noble's pure-JS recovery (several times slower; figures in docs/decisions/devnet-ethrpc.md) until then: both
 * are audited implementations of the same recovery, compared on every key in the tests.
 */
export function recoverPublicKey(hash: Uint8Array, rs: Uint8Array, recovery: number): Uint8Array | null {
  const wasm = wasmCrypto();
  try {
    if (wasm) return wasm.secp256k1Expand(wasm.secp256k1Recover(hash, rs, recovery));
    return recoverInJs(hash, rs, recovery);
  } catch {
    return null;
  }
}

export function recoverInJs(hash: Uint8Array, rs: Uint8Array, recovery: number): Uint8Array {
  return secp256k1.Signature.fromBytes(rs, 'compact')
    .addRecoveryBit(recovery)
    .recoverPublicKey(hash)
    .toBytes(false);
}
