import { describe, expect, it } from 'vitest';
import { NonceManager } from '../src/clients/nonceManager.js';

// The manager alone: each account's steps run one after another, accounts apart, and a failure holds no one up.
const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
};

describe('NonceManager', () => {
  it('runs the concurrent steps of one account one at a time, in the order they came', async () => {
    const m = new NonceManager();
    const order: number[] = [];
    let running = 0;
    let most = 0;
    let chainNext = 7;
    const step = (i: number) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 1));
      running--;
      order.push(i);
      const nonce = chainNext++;
      return { nonce, value: nonce };
    };
    const nonces = await Promise.all(Array.from({ length: 20 }, (_, i) => m.run('A', step(i))));
    expect(nonces).toEqual(Array.from({ length: 20 }, (_, i) => 7 + i));
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(most).toBe(1);
    expect(m.lastNonce('A')).toBe(26);
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

  it('a failed step fails alone: the next one runs, and the last nonce is the last accepted', async () => {
    const m = new NonceManager();
    expect(await m.run('A', async () => ({ nonce: 0, value: 0 }))).toBe(0);
    const failed = m.run('A', async () => {
      throw new Error('refused');
    });
    const after = m.run('A', async () => ({ nonce: 1, value: 1 }));
    await expect(failed).rejects.toThrow('refused');
    expect(await after).toBe(1);
    expect(m.lastNonce('A')).toBe(1);
  });
});
