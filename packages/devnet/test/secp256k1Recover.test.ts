import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { describe, expect, it } from 'vitest';
import { nativeRecovery, recoverInJs, recoverPublicKey } from '../src/crypto/secp256k1.js';
import { decodeTransaction, recoverSender } from '../src/runtime/ethereum/transaction.js';
import { signedSelfTransfer } from './helpers/ethRpc.js';

// Senders are recovered with libsecp256k1 (its Node addon) and with noble where the addon cannot load: both must give
// the key that signed, for every key, and both must refuse a signature no key made.
const hex = (b: Uint8Array | null) => (b ? Buffer.from(b).toString('hex') : null);

function signed(i: number) {
  const key = keccak_256(new TextEncoder().encode(`key ${i}`));
  const hash = keccak_256(new TextEncoder().encode(`message ${i}`));
  const sig = secp256k1.sign(hash, key, { prehash: false, format: 'recovered' });
  return { key, hash, recovery: sig[0]!, rs: sig.slice(1), publicKey: secp256k1.getPublicKey(key, false) };
}

describe('secp256k1 recovery', () => {
  it('libsecp256k1 and the JS recovery give the signer’s key for 50 keys', () => {
    // The addon ships prebuilt for this platform: a machine where it did not load measures noble, not libsecp256k1.
    expect(nativeRecovery).toBe(true);
    for (let i = 0; i < 50; i++) {
      const s = signed(i);
      expect(hex(recoverInJs(s.hash, s.rs, s.recovery))).toBe(hex(s.publicKey));
      expect(hex(recoverPublicKey(s.hash, s.rs, s.recovery))).toBe(hex(s.publicKey));
    }
  });

  it('both refuse an r that is no curve point’s x', () => {
    const s = signed(1);
    const rs = s.rs.slice();
    // x = 5 is not on secp256k1 (5³ + 7 = 132 is not a square mod p).
    rs.fill(0, 0, 32);
    rs[31] = 5;
    expect(() => recoverInJs(s.hash, rs, 0)).toThrow();
    expect(recoverPublicKey(s.hash, rs, 0)).toBeNull();
  });

  it('recovers the sender of transactions signed by viem', async () => {
    for (let i = 0; i < 10; i++) {
      const { account, raw } = await signedSelfTransfer(`account ${i}`, i);
      expect(recoverSender(decodeTransaction(raw))).toBe(account.address);
    }
  });
});
