import { Sr25519Account } from '@nftkit/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { Sr25519Thread } from '../src/chain/sr25519Thread.js';

// The HTTP submit route checks signatures on a worker thread: it must give the in-thread verifier's answers, in
// order, for concurrent checks, and keep answering (in-thread) once the worker is gone.
const alice = Sr25519Account.fromUri('//Alice');
const bob = Sr25519Account.fromUri('//Bob');
const utf8 = new TextEncoder();

let thread: Sr25519Thread | undefined;
afterEach(async () => {
  await thread?.close();
  thread = undefined;
});

async function started(): Promise<Sr25519Thread> {
  thread = new Sr25519Thread();
  const deadline = Date.now() + 20_000;
  while (!thread.offThread && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  expect(thread.offThread).toBe(true);
  return thread;
}

describe('Sr25519Thread', () => {
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
});
