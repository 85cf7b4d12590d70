import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Chain } from '../src/chain/chain.js';
import { openDb } from '../src/database.js';
import { indexChain } from '../src/indexer/writer.js';
import { NFTS_CONFIG } from '../src/runtime/nfts/config.js';
import { alice, bob } from './helpers/accounts.js';
import { getJson, submitOverHttp } from './helpers/fetchClient.js';
import { checkInvariants } from './helpers/invariants.js';
import { killDuringWrites, spawnDevnet, stopChild } from './helpers/process.js';

const dir = mkdtempSync(join(tmpdir(), 'nftkit-devnet-nfts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('pallet-nfts durability: kill -9 during a burst of mints, restart', () => {
  it('keeps every mint whose status said in-block, with counters and deposits that agree', async () => {
    const db = join(dir, 'chain.sqlite');
    const first = await spawnDevnet(['--port', '0', '--db', db, '--reset', '--block-time', '20']);
    const createHash = await submitOverHttp(first.url, alice, '/pallet-nfts/collection/create', {});
    const created = await getJson(
      `${first.url}/pallet-nfts/collection/create/status/${createHash}?waitMs=10000`,
    );
    expect(created.status).toBe(200);
    const collectionId = Number((created.body.result as { collectionId: number }).collectionId);
    const { nextIndex } = (await getJson(`${first.url}/accounts/next_index?address=${alice.address}`))
      .body as {
      nextIndex: number;
    };

    const confirmed = await killDuringWrites(
      first.child,
      { senders: 1, perSender: 300, minConfirmed: 20 },
      async (_sender, i) => {
        const itemId = i + 1;
        const hash = await submitOverHttp(
          first.url,
          alice,
          '/pallet-nfts/items/mint',
          { collectionId, itemId, mintTo: bob.address },
          { nonce: nextIndex + i },
        );
        const st = await getJson(`${first.url}/pallet-nfts/items/mint/status/${hash}?waitMs=5000`);
        return st.status === 200 ? itemId : undefined;
      },
    );

    // The database as the killed process left it: whole blocks only, counters matching rows.
    const chain = new Chain({ index: indexChain, db: openDb({ path: db }), instant: true });
    try {
      const rows = chain.storage.db
        .prepare('SELECT item_id FROM nfts_items WHERE collection_id = ? ORDER BY item_id')
        .pluck()
        .all(collectionId) as number[];
      for (const id of confirmed) expect(rows).toContain(id);
      const details = chain.storage.db
        .prepare('SELECT items, item_configs FROM nfts_collections WHERE id = ?')
        .get(collectionId) as { items: number; item_configs: number };
      expect(details).toEqual({ items: rows.length, item_configs: rows.length });
      const reserved = chain.storage.system.account(alice.address).reserved;
      expect(reserved).toBe(NFTS_CONFIG.collectionDeposit + BigInt(rows.length) * NFTS_CONFIG.itemDeposit);
      checkInvariants(chain);
    } finally {
      chain.storage.db.close();
    }

    // A restart serves the same state and keeps minting.
    const second = await spawnDevnet(['--port', '0', '--db', db, '--block-time', '20']);
    try {
      const c = await getJson(`${second.url}/pallet-nfts/collection/get?collectionId=${collectionId}`);
      expect(c.status).toBe(200);
      const items = Number(c.body.items);
      expect(items).toBeGreaterThanOrEqual(confirmed.length);
      const next = (
        (await getJson(`${second.url}/accounts/next_index?address=${alice.address}`)).body as {
          nextIndex: number;
        }
      ).nextIndex;
      const hash = await submitOverHttp(
        second.url,
        alice,
        '/pallet-nfts/items/mint',
        { collectionId, itemId: 10_000, mintTo: bob.address },
        { nonce: next },
      );
      const st = await getJson(`${second.url}/pallet-nfts/items/mint/status/${hash}?waitMs=10000`);
      expect(st.status).toBe(200);
      expect((st.body.result as { owner: string }).owner).toBe(bob.address);
      const after = await getJson(`${second.url}/pallet-nfts/collection/get?collectionId=${collectionId}`);
      expect(after.body.items).toBe(items + 1);
    } finally {
      await stopChild(second.child);
    }
  }, 120_000);
});
