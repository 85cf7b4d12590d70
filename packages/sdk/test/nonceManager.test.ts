import { describe, expect, it } from 'vitest';
import { NonceManager } from '../src/clients/nonceManager.js';

// The manager alone: each account's steps run one after another with consecutive nonces, the chain chooses only when
// the manager knows no nonce, and a failure hands the choice back to the chain.
const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

/** A step as a write makes it: the chain's next nonce when none is given. */
const chain = (state: { next: number }) => async (nonce: number | undefined) => {
  const used = nonce ?? state.next;
  state.next = Math.max(state.next, used + 1);
  return { nonce: used, value: used };
};

describe('NonceManager', () => {
  it('gives concurrent steps of one account consecutive nonces, one step at a time', async () => {
    const m = new NonceManager();
    const given: (number | undefined)[] = [];
    let running = 0;
    let most = 0;
    const step = async (nonce: number | undefined) => {
      given.push(nonce);
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 1));
      running--;
      return { nonce: nonce ?? 7, value: nonce ?? 7 };
    };
    const nonces = await Promise.all(Array.from({ length: 20 }, () => m.run('A', step)));
    expect(nonces).toEqual(Array.from({ length: 20 }, (_, i) => 7 + i));
    // Only the first lets the chain choose.
    expect(given).toEqual([undefined, ...Array.from({ length: 19 }, (_, i) => 8 + i)]);
    expect(most).toBe(1);
  });

  it('keeps accounts apart: one account waiting does not hold another', async () => {
    const m = new NonceManager();
    const gate = deferred();
    const slow = m.run('A', async () => {
      await gate.promise;
      return { nonce: 0, value: 'a' };
    });
    expect(await m.run('B', async () => ({ nonce: 3, value: 'b' }))).toBe('b');
    gate.resolve();
    expect(await slow).toBe('a');
  });

  it('after a failed step, the next one lets the chain choose again', async () => {
    const m = new NonceManager();
    const state = { next: 0 };
    expect(await m.run('A', chain(state))).toBe(0);
    const given: (number | undefined)[] = [];
    const failed = m.run('A', async (nonce) => {
      given.push(nonce);
      throw new Error('refused');
    });
    const after = m.run('A', async (nonce) => {
      given.push(nonce);
      return chain(state)(nonce);
    });
    await expect(failed).rejects.toThrow('refused');
    expect(await after).toBe(1);
    expect(given).toEqual([1, undefined]);
    // The chain moved on elsewhere: resync lets it choose.
    state.next = 10;
    m.resync('A');
    expect(await m.run('A', chain(state))).toBe(10);
  });
});
