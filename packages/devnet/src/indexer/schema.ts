import { NESTING_ADDRESS_PREFIX } from '@nftkit/primitives';
import type Database from 'better-sqlite3';
import { UNLESS_REPLAYING } from '../storage/replaying.js';

// The indexer's tables, written in the same SQL transaction as the block they describe (see `IndexerWriter`).
// Amounts are stored as 40-digit zero-padded decimal TEXT: u128 has at most 39 digits, so text order is numeric
// order and range filters stay index-friendly. Times are epoch milliseconds. Rows with many fields (collections,
// NFTs) keep their answer as JSON next to the columns the filters and orderings need.
/** Tables of databases written before blocks, extrinsics and events became views of the chain's rows. */
const COPIED_HISTORY = ['ix_blocks', 'ix_extrinsics'];
const COPIED_EVENTS = 'ix_events';

/**
 * Drops the indexer's old copies of the chain's history, so {@link INDEXER_SCHEMA_SQL} can make its views. Without
 * its own events table the indexer's rows that name an event id would point at the chain's ids, which differ:
 * they are all dropped with the indexer's head, and the indexer rebuilds them from the chain when it starts
 * (`IndexerWriter.catchUp`).
 */
export function dropCopiedHistory(db: Database.Database): void {
  const kind = db.prepare<[string], string>('SELECT type FROM sqlite_master WHERE name = ?').pluck();
  for (const name of COPIED_HISTORY) if (kind.get(name) === 'table') db.exec(`DROP TABLE ${name}`);
  if (kind.get(COPIED_EVENTS) !== 'table') return;
  db.exec(`DROP TABLE ${COPIED_EVENTS}`);
  const tables = db
    .prepare<[], string>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'ix\\_%' ESCAPE '\\'",
    )
    .pluck()
    .all();
  for (const t of tables) db.exec(`DELETE FROM ${t}`);
  db.exec("DELETE FROM meta WHERE key LIKE 'indexer\\_%' ESCAPE '\\'");
}

export const INDEXER_SCHEMA_SQL = `
-- Blocks, extrinsics and events are read straight from the chain's own rows (append-only, never rewritten), through
-- views with the indexer's column names: keeping a second copy cost every block more rows and index entries than
-- the chain writes itself. What the chain's row lacks (a block's hash and time, an event's extrinsic) is a scalar
-- subquery rather than a join, so a count or a filter never touches the other tables and a page of rows looks
-- them up for its own rows only. Made anew on every opening, so a database always has the current definitions.
DROP VIEW IF EXISTS ix_blocks;
CREATE VIEW ix_blocks AS
  SELECT number, hash, parent_hash, timestamp FROM blocks;
DROP VIEW IF EXISTS ix_extrinsics;
CREATE VIEW ix_extrinsics AS
  SELECT x.hash, x.block_number, (SELECT b.hash FROM blocks b WHERE b.number = x.block_number) AS block_hash, x.idx,
    (SELECT b.timestamp FROM blocks b WHERE b.number = x.block_number) AS timestamp, x.signer, x.section, x.method,
    x.args, '0x' || lower(hex(x.encoded)) AS as_hex, x.success
  FROM extrinsics x;
DROP VIEW IF EXISTS ix_events;
CREATE VIEW ix_events AS
  SELECT e.id, e.block_number, e.extrinsic_idx, e.event_idx,
    (SELECT x.hash FROM extrinsics x WHERE x.block_number = e.block_number AND x.idx = e.extrinsic_idx)
      AS extrinsic_hash,
    (SELECT b.timestamp FROM blocks b WHERE b.number = e.block_number) AS timestamp, e.section, e.method, e.data
  FROM events e;

CREATE TABLE IF NOT EXISTS ix_event_addresses (
  address TEXT NOT NULL, event_id INTEGER NOT NULL, PRIMARY KEY (address, event_id)
) WITHOUT ROWID;

-- Which events are of a call (section and method), in id order: the events filter by call reads a page of the
-- newest off it. Written with a batch of blocks, as ix_event_addresses (indexer/eventIndex.ts).
CREATE TABLE IF NOT EXISTS ix_event_calls (
  section TEXT NOT NULL, method TEXT NOT NULL, event_id INTEGER NOT NULL, PRIMARY KEY (section, method, event_id)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS ix_accounts (
  address TEXT PRIMARY KEY,
  mirror TEXT NOT NULL,
  prototype TEXT,
  is_ethereum INTEGER NOT NULL,
  is_signer INTEGER NOT NULL DEFAULT 0,
  is_smart_contract INTEGER NOT NULL,
  created_block INTEGER NOT NULL,
  updated_block INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS ix_accounts_mirror ON ix_accounts(mirror);
CREATE INDEX IF NOT EXISTS ix_accounts_created ON ix_accounts(created_block, address);

CREATE TABLE IF NOT EXISTS ix_coin_balances (
  address TEXT PRIMARY KEY,
  available TEXT NOT NULL, locked TEXT NOT NULL, free TEXT NOT NULL, total TEXT NOT NULL,
  reserved TEXT NOT NULL, staked TEXT NOT NULL, unstaked TEXT NOT NULL, canstake TEXT NOT NULL,
  created_block INTEGER NOT NULL,
  updated_block INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS ix_coin_transfers (
  id INTEGER PRIMARY KEY,
  from_address TEXT NOT NULL,
  to_address TEXT NOT NULL,
  amount TEXT NOT NULL,
  event_id INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS ix_coin_transfers_from ON ix_coin_transfers(from_address);
CREATE INDEX IF NOT EXISTS ix_coin_transfers_to ON ix_coin_transfers(to_address);

CREATE TABLE IF NOT EXISTS ix_collections (
  collection_id INTEGER PRIMARY KEY,
  owner TEXT NOT NULL,
  mode TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  sponsor TEXT,
  last_token_id INTEGER NOT NULL,
  is_burned INTEGER NOT NULL DEFAULT 0,
  row TEXT NOT NULL,
  created_block INTEGER NOT NULL,
  updated_block INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS ix_collections_owner ON ix_collections(owner);

CREATE TABLE IF NOT EXISTS ix_collection_admins (
  address TEXT NOT NULL, collection_id INTEGER NOT NULL, PRIMARY KEY (address, collection_id)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS ix_nfts (
  collection_id INTEGER NOT NULL,
  token_id INTEGER NOT NULL,
  owner TEXT NOT NULL,
  topmost_owner TEXT,
  is_bundle INTEGER NOT NULL,
  is_burned INTEGER NOT NULL DEFAULT 0,
  row TEXT NOT NULL,
  created_block INTEGER NOT NULL,
  updated_block INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (collection_id, token_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS ix_nfts_collection_owner ON ix_nfts(collection_id, owner, token_id);
CREATE INDEX IF NOT EXISTS ix_nfts_owner ON ix_nfts(owner, collection_id, token_id);
CREATE INDEX IF NOT EXISTS ix_nfts_topmost ON ix_nfts(topmost_owner);
CREATE INDEX IF NOT EXISTS ix_nfts_created ON ix_nfts(created_block);

CREATE TABLE IF NOT EXISTS ix_nft_attributes (
  collection_id INTEGER NOT NULL, token_id INTEGER NOT NULL, idx INTEGER NOT NULL,
  trait_type TEXT NOT NULL, value TEXT NOT NULL,
  PRIMARY KEY (collection_id, token_id, idx)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS ix_nft_attributes_trait ON ix_nft_attributes(trait_type);
CREATE INDEX IF NOT EXISTS ix_nft_attributes_value ON ix_nft_attributes(value);

CREATE TABLE IF NOT EXISTS ix_nft_royalties (
  collection_id INTEGER NOT NULL, token_id INTEGER NOT NULL, address TEXT NOT NULL,
  PRIMARY KEY (collection_id, token_id, address)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS ix_nft_royalties_address ON ix_nft_royalties(address);

CREATE TABLE IF NOT EXISTS ix_token_balances (
  collection_id INTEGER NOT NULL,
  token_id INTEGER NOT NULL,
  address TEXT NOT NULL,
  amount TEXT NOT NULL,
  created_block INTEGER NOT NULL,
  updated_block INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (collection_id, token_id, address)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS ix_token_balances_address ON ix_token_balances(address, collection_id, token_id);

CREATE TABLE IF NOT EXISTS ix_token_transfers (
  id INTEGER PRIMARY KEY,
  collection_id INTEGER NOT NULL,
  token_id INTEGER NOT NULL,
  from_address TEXT NOT NULL,
  to_address TEXT NOT NULL,
  amount TEXT NOT NULL,
  event_id INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS ix_token_transfers_token ON ix_token_transfers(collection_id, token_id);
CREATE INDEX IF NOT EXISTS ix_token_transfers_from ON ix_token_transfers(from_address);
CREATE INDEX IF NOT EXISTS ix_token_transfers_to ON ix_token_transfers(to_address);

`;

const COLLECTION_TABLES = ['collection_properties', 'token_property_permissions', 'collection_admins'];
const TOKEN_TABLES = ['tokens', 'token_properties', 'rft_tokens', 'rft_balances', 'rft_token_properties'];
const DIRTY_TABLES = ['ix_dirty_accounts', 'ix_dirty_collections', 'ix_dirty_tokens', 'ix_dirty_rft_parents'];
const EVENTS = ['INSERT', 'UPDATE', 'DELETE'] as const;

/** Trigger names of databases written before the dirty sets moved to TEMP (dropped when such a database opens). */
const LEGACY_TRIGGERS = [
  ...['accounts', 'collections', ...COLLECTION_TABLES, ...TOKEN_TABLES].flatMap((t) =>
    EVENTS.map((e) => `ix_dirty_${t}_${e.toLowerCase()}`),
  ),
  ...EVENTS.map((e) => `ix_dirty_rft_parents_${e.toLowerCase()}`),
];

// What changed since the last indexed block, recorded by triggers on the chain state tables so that no write path
// (a pallet that emits no event, the faucet) can be missed; rolled back with a failed call's SAVEPOINT, and quiet
// while a snapshot revert puts rows back (the index rows are put back with them). The sets are
// emptied with every block, so they live in the connection's TEMP schema (in memory): rows the WAL never has to carry.
// TEMP objects last as long as the connection, so this runs each time the database is opened.
export const INDEXER_CONNECTION_SQL = `
${LEGACY_TRIGGERS.map((t) => `DROP TRIGGER IF EXISTS main.${t};`).join('\n')}
${DIRTY_TABLES.map((t) => `DROP TABLE IF EXISTS main.${t};`).join('\n')}
CREATE TEMP TABLE IF NOT EXISTS ix_dirty_accounts (address TEXT PRIMARY KEY) WITHOUT ROWID;
CREATE TEMP TABLE IF NOT EXISTS ix_dirty_collections (collection_id INTEGER PRIMARY KEY);
CREATE TEMP TABLE IF NOT EXISTS ix_dirty_tokens (
  collection_id INTEGER NOT NULL, token_id INTEGER NOT NULL, PRIMARY KEY (collection_id, token_id)
) WITHOUT ROWID;
${triggers('accounts', 'ix_dirty_accounts', ['address'], ['R.address'])}
${triggers('collections', 'ix_dirty_collections', ['collection_id'], ['R.id'])}
${COLLECTION_TABLES.map((t) => triggers(t, 'ix_dirty_collections', ['collection_id'], ['R.collection_id'])).join('\n')}
${TOKEN_TABLES.map((t) =>
  triggers(t, 'ix_dirty_tokens', ['collection_id', 'token_id'], ['R.collection_id', 'R.token_id']),
).join('\n')}
-- Token addresses whose refungible pieces changed: their tokens' \`isBundle\` may flip (a split token's owner does
-- not name them, so the token row alone cannot say which parents to revisit).
CREATE TEMP TABLE IF NOT EXISTS ix_dirty_rft_parents (address TEXT PRIMARY KEY) WITHOUT ROWID;
${[
  ['INSERT', 'NEW'],
  ['UPDATE', 'NEW'],
  ['DELETE', 'OLD'],
]
  .map(
    ([
      event,
      row,
    ]) => `CREATE TEMP TRIGGER IF NOT EXISTS ix_dirty_rft_parents_${event?.toLowerCase()} AFTER ${event} ON main.rft_balances
  WHEN lower(substr(${row}.account, 1, 26)) = '${NESTING_ADDRESS_PREFIX}' AND ${UNLESS_REPLAYING} BEGIN
  INSERT INTO ix_dirty_rft_parents (address) SELECT ${row}.account WHERE NOT EXISTS (SELECT 1 FROM ix_dirty_rft_parents WHERE address = ${row}.account);
END;`,
  )
  .join('\n')}
`;

/**
 * AFTER INSERT/UPDATE (NEW row) and DELETE (OLD row) triggers on `table` recording the row's key in `dirty`.
 * Not `INSERT OR IGNORE`: inside a trigger the outer statement's conflict clause (an upsert's) would win.
 */
function triggers(table: string, dirty: string, columns: string[], values: string[]): string {
  const on = (event: string, row: 'NEW' | 'OLD') => {
    const vs = values.map((v) => v.replace('R.', `${row}.`));
    const match = columns.map((c, i) => `${c} = ${vs[i]}`).join(' AND ');
    return `CREATE TEMP TRIGGER IF NOT EXISTS ix_dirty_${table}_${event.toLowerCase()} AFTER ${event} ON main.${table}
  WHEN ${UNLESS_REPLAYING} BEGIN
  INSERT INTO ${dirty} (${columns.join(', ')}) SELECT ${vs.join(', ')} WHERE NOT EXISTS (SELECT 1 FROM ${dirty} WHERE ${match});
END;`;
  };
  return [on('INSERT', 'NEW'), on('UPDATE', 'NEW'), on('DELETE', 'OLD')].join('\n');
}
