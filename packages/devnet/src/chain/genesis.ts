import { randomBytes } from 'node:crypto';
import { bytesToHex } from '@nftkit/primitives';
import { mint } from '../runtime/balances/pallet.js';
import type { RuntimeStorage } from '../runtime/storage.js';
import { DEV_ENDOWMENT } from './config.js';
import { GENESIS_ACCOUNTS } from './ethDevAccounts.js';
import { extrinsicsRoot, headerHash, ZERO_HASH } from './header.js';

/** `meta`'s key for the genesis header's state root (the random value that makes the genesis hash this chain's). */
export const GENESIS_STATE_ROOT_KEY = 'genesis_state_root';

/**
 * Writes block 0 on an empty database: the endowments of the substrate dev accounts and of the Ethereum dev
 * accounts (their substrate mirrors, which hold an Ethereum address's coins). The genesis header's state root is
 * random (chain/header.ts), so its hash — the genesis hash — is this chain's alone: a transaction signed for one devnet
 * cannot be replayed on a chain started afresh with `--reset`.
 */
export function initGenesis(storage: RuntimeStorage, now: number): void {
  if (storage.meta.get('genesis_hash') !== undefined) return;
  const stateRoot = bytesToHex(randomBytes(32));
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
      .run(genesisHash, ZERO_HASH, root, now);
  })();
}
