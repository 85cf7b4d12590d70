import { randomBytes } from 'node:crypto';
import { bytesToHex } from '@nftkit/primitives';
import { mint } from '../runtime/balances/pallet.js';
import type { RuntimeStorage } from '../runtime/storage.js';
import { tablesOf } from '../storage/db.js';
import { whileReplaying } from '../storage/replaying.js';
import { forgetCachedRows } from '../storage/rowCache.js';
import { DEV_ENDOWMENT } from './config.js';
import { GENESIS_ACCOUNTS } from './ethDevAccounts.js';
import { extrinsicsRoot, headerHash, ZERO_HASH } from './header.js';
import { DATABASE_FORMAT_KEYS } from './migrations.js';

/** `meta`'s key for the genesis header's state root (the random value that makes the genesis hash this chain's). */
export const GENESIS_STATE_ROOT_KEY = 'genesis_state_root';

/**
 * What a chain started afresh keeps of the old one: its genesis header's state root (so the genesis hash is the same,
 * and clients that know it keep working) and time.
 */
export type GenesisIdentity = { stateRoot: string; timestamp: number };

/**
 * Writes block 0 on an empty database: the endowments of the substrate dev accounts and of the Ethereum dev
 * accounts (their substrate mirrors, which hold an Ethereum address's coins). The genesis header's state root is
 * random (chain/header.ts), so its hash — the genesis hash — is this chain's alone: a transaction signed for one devnet
 * cannot be replayed on a chain started afresh with `--reset`.
 */
export function initGenesis(storage: RuntimeStorage, now: number, identity?: GenesisIdentity): void {
  if (storage.meta.get('genesis_hash') !== undefined) return;
  const stateRoot = identity?.stateRoot ?? bytesToHex(randomBytes(32));
  const root = extrinsicsRoot([]);
  const genesisHash = headerHash({ parentHash: ZERO_HASH, number: 0, stateRoot, extrinsicsRoot: root });
  storage.db.transaction(() => {
    for (const address of GENESIS_ACCOUNTS) mint(storage, address, DEV_ENDOWMENT);
    storage.common.setCounts(0, 0);
    storage.meta.set(GENESIS_STATE_ROOT_KEY, stateRoot);
    storage.meta.set('genesis_hash', genesisHash);
    storage.meta.set('head_number', 0);
    storage.meta.set('head_hash', genesisHash);
    storage.db
      .prepare(
        'INSERT INTO blocks (number, hash, parent_hash, extrinsics_root, timestamp, extrinsic_count) VALUES (0, ?, ?, ?, ?, 0)',
      )
      .run(genesisHash, ZERO_HASH, root, identity?.timestamp ?? now);
  })();
}

/**
 * Takes the chain back to its genesis (`hardhat_reset`): every table emptied, block 0 written again with the same
 * hash and timestamp (the caller indexes it again). What `meta` says of the database's format stays (its schema
 * version, how its calls and block hashes are made), so the database opens again. Runs in one transaction.
 */
export function resetToGenesis(storage: RuntimeStorage): void {
  const { db } = storage;
  const identity: GenesisIdentity = {
    stateRoot: storage.meta.get(GENESIS_STATE_ROOT_KEY)!,
    timestamp:
      db.prepare<[], number>('SELECT timestamp FROM blocks WHERE number = 0').pluck().get() ?? Date.now(),
  };
  // Quietly: no trigger derives anything from rows going, nor from the genesis written again (the indexer indexes it
  // afresh; there is no state history before block 0).
  db.transaction(() =>
    whileReplaying(db, () => {
      for (const table of tablesOf(db)) {
        if (table === 'meta')
          db.prepare(
            `DELETE FROM meta WHERE key NOT IN (${DATABASE_FORMAT_KEYS.map(() => '?').join(', ')})`,
          ).run(...DATABASE_FORMAT_KEYS);
        else db.exec(`DELETE FROM "${table}"`);
      }
      // The rows went behind the writer classes' backs: the genesis is written from the emptied tables, not from
      // what their caches held.
      forgetCachedRows(db);
      initGenesis(storage, identity.timestamp, identity);
    }),
  )();
}
