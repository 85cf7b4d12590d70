import { type Account, UniqueChain } from '@nftkit/sdk';
import { describe, expect, it } from 'vitest';
import { alice, bob, charlie } from './helpers/accounts.js';
import { devnetForFile } from './helpers/devnet.js';
import { checkInvariants } from './helpers/invariants.js';

// 20 writes started at once from one sdk account all got the same nonce; 1 succeeded, 19 were
// refused. The sdk now assigns nonces per account in-process.
const devnet = devnetForFile();
const statusOptions = { retries: 100, timeout: 100 };

const nonces = (address: string, from: number) =>
  (
    devnet.chain.storage.db
      .prepare('SELECT nonce FROM extrinsics WHERE signer = ? AND nonce >= ? ORDER BY block_number, idx')
      .all(address, from) as { nonce: number }[]
  ).map((r) => r.nonce);

describe('concurrent writes from one sdk account', () => {
  for (const n of [20, 50])
    it(`${n} started at once all succeed, with consecutive nonces`, async () => {
      const sdk = UniqueChain({ baseUrl: devnet.url, account: alice, statusOptions });
      const start = devnet.chain.nextIndex(alice.address);
      const results = await Promise.allSettled(
        Array.from({ length: n }, (_, i) => sdk.balance.transfer({ to: bob.address, amount: String(i + 1) })),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      expect(nonces(alice.address, start)).toEqual(Array.from({ length: n }, (_, i) => start + i));
      checkInvariants(devnet.chain);
    });

  it('a failed write costs only itself: the writes around it succeed, without a nonce gap', async () => {
    const sdk = UniqueChain({ baseUrl: devnet.url, account: charlie, statusOptions });
    const start = devnet.chain.nextIndex(charlie.address);
    // The wallet refuses to sign the third write: its nonce is never used.
    const refusing: Account = {
      address: charlie.address,
      signer: {
        sign: async () => {
          throw new Error('User rejected the request');
        },
      },
    };
    const writes = Array.from({ length: 8 }, (_, i) =>
      sdk.balance.transfer({ to: bob.address, amount: '1' }, undefined, i === 2 ? refusing : undefined),
    );
    const results = await Promise.allSettled(writes);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(nonces(charlie.address, start)).toEqual(Array.from({ length: 7 }, (_, i) => start + i));
  });

  it('a write the account made elsewhere does not disturb it: the chain chooses past it', async () => {
    const sdk = UniqueChain({ baseUrl: devnet.url, account: alice, statusOptions });
    await sdk.balance.transfer({ to: bob.address, amount: '1' });
    // Another client of the same account writes with an explicit nonce: the nonce the first client would use next.
    const other = UniqueChain({ baseUrl: devnet.url, account: alice, statusOptions });
    const next = devnet.chain.nextIndex(alice.address);
    await other.balance.transfer({ to: bob.address, amount: '1' }, { nonce: next });
    const after = await Promise.allSettled(
      Array.from({ length: 5 }, () => sdk.balance.transfer({ to: bob.address, amount: '1' })),
    );
    expect(after.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(nonces(alice.address, next)).toEqual(Array.from({ length: 6 }, (_, i) => next + i));
  });
});
