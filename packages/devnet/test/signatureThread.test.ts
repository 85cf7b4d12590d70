import { Sr25519Account } from '@nftkit/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { SignatureThread } from '../src/chain/signatureThread.js';
import { decodeAndRecover, EthTransactionError } from '../src/runtime/ethereum/transaction.js';
import { signedSelfTransfer } from './helpers/ethRpc.js';

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

  it('decodes concurrent Ethereum transactions and recovers their senders, refusing as in this thread', async () => {
    const t = await started();
    const signed = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signedSelfTransfer(`key ${i}`, i, i === 7 ? 1 : 8884)),
    );
    const answers = await Promise.all(signed.map(({ raw }) => t.ethereum(raw).catch((e: Error) => e)));
    for (const [i, a] of answers.entries()) {
      if (i === 7) {
        expect(a).toBeInstanceOf(EthTransactionError);
        expect((a as Error).message).toBe('invalid chain id for signer: have 1 want 8884');
        continue;
      }
      expect(a).toMatchObject({ from: signed[i]!.account.address, tx: { nonce: i, value: BigInt(i) } });
      expect(a).toEqual(decodeAndRecover(signed[i]!.raw));
    }
    // A signature no key made: r (0x80…02, canonical, below the curve's order) is not an x coordinate on the curve.
    const forged = `${signed[0]!.raw.slice(0, -132)}a080${'0'.repeat(60)}02a001${'0'.repeat(62)}` as const;
    await expect(t.ethereum(forged)).rejects.toThrow('invalid sender');
    await t.close();
    // In this thread once the worker is gone, with the same answers.
    expect(await t.ethereum(signed[0]!.raw)).toEqual(decodeAndRecover(signed[0]!.raw));
    await expect(t.ethereum(signed[7]!.raw)).rejects.toThrow(EthTransactionError);
  });

  it('checks a lone request in this thread and a turn of several on the worker, with the same answers', async () => {
    const t = await started();
    const signed = await Promise.all(Array.from({ length: 6 }, (_, i) => signedSelfTransfer(`lone ${i}`, i)));
    // One at a time, as a test suite sends: nothing to overlap, so no round trip to the worker.
    for (const { raw } of signed.slice(0, 3)) expect(await t.ethereum(raw)).toEqual(decodeAndRecover(raw));
    const message = utf8.encode('lone');
    expect(await t.verify(message, alice.sign(message), alice.publicKey)).toBe(true);
    expect(await t.verify(message, alice.sign(message), bob.publicKey)).toBe(false);
    expect(t.checks).toEqual({ here: 5, onWorker: 0 });
    // Sent in one turn: the worker checks them beside this thread.
    const answers = await Promise.all(signed.slice(3).map(({ raw }) => t.ethereum(raw)));
    expect(answers).toEqual(signed.slice(3).map(({ raw }) => decodeAndRecover(raw)));
    expect(t.checks).toEqual({ here: 5, onWorker: 3 });
  });
});
