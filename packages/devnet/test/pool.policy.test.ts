import { bytesToHex, type SignerPayloadJSON, signerPayloadToSignBytes } from '@nftkit/primitives';
import { Sr25519Account } from '@nftkit/sdk';
import { describe, expect, it } from 'vitest';
import type { Chain } from '../src/chain/chain.js';
import { type TxRefusalCode, TxRefusedError } from '../src/chain/errors.js';
import { EVICTED, FUTURE_EXPIRED } from '../src/chain/pool.js';
import { encodeCall } from '../src/runtime/runtime.js';
import { alice, bob, charlie, signHex, type TestAccount } from './helpers/accounts.js';
import { expectNoop, makeChain } from './helpers/chain.js';
import { checkInvariants } from './helpers/invariants.js';

// A nonce gap used to cost nothing, stay in the pool forever, and (in --instant) make a
// block each. The pool now bounds what waits behind a gap, expires it, and ranks by fee.
const DEV = 10n ** 18n;

/** A signed transfer of `value` from `who` with an explicit nonce (and tip), submitted; answers its hash. */
async function transfer(
  chain: Chain,
  who: TestAccount,
  nonce: number,
  tip = 0n,
  value = '1',
): Promise<string> {
  const call = encodeCall('balances', 'transferKeepAlive', { dest: bob.address, value });
  const built = chain.build(call, { signerAddress: who.address, nonce, mortalLength: -1 });
  const json: SignerPayloadJSON = {
    ...built.signerPayloadJSON,
    tip: `0x${tip.toString(16).padStart(32, '0')}`,
  };
  const signature = await signHex(who, bytesToHex(signerPayloadToSignBytes(json)));
  return chain.submit(json, signature);
}

/** A refusal by the pool that leaves the pool and the chain as they were (expectNoop checks both). */
const refusal = async (chain: Chain, action: () => Promise<unknown>, code: TxRefusalCode) =>
  (await expectNoop(chain, action, { code })) as TxRefusedError;

const funded = (chain: Chain, prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => {
    const a = Sr25519Account.fromUri(`//${prefix}${i}`);
    chain.faucet(a.address, DEV);
    return a;
  });

describe('pool policy', () => {
  it('an account may hold only futurePerAccount transactions behind a nonce gap (429 FutureLimit)', async () => {
    const chain = makeChain({ instant: false, pool: { futurePerAccount: 3 } });
    for (let n = 1; n <= 3; n++) await transfer(chain, alice, n);
    const e = await refusal(chain, () => transfer(chain, alice, 4), 'FutureLimit');
    expect(e.code).toBe('FutureLimit');
    expect(e.status).toBe(429);
    expect(e.message).toContain('next is 0');
    // Filling the gap makes them ready: the account may queue behind a gap again.
    await transfer(chain, alice, 0);
    expect(chain.pool.futureSize).toBe(0);
    await transfer(chain, alice, 5);
    expect(chain.pool.futureSize).toBe(1);
  });

  it('drops a transaction that stays unready past futureTtlMs, and says why', async () => {
    let now = 1_000_000;
    const chain = makeChain({ instant: false, now: () => now, pool: { futureTtlMs: 60_000 } });
    const gapped = await transfer(chain, alice, 1);
    now += 59_000;
    chain.produceBlock();
    expect(chain.pool.has(gapped)).toBe(true);
    now += 1_000;
    chain.produceBlock();
    expect(chain.pool.has(gapped)).toBe(false);
    expect(chain.droppedReason(gapped)).toBe(FUTURE_EXPIRED);
    // A ready transaction waits for a block, never for a clock.
    const ready = await transfer(chain, alice, 0);
    now += 3_600_000;
    chain.produceBlock();
    expect(chain.history.get(ready)?.success).toBe(true);
  });

  it('when the future queue is full, a higher fee evicts the lowest; an equal fee is refused', async () => {
    const chain = makeChain({ instant: false, pool: { futureCapacity: 2 } });
    const low = await transfer(chain, alice, 5);
    await transfer(chain, bob, 5, 10n);
    const e = await refusal(chain, () => transfer(chain, charlie, 5), 'PoolFull');
    expect(e.code).toBe('PoolFull');
    expect(e.message).toContain('1014');
    await transfer(chain, charlie, 5, 1n);
    expect(chain.pool.has(low)).toBe(false);
    expect(chain.droppedReason(low)).toBe(EVICTED);
    expect(chain.pool.futureSize).toBe(2);
  });

  it('when the pool is full of ready transactions, a higher fee takes the place of the lowest last one', async () => {
    const chain = makeChain({ instant: false, pool: { capacity: 2 } });
    const a0 = await transfer(chain, alice, 0);
    const a1 = await transfer(chain, alice, 1);
    expect((await refusal(chain, () => transfer(chain, bob, 0), 'PoolFull')).status).toBe(503);
    await transfer(chain, bob, 0, 5n);
    // Alice's last one went, not her first: no gap opens.
    expect(chain.pool.has(a0)).toBe(true);
    expect(chain.pool.has(a1)).toBe(false);
  });

  it('a block takes ready transactions by fee across accounts, each account in nonce order', async () => {
    const chain = makeChain({ instant: false });
    const cheap = await transfer(chain, alice, 0);
    const rich0 = await transfer(chain, bob, 0, 100n);
    const rich1 = await transfer(chain, bob, 1, 100n);
    const mid = await transfer(chain, charlie, 0, 50n);
    chain.produceBlock();
    const order = [rich0, rich1, mid, cheap].map((h) => chain.history.get(h)!.index);
    expect(order).toEqual([0, 1, 2, 3]);
    checkInvariants(chain);
  });

  it('a drop inside an account chain makes the rest unready again (they wait, then expire)', async () => {
    let now = 0;
    const poor = Sr25519Account.fromUri('//PoolPolicyPoor');
    const chain = makeChain({ instant: false, now: () => now });
    chain.faucet(poor.address, DEV);
    // The first spends nearly everything: the second cannot pay its fee when the block comes, the third waits.
    const fee = chain.fee(encodeCall('balances', 'transferKeepAlive', { dest: bob.address, value: '1' }), {
      signerAddress: poor.address,
    }).totalFee;
    await transfer(chain, poor, 0, 0n, String(DEV - fee - fee / 2n));
    const second = await transfer(chain, poor, 1);
    const third = await transfer(chain, poor, 2);
    chain.produceBlock();
    expect(chain.droppedReason(second)).toContain('Inability to pay');
    expect(chain.pool.has(third)).toBe(true);
    expect(chain.pool.futureSize).toBe(1);
    now += 60_000;
    chain.produceBlock();
    expect(chain.droppedReason(third)).toBe(FUTURE_EXPIRED);
  });
});

describe('--instant', () => {
  it('makes no block for a transaction that cannot be included, and one when its gap is filled', async () => {
    const chain = makeChain({ instant: true });
    const head = chain.headNumber;
    const later = await transfer(chain, alice, 1);
    expect(chain.headNumber).toBe(head);
    const first = await transfer(chain, alice, 0);
    expect(chain.headNumber).toBe(head + 1);
    expect(chain.history.get(first)?.blockNumber).toBe(head + 1);
    expect(chain.history.get(later)?.blockNumber).toBe(head + 1);
  });
});

describe('flood', () => {
  it('80 funded accounts fill the pool with gapped nonces; honest transfers are still accepted and included', async () => {
    // The flood (80 accounts × 256 gapped nonces into 20 000 places) scaled down, limits included, so it
    // signs in seconds: 80 × 6 gapped transfers into 2 000 places, 300 of them for futures, 4 per account.
    const policy = { capacity: 2_000, futureCapacity: 300, futurePerAccount: 4 };
    const chain = makeChain({ instant: true, pool: policy });
    const flooders = funded(chain, 'Flooder', 80);
    const head = chain.headNumber;
    const refused = new Map<string, number>();
    let honest = 0;
    const honestHashes: string[] = [];
    for (let n = 1; n <= 6; n++) {
      for (const f of flooders) {
        try {
          await transfer(chain, f, n);
        } catch (e) {
          if (!(e instanceof TxRefusedError)) throw e;
          refused.set(e.code, (refused.get(e.code) ?? 0) + 1);
        }
      }
      // Between every round of the flood, Alice and Charlie pay someone: accepted and in a block at once.
      for (const who of [alice, charlie]) {
        const hash = await transfer(chain, who, chain.nextIndex(who.address));
        honest++;
        honestHashes.push(hash);
        expect(chain.history.get(hash)?.success, `honest transfer ${honest}`).toBe(true);
      }
    }
    expect(chain.pool.futureSize).toBe(policy.futureCapacity);
    expect(chain.pool.size).toBe(policy.futureCapacity);
    // Rounds 1–4 fill the future queue (the last 20 accounts find it full in round 4); then the 60 accounts holding
    // 4 each hit their own limit, and the other 20 the full queue.
    expect(Object.fromEntries(refused)).toEqual({ FutureLimit: 60 * 2, PoolFull: 20 * 3 });
    // No block for the flood: one per honest transfer, nothing more.
    expect(chain.headNumber).toBe(head + honest);
    expect(new Set(honestHashes.map((h) => chain.history.get(h)!.blockNumber)).size).toBe(honest);
    checkInvariants(chain);
  }, 120_000);
});
