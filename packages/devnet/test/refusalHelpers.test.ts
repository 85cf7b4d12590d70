import { describe, expect, it } from 'vitest';
import { refuse } from '../src/chain/errors.js';
import { alice, bob } from './helpers/accounts.js';
import { expectDispatchError, expectNoop, makeChain, submit } from './helpers/chain.js';

// The refusal helpers are what most refusal tests stand on: each must fail when the refusal it checks does not
// happen as expected, or else those tests pass whatever the chain does.
const transfer = (chain: ReturnType<typeof makeChain>, value = '1') =>
  submit(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value });

describe('expectNoop fails unless the action is refused as expected and changes nothing', () => {
  it('passes a refusal with the code and message expected, and answers the error', async () => {
    const chain = makeChain();
    const e = await expectNoop(
      chain,
      () => {
        throw refuse('Stale', 'stale');
      },
      { code: 'Stale', message: 'stale' },
    );
    expect(e.message).toBe('stale');
  });

  for (const instant of [true, false])
    it(`fails when the chain accepts the transaction (${instant ? 'instant' : 'pooling'})`, async () => {
      const chain = makeChain({ instant });
      await expect(expectNoop(chain, () => transfer(chain), { code: 'Payment' })).rejects.toThrow(
        /expected a refusal, the chain accepted it/,
      );
    });

  it('fails on another code, another message, another status, another error class', async () => {
    const chain = makeChain();
    const stale = () => {
      throw refuse('Stale', 'stale');
    };
    await expect(expectNoop(chain, stale, { code: 'Future' })).rejects.toThrow(/Future/);
    await expect(expectNoop(chain, stale, { code: 'Stale', message: 'stal' })).rejects.toThrow(/stal/);
    await expect(expectNoop(chain, stale, { code: 'Stale', message: /^x/ })).rejects.toThrow();
    await expect(expectNoop(chain, stale, { code: 'Stale', status: 503 })).rejects.toThrow(/503/);
    const plain = () => {
      throw new Error('boom');
    };
    await expect(expectNoop(chain, plain, { code: 'Stale' })).rejects.toThrow(/TxRefusedError/);
    await expect(expectNoop(chain, stale, { error: TypeError, message: 'stale' })).rejects.toThrow(
      /TypeError/,
    );
  });

  it('fails when the action changed state before it threw the right refusal', async () => {
    const chain = makeChain();
    await expect(
      expectNoop(
        chain,
        () => {
          chain.faucet(bob.address, 1n);
          throw refuse('Stale', 'stale');
        },
        { code: 'Stale' },
      ),
    ).rejects.toThrow();
  });

  it('fails when the action left a transaction in the pool before it threw', async () => {
    const chain = makeChain({ instant: false });
    await expect(
      expectNoop(
        chain,
        async () => {
          await transfer(chain);
          throw refuse('Stale', 'stale');
        },
        { code: 'Stale' },
      ),
    ).rejects.toThrow();
  });

  it('fails when the action made a block, even an empty one', async () => {
    const chain = makeChain({ instant: false });
    await expect(
      expectNoop(
        chain,
        () => {
          chain.produceBlock();
          throw refuse('Stale', 'stale');
        },
        { code: 'Stale' },
      ),
    ).rejects.toThrow();
  });
});

describe('expectDispatchError fails unless the call fails as expected and only pays its fee', () => {
  it('fails when the call succeeds', async () => {
    const chain = makeChain();
    await expect(
      expectDispatchError(
        chain,
        alice,
        'balances',
        'transferKeepAlive',
        { dest: bob.address, value: '1' },
        'balances.InsufficientBalance',
      ),
    ).rejects.toThrow();
  });

  it('fails on another dispatch error', async () => {
    const chain = makeChain();
    await expect(
      expectDispatchError(
        chain,
        alice,
        'unique',
        'destroyCollection',
        { collectionId: 99 },
        'common.NoPermission',
      ),
    ).rejects.toThrow(/CollectionNotFound/);
    await expectDispatchError(
      chain,
      alice,
      'unique',
      'destroyCollection',
      { collectionId: 99 },
      'common.CollectionNotFound',
    );
  });
});
