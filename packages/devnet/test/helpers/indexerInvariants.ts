import { expect } from 'vitest';
import type { Chain } from '../../src/chain/chain.js';
import { unpadAmount } from '../../src/indexer/amounts.js';
import { collectionRow } from '../../src/indexer/rows/collection.js';
import { liveToken, nftRow } from '../../src/indexer/rows/nft.js';
import { INDEXER_HEAD_KEY } from '../../src/indexer/writer.js';

/**
 * Checks that the indexer's rows say what the chain state says: one live NFT row per token (NFT or refungible)
 * with its owner, NFT token balances equal to ownership, a coin balance per account, a live collection row per collection (and no
 * live row for a destroyed one), one history row per block, extrinsic and event, and no pending change.
 */
export function checkIndexerAgrees(chain: Chain): void {
  // A reader of the index settles the blocks whose rows wait for a batch first, as the REST routes do.
  chain.settleIndex();
  const db = chain.storage.db;
  const rows = <T>(sql: string) => db.prepare(sql).all() as T[];
  expect(Number(chain.storage.meta.get(INDEXER_HEAD_KEY))).toBe(chain.headNumber);

  const tokens = rows<{ c: number; t: number; owner: string }>(
    'SELECT collection_id AS c, token_id AS t, owner FROM tokens ORDER BY 1, 2',
  );
  const live = rows<{ c: number; t: number; owner: string }>(
    'SELECT collection_id AS c, token_id AS t, owner FROM ix_nfts WHERE is_burned = 0 ORDER BY 1, 2',
  );
  // Refungible tokens have rows too, owned by the holder of every piece or the many-owners address.
  const rfts = rows<{ c: number; t: number }>(
    'SELECT collection_id AS c, token_id AS t FROM rft_tokens ORDER BY 1, 2',
  ).map(({ c, t }) => ({ c, t, owner: liveToken(chain.storage, c, t)?.owner }));
  expect(live).toEqual([...tokens, ...rfts].sort((a, b) => a.c - b.c || a.t - b.t));
  // Every stored row is what the current state rebuilds (nothing stale: topmost owners, bundles, metadata).
  for (const n of rows<{ c: number; t: number; row: string }>(
    'SELECT collection_id AS c, token_id AS t, row FROM ix_nfts WHERE is_burned = 0',
  ))
    expect(JSON.parse(n.row), `nft ${n.c}/${n.t}`).toEqual(
      JSON.parse(JSON.stringify(nftRow(chain.storage, liveToken(chain.storage, n.c, n.t)!))),
    );
  for (const c of rows<{ id: number; row: string }>(
    'SELECT collection_id AS id, row FROM ix_collections WHERE is_burned = 0',
  ))
    expect(JSON.parse(c.row), `collection ${c.id}`).toEqual(
      JSON.parse(JSON.stringify(collectionRow(chain.storage, chain.storage.common.collection(c.id)!))),
    );

  const nftBalances = rows<{ c: number; t: number; a: string; amount: string }>(
    `SELECT b.collection_id AS c, b.token_id AS t, b.address AS a, b.amount FROM ix_token_balances b
     JOIN collections c ON c.id = b.collection_id WHERE c.mode = 'NFT' ORDER BY 1, 2, 3`,
  );
  expect(nftBalances.map((b) => ({ c: b.c, t: b.t, owner: b.a, amount: unpadAmount(b.amount) }))).toEqual(
    tokens.map((t) => ({ ...t, amount: '1' })),
  );

  // Fungible and refungible balances, kept from event amounts, equal the pallets' balances.
  const tables = new Set(
    rows<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").map((r) => r.name),
  );
  const indexedIn = (mode: string) =>
    rows<{ c: number; t: number; a: string; amount: string }>(
      `SELECT b.collection_id AS c, b.token_id AS t, b.address AS a, b.amount FROM ix_token_balances b
       JOIN collections c ON c.id = b.collection_id WHERE c.mode = '${mode}' ORDER BY 1, 2, 3`,
    ).map((b) => ({ ...b, amount: unpadAmount(b.amount) }));
  if (tables.has('fungible_balances'))
    expect(indexedIn('Fungible')).toEqual(
      rows<{ c: number; t: number; a: string; amount: string }>(
        "SELECT collection_id AS c, 0 AS t, account AS a, balance AS amount FROM fungible_balances WHERE balance != '0' ORDER BY 1, 2, 3",
      ),
    );
  if (tables.has('rft_balances'))
    expect(indexedIn('ReFungible')).toEqual(
      rows<{ c: number; t: number; a: string; amount: string }>(
        "SELECT collection_id AS c, token_id AS t, account AS a, pieces AS amount FROM rft_balances WHERE pieces != '0' ORDER BY 1, 2, 3",
      ),
    );

  const accounts = chain.storage.system.allAccounts();
  const balances = new Map(
    rows<{ address: string; free: string; reserved: string; locked: string }>(
      'SELECT address, free, reserved, locked FROM ix_coin_balances',
    ).map((r) => [r.address, r]),
  );
  for (const a of accounts) {
    const b = balances.get(a.address);
    expect(b, `coin balance of ${a.address}`).toBeDefined();
    expect(unpadAmount(b!.free)).toBe(String(a.free));
    expect(unpadAmount(b!.reserved)).toBe(String(a.reserved));
    expect(unpadAmount(b!.locked)).toBe(String(a.frozen));
  }
  const known = new Set(rows<{ address: string }>('SELECT address FROM ix_accounts').map((r) => r.address));
  for (const a of accounts) expect(known.has(a.address), `account ${a.address}`).toBe(true);

  const collections = rows<{ id: number; owner: string; name: string; minted: number }>(
    'SELECT id, owner, name, tokens_minted AS minted FROM collections ORDER BY id',
  );
  const liveCollections = rows<{ id: number; owner: string; name: string; minted: number }>(
    'SELECT collection_id AS id, owner, name, last_token_id AS minted FROM ix_collections WHERE is_burned = 0 ORDER BY 1',
  );
  expect(liveCollections).toEqual(collections);

  const count = (sql: string) => (db.prepare(sql).pluck().get() as number) ?? 0;
  expect(count('SELECT COUNT(*) FROM ix_blocks')).toBe(count('SELECT COUNT(*) FROM blocks'));
  expect(count('SELECT COUNT(*) FROM ix_extrinsics')).toBe(count('SELECT COUNT(*) FROM extrinsics'));
  expect(count('SELECT COUNT(*) FROM ix_events')).toBe(count('SELECT COUNT(*) FROM events'));
  expect(
    count(
      "SELECT COUNT(*) FROM ix_token_transfers t JOIN ix_events e ON e.id = t.event_id WHERE e.section = 'common' AND e.method = 'Transfer'",
    ),
  ).toBe(count("SELECT COUNT(*) FROM events WHERE section = 'common' AND method = 'Transfer'"));
  expect(
    count(
      'SELECT (SELECT COUNT(*) FROM ix_dirty_accounts) + (SELECT COUNT(*) FROM ix_dirty_collections) + (SELECT COUNT(*) FROM ix_dirty_tokens)',
    ),
  ).toBe(0);
}
