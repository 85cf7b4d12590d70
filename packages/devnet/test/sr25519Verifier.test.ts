import { Sr25519Account } from '@nftkit/sdk';
import { describe, expect, it } from 'vitest';
import { loadWasmVerifier, verifySr25519, wasmVerifierReady } from '../src/chain/sr25519Verifier.js';

// The pool checks signatures with schnorrkel in wasm once it has loaded, with the JS verifier before: both must
// accept exactly the signatures the sdk's signer makes and refuse everything else.
const alice = Sr25519Account.fromUri('//Alice');
const bob = Sr25519Account.fromUri('//Bob');
const message = new TextEncoder().encode('a signer payload');

function cases() {
  const signature = alice.sign(message);
  const tampered = signature.slice();
  tampered[10] = tampered[10]! ^ 1;
  return [
    { name: 'a valid signature', args: [message, signature, alice.publicKey], valid: true },
    { name: 'another key', args: [message, signature, bob.publicKey], valid: false },
    { name: 'another message', args: [message.slice(1), signature, alice.publicKey], valid: false },
    { name: 'a flipped bit', args: [message, tampered, alice.publicKey], valid: false },
    { name: 'all zeros', args: [message, new Uint8Array(64), alice.publicKey], valid: false },
    { name: '63 bytes', args: [message, signature.slice(0, 63), alice.publicKey], valid: false },
    { name: 'a short key', args: [message, signature, alice.publicKey.slice(1)], valid: false },
  ] as const;
}

describe('verifySr25519', () => {
  it('with the JS verifier (before the wasm one loads)', () => {
    expect(wasmVerifierReady()).toBe(false);
    for (const c of cases()) expect(verifySr25519(c.args[0], c.args[1], c.args[2]), c.name).toBe(c.valid);
  });

  it('with the wasm verifier, giving the same answers', async () => {
    expect(await loadWasmVerifier()).toBe(true);
    expect(wasmVerifierReady()).toBe(true);
    for (const c of cases()) expect(verifySr25519(c.args[0], c.args[1], c.args[2]), c.name).toBe(c.valid);
    // Many signatures, fresh each time (sr25519 signatures are randomized).
    for (let i = 0; i < 20; i++) {
      const m = new TextEncoder().encode(`payload ${i}`);
      expect(verifySr25519(m, alice.sign(m), alice.publicKey)).toBe(true);
    }
  });
});
