import { createRequire } from 'node:module';
import { secp256k1 } from '@noble/curves/secp256k1.js';

type NativeSecp256k1 = typeof import('secp256k1');

/**
 * libsecp256k1 (the C library Bitcoin Core and geth use), from the `secp256k1` package's prebuilt Node addon. Its
 * `bindings` entry is loaded rather than the package's main, which falls back to `elliptic` without saying so: when
 * the addon cannot load on a machine, recovery here falls back to noble instead, which is faster than `elliptic`.
 * A sender recovery is most of an Ethereum transaction's admission: the addon recovers in a fifth of the time the
 * same library compiled to wasm took (figures in docs/decisions/devnet-ethrpc.md).
 */
const native: NativeSecp256k1 | undefined = (() => {
  try {
    const require = createRequire(import.meta.url);
    // Only the version the devnet depends on: 4.x (which other packages of a workspace may bring, and a resolution
    // may find first) corrupts the heap when recovering in a worker thread, killing the process.
    const { version } = require('secp256k1/package.json') as { version: string };
    if (Number(version.split('.')[0]) < 5) return undefined;
    return require('secp256k1/bindings') as NativeSecp256k1;
  } catch {
    return undefined;
  }
})();

/** Whether recovery runs on libsecp256k1 (the Node addon) rather than noble's pure-JS code. */
export const nativeRecovery = native !== undefined;

/**
 * The uncompressed public key (65 bytes, `0x04 ‖ x ‖ y`) that signed `hash` with the compact signature `rs`
 * (64 bytes) and recovery bit; null when none did (an `r` that is no curve point's x). libsecp256k1 when its addon
 * loaded, noble's recovery otherwise: both are audited implementations of the same recovery, compared on every key in
 * the tests.
 */
export function recoverPublicKey(hash: Uint8Array, rs: Uint8Array, recovery: number): Uint8Array | null {
  try {
    return native ? native.ecdsaRecover(rs, recovery, hash, false) : recoverInJs(hash, rs, recovery);
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
