import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Sr25519Account } from '@nftkit/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { Chain } from '../src/chain/chain.js';
import { revertTo, takeSnapshot } from '../src/chain/devTools.js';
import { openDb } from '../src/database.js';
import { INDEXER_HANDLERS } from '../src/indexer/handlers.js';
import { INDEX_BATCH_BLOCKS, INDEXER_HEAD_KEY, indexChain } from '../src/indexer/writer.js';
import { alice, bob, charlie, eve, type TestAccount } from './helpers/accounts.js';
import { makeChain, run, submit } from './helpers/chain.js';
import { checkIndexerAgrees } from './helpers/indexerInvariants.js';

// Blocks that change only accounts are indexed in batches: each account's rows are written once per batch. Whatever
// the batches, the rows must be those that indexing each block with it gives, and every reader sees them as of the head.

const TABLES = [
  'ix_accounts',
  'ix_coin_balances',
  'ix_coin_transfers',
  'ix_event_addresses',
  'ix_event_calls',
  'ix_collections',
  'ix_nfts',
  'ix_token_balances',
];

/** Every row of the indexer's own tables, in a fixed order (the genesis block's time, the chain's start, left out). */
function indexRows(chain: Chain): Record<string, string[]> {
  const genesisAt = String(
    chain.storage.db.prepare('SELECT timestamp FROM blocks WHERE number = 0').pluck().get(),
  );
  return Object.fromEntries(
    TABLES.map((t) => [
      t,
      chain.storage.db
        .prepare(`SELECT * FROM ${t}`)
        .all()
        .map((r) => JSON.stringify(r).replaceAll(genesisAt, 'genesis'))
        .sort(),
    ]),
  );
}

/** An account the genesis does not endow: its rows are created by the blocks below. */
const newcomer = Sr25519Account.fromUri('//IndexBatchNewcomer');

const pendingOf = (chain: Chain) => chain.index?.pending ?? 0;
const indexerHead = (chain: Chain) => Number(chain.storage.meta.get(INDEXER_HEAD_KEY));

type Step = [TestAccount, string, string, Record<string, unknown>];
const pay = (from: TestAccount, to: TestAccount, value: string): Step => [
  from,
  'balances',
  'transferKeepAlive',
  { dest: to.address, value },
];
/** Transfers (a new account among them), a collection and a token, then transfers again. */
const STEPS: Step[] = [
  pay(alice, bob, '1000'),
  pay(bob, charlie, '7'),
  pay(alice, newcomer, '10000000000000000000'),
  pay(newcomer, eve, '3'),
  pay(alice, bob, '5'),
  [
    alice,
    'unique',
    'createCollectionEx',
    { data: { mode: 'NFT', name: 'B', description: 'b', tokenPrefix: 'B' } },
  ],
  [alice, 'unique', 'createItem', { collectionId: 1, owner: bob.address, data: { NFT: {} } }],
  pay(bob, alice, '11'),
  pay(eve, newcomer, '1'),
  pay(charlie, bob, '2'),
];

/** Runs {@link STEPS}, one block each at fixed times; `eachBlock` runs after every block. */
async function play(chain: Chain, eachBlock: () => void): Promise<void> {
  let at = 1_800_000_000_000;
  for (const [who, section, method, args] of STEPS) {
    await submit(chain, who, section, method, args);
    at += 6000;
    chain.produceBlock(at);
    chain.commit();
    eachBlock();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'nftkit-index-batch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('indexing blocks in batches', () => {
  it('gives the rows indexing each block gives: created and updated blocks, signers, transfers', async () => {
    const oneByOne = makeChain({ instant: false });
    await play(oneByOne, () => {
      oneByOne.settleIndex();
      expect(pendingOf(oneByOne)).toBe(0);
    });
    const batched = makeChain({ instant: false });
    let waited = 0;
    await play(batched, () => {
      waited = Math.max(waited, pendingOf(batched));
    });
    // Transfers waited for a batch; the collection's block wrote the batch before it and its own rows.
    expect(waited).toBe(5);
    expect(pendingOf(batched)).toBe(3);
    batched.settleIndex();
    expect(indexerHead(batched)).toBe(batched.headNumber);
    expect(indexRows(batched)).toEqual(indexRows(oneByOne));
    // The rows say what they would say had they been written with each block (the newcomer: created in block 3, updated in 9).
    const newcomerRow = batched.storage.db
      .prepare('SELECT created_block, updated_block FROM ix_coin_balances WHERE address = ?')
      .get(newcomer.address);
    expect(newcomerRow).toEqual({ created_block: 3, updated_block: 9 });
    checkIndexerAgrees(batched);
    oneByOne.stop();
    batched.stop();
  });

  it('are written before an indexer route answers', async () => {
    const chain = makeChain();
    const before = INDEXER_HANDLERS.coinBalance(chain.storage.db, { address: bob.address }) as {
      free: string;
    };
    await run(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1000' });
    chain.commit();
    expect(pendingOf(chain)).toBe(1);
    const after = INDEXER_HANDLERS.coinBalance(chain.storage.db, { address: bob.address }) as {
      free: string;
    };
    expect(BigInt(after.free) - BigInt(before.free)).toBe(1000n);
    expect(pendingOf(chain)).toBe(0);
    chain.stop();
  });

  it(`are written once ${INDEX_BATCH_BLOCKS} blocks wait, and once the chain is idle`, async () => {
    const chain = makeChain();
    for (let i = 0; i < INDEX_BATCH_BLOCKS - 1; i++)
      await run(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1' });
    expect(pendingOf(chain)).toBe(INDEX_BATCH_BLOCKS - 1);
    await run(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1' });
    expect(pendingOf(chain)).toBe(0);
    await run(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1' });
    chain.commit();
    expect(pendingOf(chain)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pendingOf(chain)).toBe(0);
    expect(indexerHead(chain)).toBe(chain.headNumber);
    chain.stop();
  });

  it('a batch a crash lost is indexed again at the next start', async () => {
    const path = join(dir, 'crash.sqlite');
    const db = openDb({ path, reset: true });
    let chain = new Chain({ index: indexChain, db, instant: true });
    for (const to of [bob, charlie, eve])
      await run(chain, alice, 'balances', 'transferKeepAlive', { dest: to.address, value: '1000' });
    chain.commit();
    expect(pendingOf(chain)).toBe(3);
    const head = chain.headNumber;
    // Killed: the blocks are in the file, their index rows were not written.
    db.close();
    chain = new Chain({ index: indexChain, db: openDb({ path }), instant: true });
    expect(chain.headNumber).toBe(head);
    expect(indexerHead(chain)).toBe(head);
    checkIndexerAgrees(chain);
    chain.stop();
    chain.storage.db.close();
  });

  it('a snapshot is taken behind them, and a revert gives the rows back as they were', async () => {
    const chain = makeChain();
    await run(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1000' });
    chain.commit();
    expect(pendingOf(chain)).toBe(1);
    const id = takeSnapshot(chain);
    expect(pendingOf(chain)).toBe(0);
    const rows = indexRows(chain);
    // While a snapshot is held every block's rows are written with it: its end is a point to go back to.
    await run(chain, bob, 'balances', 'transferKeepAlive', { dest: charlie.address, value: '5' });
    expect(pendingOf(chain)).toBe(0);
    revertTo(chain, BigInt(id));
    expect(indexRows(chain)).toEqual(rows);
    checkIndexerAgrees(chain);
    chain.stop();
  });
});
