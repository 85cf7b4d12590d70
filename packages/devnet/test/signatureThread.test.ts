import { Sr25519Account } from '@nftkit/sdk';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { afterEach, describe, expect, it } from 'vitest';
import { SignatureThread } from '../src/chain/signatureThread.js';

// The HTTP submit route checks signatures on a worker thread: it must give the in-thread verifier's answers, in
// order, for concurrent checks, and keep answering (in-thread) once the worker is gone.
const alice = Sr25519Account.fromUri('//Alice');
const bob = Sr25519Account.fromUri('//Bob');
const utf8 = new TextEncoder();

let thread: SignatureThread | undefined;
afterEach(async () => {
  await thread?.close();
  thread = undefined;
});

async function started(): Promise<SignatureThread> {
  thread = new SignatureThread();
  const deadline = Date.now() + 20_000;
  while (!thread.offThread && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(thread.offThread).toBe(true);
  return thread;
}

describe('SignatureThread', () => {
  it('accepts exactly the valid signatures among concurrent checks', async () => {
    const t = await started();
    const checks = Array.from({ length: 40 }, (_, i) => {
      const message = utf8.encode(`payload ${i}`);
      const signature = alice.sign(message);
      if (i % 4 === 1) signature[7] = signature[7]! ^ 1; // a flipped bit
      const key = i % 4 === 2 ? bob.publicKey : alice.publicKey; // another key
      const msg = i % 4 === 3 ? utf8.encode(`other ${i}`) : message; // another message
      return { valid: i % 4 === 0, answer: t.verify(msg, signature, key) };
    });
    const answers = await Promise.all(checks.map((c) => c.answer));
    expect(answers).toEqual(checks.map((c) => c.valid));
  });

  it('refuses malformed signatures and keys without asking the worker', async () => {
    const t = await started();
    const message = utf8.encode('m');
    const signature = alice.sign(message);
    expect(await t.verify(message, new Uint8Array(64), alice.publicKey)).toBe(false);
    expect(await t.verify(message, signature.slice(0, 63), alice.publicKey)).toBe(false);
    expect(await t.verify(message, signature, alice.publicKey.slice(1))).toBe(false);
  });

  it('checks in this thread after the worker is closed, with the same answers', async () => {
    const t = await started();
    const message = utf8.encode('after close');
    const signature = alice.sign(message);
    const pending = t.verify(message, signature, alice.publicKey);
    await t.close();
    expect(t.offThread).toBe(false);
    expect(await pending).toBe(true);
    expect(await t.verify(message, signature, alice.publicKey)).toBe(true);
    expect(await t.verify(message, signature, bob.publicKey)).toBe(false);
  });

  it('recovers the secp256k1 key of concurrent signatures, and null for an r that is no point', async () => {
    const t = await started();
    const hex = (b: Uint8Array | null) => (b ? Buffer.from(b).toString('hex') : null);
    const cases = Array.from({ length: 20 }, (_, i) => {
      const key = keccak_256(utf8.encode(`key ${i}`));
      const hash = keccak_256(utf8.encode(`tx ${i}`));
      const sig = secp256k1.sign(hash, key, { prehash: false, format: 'recovered' });
      return { expected: secp256k1.getPublicKey(key, false), answer: t.recover(hash, sig.slice(1), sig[0]!) };
    });
    for (const c of cases) expect(hex(await c.answer)).toBe(hex(c.expected));
    const rs = new Uint8Array(64);
    rs[31] = 5; // x = 5 is not on the curve
    rs[63] = 1;
    expect(await t.recover(new Uint8Array(32).fill(1), rs, 0)).toBeNull();
    await t.close();
    // In this thread once the worker is gone, with the same answers.
    const after = cases[0]!;
    expect(
      hex(
        await t.recover(
          keccak_256(utf8.encode('tx 0')),
          (await signedAgain()).rs,
          (await signedAgain()).recovery,
        ),
      ),
    ).toBe(hex(after.expected));
  });
});

async function signedAgain() {
  const sig = secp256k1.sign(keccak_256(utf8.encode('tx 0')), keccak_256(utf8.encode('key 0')), {
    prehash: false,
    format: 'recovered',
  });
  return { rs: sig.slice(1), recovery: sig[0]! };
}
