import { describe, expect, it } from 'vitest';
import { indexEvents } from '../src/indexer/eventIndex.js';
import { IndexerWriter } from '../src/indexer/writer.js';
import { forgetCachedRows } from '../src/storage/rowCache.js';
import { alice, bob } from './helpers/accounts.js';
import { makeChain, run } from './helpers/chain.js';

// A block is indexed from the rows the chain has just written, handed over in memory; a database indexed later
// (an older devnet's) is indexed from the same rows read back. Both must give the same history rows.
const HISTORY = [
  'ix_blocks',
  'ix_extrinsics',
  'ix_events',
  'ix_event_addresses',
  'ix_event_calls',
  'ix_coin_transfers',
  'ix_token_transfers',
  'ix_token_balances',
];
/** The indexer's own rows (its blocks, extrinsics and events are views of the chain's). */
const VIEWS = ['ix_blocks', 'ix_extrinsics', 'ix_events'];
const INDEXER_TABLES = [
  ...HISTORY.filter((t) => !VIEWS.includes(t)),
  'ix_accounts',
  'ix_coin_balances',
  'ix_collections',
  'ix_collection_admins',
  'ix_nfts',
  'ix_nft_attributes',
  'ix_nft_royalties',
];

describe('indexing a block', () => {
  it('from the rows in memory gives what reading them back gives', async () => {
    const chain = makeChain();
    await run(chain, alice, 'balances', 'transferKeepAlive', { dest: bob.address, value: '1000' });
    await run(chain, alice, 'unique', 'createCollectionEx', {
      data: { mode: 'NFT', name: 'R', description: 'r', tokenPrefix: 'R' },
    });
    await run(chain, alice, 'unique', 'createMultipleItemsEx', {
      collectionId: 1,
      items: [{ owner: alice.address }, { owner: bob.address }],
    });
    await run(chain, alice, 'unique', 'transfer', {
      collectionId: 1,
      itemId: 1,
      recipient: bob.address,
      value: '1',
    });
    // A failing call: included, charged, its events are the failure's.
    await run(chain, bob, 'unique', 'transfer', {
      collectionId: 1,
      itemId: 99,
      recipient: alice.address,
      value: '1',
    });
    chain.commit();
    const db = chain.storage.db;
    const dump = () =>
      Object.fromEntries(
        HISTORY.map((t) => [
          t,
          db
            .prepare(`SELECT * FROM ${t}`)
            .all()
            .map((r) => JSON.stringify(r))
            .sort(),
        ]),
      );
    // The rows that find events are written with a batch of blocks (or when a read asks for them).
    indexEvents(db);
    const live = dump();
    expect(live.ix_event_addresses!.length).toBeGreaterThan(10);
    expect(live.ix_event_calls).toHaveLength(live.ix_events!.length);
    expect(live.ix_extrinsics).toHaveLength(5);
    expect(live.ix_events!.length).toBeGreaterThan(10);

    db.transaction(() => {
      for (const t of INDEXER_TABLES) db.exec(`DELETE FROM ${t}`);
      db.prepare("DELETE FROM meta WHERE key = 'indexer_head'").run();
    })();
    // As a devnet opening that database would: nothing of it in memory.
    forgetCachedRows(db);
    new IndexerWriter(chain.storage).catchUp();
    expect(dump()).toEqual(live);
    chain.stop();
  });
});
