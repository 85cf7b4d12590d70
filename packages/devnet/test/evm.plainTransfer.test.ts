import { describe, expect, it } from 'vitest';
import type { DispatchContext } from '../src/runtime/context.js';
import { executeMessage } from '../src/runtime/evm/execute.js';
import { balanceAccount, ethBalance } from '../src/runtime/evm/value.js';
import { makeChain } from './helpers/chain.js';
import { tableDigests } from './helpers/snapshot.js';

const from = '0x00000000000000000000000000000000000f0001';
const to = '0x00000000000000000000000000000000000f0002';

describe('a plain value transfer message (no code at the target)', () => {
  const chain = makeChain({ instant: false });
  const ctx = (): DispatchContext => ({
    storage: chain.storage,
    origin: balanceAccount(from),
    blockNumber: 1,
    timestamp: Date.now(),
    events: [],
    evm: chain.evm,
  });
  const message = (value: bigint) => ({ caller: from, to, data: '0x' as const, value, isStatic: false });

  it('moves the value when the caller has it', () => {
    chain.faucet(balanceAccount(from), 1_000n);
    const outcome = chain.storage.db.transaction(() => executeMessage(ctx(), message(400n), 0n))();
    expect(outcome).toMatchObject({ ok: true, returnData: '0x', gasUsed: 0n });
    expect(ethBalance(chain.storage, from)).toBe(600n);
    expect(ethBalance(chain.storage, to)).toBe(400n);
  });

  it('reverts when the caller lacks it, and writes nothing', () => {
    const before = tableDigests(chain.storage.db);
    const outcome = chain.storage.db.transaction(() => executeMessage(ctx(), message(601n), 0n))();
    expect(outcome).toMatchObject({ ok: false, returnData: '0x', gasUsed: 0n });
    expect(tableDigests(chain.storage.db)).toEqual(before);
    expect(ethBalance(chain.storage, from)).toBe(600n);
    expect(ethBalance(chain.storage, to)).toBe(400n);
  });
});
