import { expect, it } from 'vitest';
import { STATE_HISTORY_PRUNE_EVERY, StateUnavailableError } from '../src/chain/stateHistory.js';
import { bob } from './helpers/accounts.js';
import { makeChain } from './helpers/chain.js';

// The state history forgets the rows behind its window in batches: every block of the window stays readable as it
// was, what is behind it is refused, and the rows kept stay bounded.
it('keeps every block of the window readable while it forgets older rows in batches', () => {
  const keep = 8;
  const chain = makeChain({ stateHistoryBlocks: keep });
  const balanceAt = new Map<number, bigint>();
  const balance = () => chain.storage.system.account(bob.address).free;
  for (let i = 0; i < 2 * STATE_HISTORY_PRUNE_EVERY + 5; i++) {
    chain.faucet(bob.address, 1n);
    chain.mine(1, 1);
    balanceAt.set(chain.headNumber, balance());
    const head = chain.headNumber;
    const oldest = chain.stateHistory.oldestReadable(head);
    expect(oldest).toBe(Math.max(0, head - keep));
    for (const n of [oldest, oldest + 1, head - 1].filter((n) => n >= 1 && n < head))
      expect(chain.stateHistory.at(n, head, balance), `block ${n} at head ${head}`).toBe(balanceAt.get(n));
    const oldestRow = chain.storage.db
      .prepare('SELECT min(block) FROM state_history')
      .pluck()
      .get() as number;
    expect(oldestRow).toBeGreaterThan(head - keep - STATE_HISTORY_PRUNE_EVERY);
  }
  const head = chain.headNumber;
  expect(() => chain.stateHistory.at(head - keep - 1, head, balance)).toThrow(StateUnavailableError);
  chain.stop();
});
