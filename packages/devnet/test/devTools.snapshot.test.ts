import { encodeFunctionData, getContractAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { DevToolError } from '../src/chain/devToolError.js';
import { revertTo, takeSnapshot } from '../src/chain/devTools.js';
import { evmStorage } from '../src/runtime/evm/storage.js';
import { alice, bob } from './helpers/accounts.js';
import { makeChain, ok, submit } from './helpers/chain.js';
import {
  databaseDigest,
  ethDev,
  poolHashes,
  signedEth,
  tableRows,
  token20Deploy,
} from './helpers/devTools.js';
import { contract } from './helpers/evm.js';
import { createCollection, mint } from './helpers/fixtures.js';

// A snapshot is of the whole chain: every table (state, blocks, extrinsics, events, the indexer's rows, meta), the
// pool and the head. A revert puts all of it back, however the chain was written to since.

/** Writes of every kind: a collection and tokens (REST's extrinsics), a balance transfer, Ethereum transactions
 * (a deploy, a token transfer), the faucet, and a transaction left waiting in the pool. */
async function writeEverything(
  chain: ReturnType<typeof makeChain>,
  existing?: { collectionId: number; tokenId: number },
) {
  const collectionId = await createCollection(chain, { name: 'Snap' });
  await mint(chain, collectionId, bob.address);
  if (existing) {
    // Rows that were there before the snapshot are rewritten (`INSERT OR REPLACE`), not only added.
    await mint(chain, existing.collectionId, bob.address);
    await ok(chain, alice, 'unique', 'transfer', {
      recipient: bob.address,
      collectionId: existing.collectionId,
      itemId: existing.tokenId,
      value: '1',
    });
  }
  await ok(chain, bob, 'balances', 'transferKeepAlive', {
    dest: alice.address,
    value: String(5n * 10n ** 18n),
  });
  const me = ethDev(0).address;
  const nonce = Number(evmStorage(chain.storage).header(me).nonce);
  chain.submitEthereum(await signedEth(0, nonce, { data: token20Deploy('Snap', 1000n), gas: 3_000_000n }));
  const token = getContractAddress({ from: me, nonce: BigInt(nonce) });
  const transfer = encodeFunctionData({
    abi: contract('Token20').abi,
    functionName: 'transfer',
    args: [ethDev(1).address, 7n],
  });
  chain.submitEthereum(await signedEth(0, nonce + 1, { to: token, data: transfer, gas: 200_000n }));
  chain.faucet(bob.address, 3n * 10n ** 18n);
  chain.setMiningMode({ automine: false });
  const pending = await signedEth(2, 0, { to: ethDev(3).address, value: 1n });
  chain.submitEthereum(pending);
  chain.setMiningMode({ automine: true });
  chain.commit();
  return { collectionId, token };
}

describe('snapshot and revert (chain)', () => {
  it('put every table, the pool and the head back after writes of every kind', async () => {
    const chain = makeChain();
    await ok(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: String(10n ** 18n) });
    const collectionId = await createCollection(chain, { name: 'Before' });
    const tokenId = await mint(chain, collectionId, alice.address);
    chain.commit();
    const before = { digest: databaseDigest(chain.storage.db), rows: tableRows(chain.storage.db) };
    const head = { number: chain.headNumber, hash: chain.headHash, pool: poolHashes(chain) };

    const id = takeSnapshot(chain);
    const { token } = await writeEverything(chain, { collectionId, tokenId });
    expect(chain.headNumber).toBeGreaterThan(head.number);
    expect(chain.pool.size).toBe(1);
    expect(evmStorage(chain.storage).hasCode(token)).toBe(true);

    revertTo(chain, BigInt(id));
    expect(tableRows(chain.storage.db)).toEqual(before.rows);
    expect(databaseDigest(chain.storage.db)).toBe(before.digest);
    expect({ number: chain.headNumber, hash: chain.headHash, pool: poolHashes(chain) }).toEqual(head);
    // Nothing the replay wrote is left for the indexer to index again with the next block.
    for (const set of [
      'ix_dirty_accounts',
      'ix_dirty_collections',
      'ix_dirty_tokens',
      'ix_dirty_rft_parents',
    ])
      expect(chain.storage.db.prepare(`SELECT count(*) FROM temp.${set}`).pluck().get(), set).toBe(0);
    // Reads through the row caches see the restored rows, not what was cached before.
    expect(evmStorage(chain.storage).hasCode(token)).toBe(false);
    expect(chain.storage.system.account(bob.address).free).toBe(
      BigInt(
        before.rows.accounts!.map((r) => JSON.parse(r) as string[]).find((r) => r[0] === bob.address)![2]!,
      ),
    );
  });

  it('leave a chain that goes on as if the detour never happened: same block numbers, same nonces', async () => {
    const chain = makeChain();
    const id = takeSnapshot(chain);
    const head = chain.headNumber;
    await writeEverything(chain);
    revertTo(chain, BigInt(id));
    const rec = await ok(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1' });
    expect(rec.blockNumber).toBe(head + 1);
    expect(rec.nonce).toBe(0);
    // The Ethereum account's nonce is back too: a transaction at nonce 0 is taken again.
    chain.submitEthereum(await signedEth(0, 0, { to: ethDev(1).address, value: 1n }));
    expect(evmStorage(chain.storage).header(ethDev(0).address).nonce).toBe(1n);
  });

  it('revert once: the id and every later one are used up, earlier ones stay', async () => {
    const chain = makeChain();
    const first = takeSnapshot(chain);
    await ok(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1' });
    const atOne = databaseDigest(chain.storage.db);
    const second = takeSnapshot(chain);
    await ok(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '2' });
    const third = takeSnapshot(chain);
    expect([first, second, third]).toEqual([1, 2, 3]);

    revertTo(chain, BigInt(second));
    expect(databaseDigest(chain.storage.db)).toBe(atOne);
    for (const gone of [second, third]) {
      const e = (() => {
        try {
          revertTo(chain, BigInt(gone));
        } catch (err) {
          return err;
        }
      })();
      expect(e).toBeInstanceOf(DevToolError);
      expect(e).toMatchObject({ param: 'snapshotId', message: expect.stringMatching(/reverted already/) });
    }
    revertTo(chain, BigInt(first));
    expect(chain.headNumber).toBe(0);
    expect(() => revertTo(chain, BigInt(99))).toThrow(/no snapshot 99/);
  });

  it('a refused revert changes nothing', async () => {
    const chain = makeChain();
    const id = takeSnapshot(chain);
    await ok(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1' });
    revertTo(chain, BigInt(id));
    const digest = databaseDigest(chain.storage.db);
    expect(() => revertTo(chain, BigInt(id))).toThrow(DevToolError);
    expect(databaseDigest(chain.storage.db)).toBe(digest);
  });

  it('take a transaction that arrived after the snapshot out of the pool, and say why', async () => {
    const chain = makeChain();
    chain.setMiningMode({ automine: false });
    const kept = await submit(chain, alice, 'balances', 'transferKeepAlive', {
      dest: bob.address,
      value: '1',
    });
    const id = takeSnapshot(chain);
    const later = await submit(chain, bob, 'balances', 'transferKeepAlive', {
      dest: alice.address,
      value: '1',
    });
    expect(poolHashes(chain)).toEqual([kept, later]);
    revertTo(chain, BigInt(id));
    expect(poolHashes(chain)).toEqual([kept]);
    expect(chain.droppedReason(later)).toMatch(/went back to a snapshot/);
    // A block mined now includes what the pool held at the snapshot.
    chain.mine(1, 1000);
    expect(chain.history.get(kept)?.blockNumber).toBe(1);
  });

  it('give a snapshot up once the undo log holds more than its limit behind it', async () => {
    const chain = makeChain({ undoLimit: 40 });
    const id = takeSnapshot(chain);
    for (let i = 0; i < 5; i++)
      await ok(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1' });
    expect(() => revertTo(chain, BigInt(id))).toThrow(/given up/);
    // With no snapshot left the log stops: writes leave no undo records.
    const rows = () => chain.storage.db.prepare('SELECT count(*) FROM temp.devnet_undo').pluck().get();
    await ok(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1' });
    expect(rows()).toBe(0);
  });
});
