// pallet-nfts state (appended to the devnet schema). Amounts are decimal TEXT; accounts are SS58 (prefix 42).
// `item_id = -1` in nfts_attributes is a collection attribute (`maybe_item = None`).
export const NFTS_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS nfts_collections (
  id INTEGER PRIMARY KEY, owner TEXT NOT NULL, owner_deposit TEXT NOT NULL,
  items INTEGER NOT NULL, item_metadatas INTEGER NOT NULL, item_configs INTEGER NOT NULL, attributes INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS nfts_collections_owner ON nfts_collections(owner, id);

CREATE TABLE IF NOT EXISTS nfts_collection_configs (
  collection_id INTEGER PRIMARY KEY, settings INTEGER NOT NULL, max_supply INTEGER, mint_type TEXT NOT NULL,
  holder_of INTEGER, price TEXT, start_block INTEGER, end_block INTEGER, default_item_settings INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS nfts_collection_roles (
  collection_id INTEGER NOT NULL, account TEXT NOT NULL, roles INTEGER NOT NULL,
  PRIMARY KEY (collection_id, account)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS nfts_collection_metadata (
  collection_id INTEGER PRIMARY KEY, deposit TEXT NOT NULL, data BLOB NOT NULL
);

CREATE TABLE IF NOT EXISTS nfts_items (
  collection_id INTEGER NOT NULL, item_id INTEGER NOT NULL, owner TEXT NOT NULL,
  deposit_account TEXT NOT NULL, deposit_amount TEXT NOT NULL,
  PRIMARY KEY (collection_id, item_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS nfts_items_owner ON nfts_items(owner, collection_id, item_id);

CREATE TABLE IF NOT EXISTS nfts_item_configs (
  collection_id INTEGER NOT NULL, item_id INTEGER NOT NULL, settings INTEGER NOT NULL,
  PRIMARY KEY (collection_id, item_id)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS nfts_item_metadata (
  collection_id INTEGER NOT NULL, item_id INTEGER NOT NULL, deposit_account TEXT, deposit_amount TEXT NOT NULL,
  data BLOB NOT NULL,
  PRIMARY KEY (collection_id, item_id)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS nfts_transfer_approvals (
  collection_id INTEGER NOT NULL, item_id INTEGER NOT NULL, delegate TEXT NOT NULL, deadline INTEGER,
  PRIMARY KEY (collection_id, item_id, delegate)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS nfts_attribute_approvals (
  collection_id INTEGER NOT NULL, item_id INTEGER NOT NULL, delegate TEXT NOT NULL,
  PRIMARY KEY (collection_id, item_id, delegate)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS nfts_attributes (
  collection_id INTEGER NOT NULL, item_id INTEGER NOT NULL, namespace TEXT NOT NULL, key BLOB NOT NULL,
  value BLOB NOT NULL, deposit_account TEXT, deposit_amount TEXT NOT NULL,
  PRIMARY KEY (collection_id, item_id, namespace, key)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS nfts_item_prices (
  collection_id INTEGER NOT NULL, item_id INTEGER NOT NULL, price TEXT NOT NULL, buyer TEXT,
  PRIMARY KEY (collection_id, item_id)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS nfts_ownership_acceptance (
  account TEXT PRIMARY KEY, collection_id INTEGER NOT NULL
) WITHOUT ROWID;
`;

export const NFTS_STATE_TABLES = [
  'nfts_collections',
  'nfts_collection_configs',
  'nfts_collection_roles',
  'nfts_collection_metadata',
  'nfts_items',
  'nfts_item_configs',
  'nfts_item_metadata',
  'nfts_transfer_approvals',
  'nfts_attribute_approvals',
  'nfts_attributes',
  'nfts_item_prices',
  'nfts_ownership_acceptance',
] as const;
