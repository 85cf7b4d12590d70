// The chain's state lives in these tables (its history, blocks to events, in chain/schema.ts). Amounts are decimal
// TEXT (u128 does not fit an SQLite integer).
// Accounts, owners, admins and allow-list entries are stored as normalized address strings: an SS58 (prefix 42)
// string is the `Substrate` variant and a checksummed 0x address the `Ethereum` variant, so the string alone keeps
// CrossAccountId's variant-sensitive equality (chain-rules §0).

import {
  COLLECTION_KEY_SQL_FUNCTION,
  collectionKeySuffix,
  NFT_TOKEN_KEY_SQL_FUNCTION,
  nftTokenKeySuffix,
} from './common/storageKey.js';
import { EVM_SCHEMA_SQL, EVM_STATE_TABLES } from './evm/storage.js';
import { FUNGIBLE_SCHEMA_SQL, FUNGIBLE_STATE_TABLES } from './fungible/schema.js';
import { NFTS_SCHEMA_SQL, NFTS_STATE_TABLES } from './nfts/schema.js';
import { REFUNGIBLE_SCHEMA_SQL, REFUNGIBLE_STATE_TABLES } from './refungible/schema.js';
import { ACCOUNT_KEY_SQL_FUNCTION, accountKeySuffix } from './system/storageKey.js';

/** The SQL functions the runtime's indexes use (registered on every connection: see `storage/db.ts`). */
export const RUNTIME_SQL_FUNCTIONS = {
  [ACCOUNT_KEY_SQL_FUNCTION]: (address: unknown) =>
    typeof address === 'string' ? accountKeySuffix(address) : null,
  [COLLECTION_KEY_SQL_FUNCTION]: collectionKeySuffix,
  [NFT_TOKEN_KEY_SQL_FUNCTION]: nftTokenKeySuffix,
} as const;

/** Every pallet's tables. */
export const RUNTIME_SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS accounts (
  address TEXT PRIMARY KEY,
  nonce INTEGER NOT NULL DEFAULT 0,
  free TEXT NOT NULL DEFAULT '0',
  reserved TEXT NOT NULL DEFAULT '0',
  frozen TEXT NOT NULL DEFAULT '0'
) WITHOUT ROWID;
-- Accounts in System.Account's key order (Ethereum addresses, which have no entry, index as NULL).
CREATE INDEX IF NOT EXISTS accounts_storage_key ON accounts(${ACCOUNT_KEY_SQL_FUNCTION}(address));

CREATE TABLE IF NOT EXISTS collections (
  id INTEGER PRIMARY KEY,
  owner TEXT NOT NULL,
  mode TEXT NOT NULL,
  decimals INTEGER,
  name TEXT NOT NULL,
  description TEXT NOT NULL,
  token_prefix TEXT NOT NULL,
  flags INTEGER NOT NULL DEFAULT 0,
  sponsor_state TEXT NOT NULL DEFAULT 'Disabled',
  sponsor TEXT,
  limits TEXT NOT NULL,
  permissions TEXT NOT NULL,
  tokens_minted INTEGER NOT NULL DEFAULT 0,
  tokens_burnt INTEGER NOT NULL DEFAULT 0,
  properties_consumed INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS collections_owner ON collections(owner);
-- Collections in Common.CollectionById's key order.
CREATE INDEX IF NOT EXISTS collections_storage_key ON collections(${COLLECTION_KEY_SQL_FUNCTION}(id));

CREATE TABLE IF NOT EXISTS collection_properties (
  collection_id INTEGER NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL,
  PRIMARY KEY (collection_id, key)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS token_property_permissions (
  collection_id INTEGER NOT NULL, key TEXT NOT NULL,
  mutable INTEGER NOT NULL, collection_admin INTEGER NOT NULL, token_owner INTEGER NOT NULL,
  PRIMARY KEY (collection_id, key)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS collection_admins (
  collection_id INTEGER NOT NULL, account TEXT NOT NULL, PRIMARY KEY (collection_id, account)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS allow_list (
  collection_id INTEGER NOT NULL, account TEXT NOT NULL, PRIMARY KEY (collection_id, account)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS tokens (
  collection_id INTEGER NOT NULL, token_id INTEGER NOT NULL, owner TEXT NOT NULL,
  properties_consumed INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (collection_id, token_id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS tokens_owner ON tokens(owner, collection_id, token_id);
-- No index in Nonfungible.TokenData's key order: NonfungibleStorage.tokensByKey says why.
DROP INDEX IF EXISTS tokens_storage_key;

CREATE TABLE IF NOT EXISTS token_properties (
  collection_id INTEGER NOT NULL, token_id INTEGER NOT NULL, key TEXT NOT NULL, value BLOB NOT NULL,
  PRIMARY KEY (collection_id, token_id, key)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS token_approvals (
  collection_id INTEGER NOT NULL, token_id INTEGER NOT NULL, spender TEXT NOT NULL,
  PRIMARY KEY (collection_id, token_id)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS operator_approvals (
  collection_id INTEGER NOT NULL, owner TEXT NOT NULL, operator TEXT NOT NULL,
  PRIMARY KEY (collection_id, owner, operator)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS account_balances (
  collection_id INTEGER NOT NULL, account TEXT NOT NULL, count INTEGER NOT NULL,
  PRIMARY KEY (collection_id, account)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS sponsor_baskets (
  collection_id INTEGER NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL, block INTEGER NOT NULL,
  PRIMARY KEY (collection_id, kind, key)
) WITHOUT ROWID;

${NFTS_SCHEMA_SQL}${FUNGIBLE_SCHEMA_SQL}
${REFUNGIBLE_SCHEMA_SQL}
${EVM_SCHEMA_SQL}
`;

/** Tables that hold chain state (not history): a digest of them proves a refused call changed nothing. */
export const STATE_TABLES = [
  'accounts',
  'collections',
  'collection_properties',
  'token_property_permissions',
  'collection_admins',
  'allow_list',
  'tokens',
  'token_properties',
  'token_approvals',
  'operator_approvals',
  'account_balances',
  'sponsor_baskets',
  ...NFTS_STATE_TABLES,
  ...FUNGIBLE_STATE_TABLES,
  ...REFUNGIBLE_STATE_TABLES,
  ...EVM_STATE_TABLES,
] as const;
