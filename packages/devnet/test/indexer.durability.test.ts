import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Chain } from '../src/chain/chain.js';
import { openDb } from '../src/database.js';
import { INDEXER_HANDLERS } from '../src/indexer/handlers.js';
import { INDEXER_HEAD_KEY, indexChain } from '../src/indexer/writer.js';
import { alice, bob, charlie, dave } from './helpers/accounts.js';
import { getJson, submitOverHttp } from './helpers/fetchClient.js';
import { checkIndexerAgrees } from './helpers/indexerInvariants.js';
import { checkInvariants } from './helpers/invariants.js';
import { spawnDevnet, stopChild } from './helpers/process.js';

const dir = mkdtempSync(join(tmpdir(), 'nftkit-indexer-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('indexer durability', () => {
  it('kill -9 during a burst of writes leaves the indexer and the chain consistent, and a restart keeps indexing', async () => {
    const db = join(dir, 'kill.sqlite');
    const first = await spawnDevnet(['--port', '0', '--db', db, '--reset', '--block-time', '20']);
    await submitOverHttp(first.url, alice, '/collection/create', {
      mode: 'Nft',
      name: 'K',
      description: 'k',
      symbol: 'K',
      info: {},
    });
    let stop = false;
    let confirmed = 0;
    const errors: unknown[] = [];
    const burst = async (
      who: typeof alice,
      n: number,
      first_nonce: number,
      write: (i: number) => [string, unknown],
    ) => {
      for (let i = 0; i < n && !stop; i++) {
        try {
          const [route, args] = write(i);
          const hash = await submitOverHttp(first.url, who, route, args, { nonce: first_nonce + i });
          const st = await getJson(`${first.url}${route}/status/${hash}?waitMs=5000`);
          if (st.status === 200) confirmed++;
        } catch (e) {
          if (!stop) errors.push(e);
          return;
        }
      }
    };
    const writers = [
      burst(alice, 300, 1, (i) => [
        '/token/nfts/mint',
        {
          collectionId: 1,
          tokens: [{ owner: i % 2 ? bob.address : charlie.address, data: { name: `T${i}` } }],
        },
      ]),
      burst(bob, 300, 0, (i) => ['/balances/transfer', { to: dave.address, amount: String(1000 + i) }]),
    ];
    // Wait until the collection exists before bob's transfers of tokens would make sense; count confirmed writes.
    while (confirmed < 40 && errors.length === 0) await new Promise((r) => setTimeout(r, 20));
    expect(errors).toEqual([]);
    stop = true;
    await stopChild(first.child, 'SIGKILL');
    await Promise.all(writers);

    const reopened = () => new Chain({ index: indexChain, db: openDb({ path: db }) });
    let chain = reopened();
    checkInvariants(chain);
    checkIndexerAgrees(chain);
    chain.storage.db.close();

    const second = await spawnDevnet(['--port', '0', '--db', db, '--instant']);
    try {
      const hash = await submitOverHttp(second.url, charlie, '/balances/transfer', {
        to: dave.address,
        amount: '7',
      });
      expect((await getJson(`${second.url}/balances/transfer/status/${hash}?waitMs=5000`)).status).toBe(200);
      const listed = await getJson(`${second.url}/indexer/extrinsics/${hash}`);
      expect(listed.status).toBe(200);
      expect(listed.body).toMatchObject({ hash, signer: charlie.address });
    } finally {
      await stopChild(second.child);
    }
    chain = reopened();
    checkIndexerAgrees(chain);
    chain.storage.db.close();
  }, 180_000);

  it('a database written before the indexer existed is indexed once at startup, like one indexed all along', async () => {
    const db = join(dir, 'backfill.sqlite');
    const a = await spawnDevnet(['--port', '0', '--db', db, '--reset', '--instant']);
    try {
      await submitOverHttp(a.url, alice, '/collection/create', {
        mode: 'Nft',
        name: 'Old',
        description: 'o',
        symbol: 'O',
        info: {},
      });
      await submitOverHttp(a.url, alice, '/token/nfts/mint', {
        collectionId: 1,
        tokens: [
          { owner: bob.address, data: { name: 'one', attributes: [{ trait_type: 'x', value: 1 }] } },
          { owner: charlie.address, data: { name: 'two' } },
        ],
      });
      await submitOverHttp(a.url, bob, '/token/transfer-from', {
        collectionId: 1,
        tokenId: 1,
        to: dave.address,
      });
      await submitOverHttp(a.url, alice, '/balances/transfer', { to: dave.address, amount: '5' });
    } finally {
      await stopChild(a.child);
    }
    const answers = (chain: Chain) => {
      const d = chain.storage.db;
      const strip = (list: { items: Record<string, unknown>[] }) =>
        list.items.map(({ updatedAt, updatedAtBlockNumber, fetchedAtBlockNumber, ...rest }) => rest);
      return {
        nfts: strip(INDEXER_HANDLERS.nfts(d, {}) as never),
        collections: strip(INDEXER_HANDLERS.collections(d, {}) as never),
        tokens: strip(INDEXER_HANDLERS.tokenBalances(d, {}) as never),
        accounts: strip(INDEXER_HANDLERS.accounts(d, {}) as never),
        balances: strip(INDEXER_HANDLERS.coinBalances(d, {}) as never),
        transfers: INDEXER_HANDLERS.tokenTransfers(d, {}),
        coinTransfers: INDEXER_HANDLERS.balanceTransfers(d, {}),
        blocks: INDEXER_HANDLERS.blocks(d, {}),
        extrinsics: INDEXER_HANDLERS.extrinsics(d, {}),
        events: INDEXER_HANDLERS.events(d, { limit: 1000 }),
      };
    };
    let chain = new Chain({ index: indexChain, db: openDb({ path: db }) });
    const indexedAllAlong = answers(chain);
    expect(indexedAllAlong.nfts).toHaveLength(2);
    // Make it an old database: no indexer rows, no indexer head.
    const tables = chain.storage.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'ix\\_%' ESCAPE '\\'")
      .pluck()
      .all() as string[];
    for (const t of tables) chain.storage.db.exec(`DELETE FROM ${t}`);
    chain.storage.db.prepare('DELETE FROM meta WHERE key = ?').run(INDEXER_HEAD_KEY);
    chain.storage.db.close();

    chain = new Chain({ index: indexChain, db: openDb({ path: db }) });
    expect(answers(chain)).toEqual(indexedAllAlong);
    checkIndexerAgrees(chain);
    chain.storage.db.close();
  }, 120_000);
});
