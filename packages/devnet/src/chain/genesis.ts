import { randomBytes } from 'node:crypto';
import { bytesToHex, concatBytes } from '@nftkit/primitives';
import { blake2b } from '@noble/hashes/blake2.js';
import { mint } from '../runtime/balances/pallet.js';
import type { RuntimeStorage } from '../runtime/storage.js';
import { DEV_ENDOWMENT } from './config.js';
import { GENESIS_ACCOUNTS } from './ethDevAccounts.js';

/**
 * Writes block 0 on an empty database: the endowments of the substrate dev accounts and of the Ethereum dev
 * accounts (their substrate mirrors, which hold an Ethereum address's coins), and a genesis hash salted at random, so a
 * transaction signed for one devnet cannot be replayed on a chain started afresh with `--reset`.
 */
export function initGenesis(storage: RuntimeStorage, now: number): void {
  if (storage.meta.get('genesis_hash') !== undefined) return;
  const genesisHash = bytesToHex(
    blake2b(concatBytes(new TextEncoder().encode('nftkit-devnet genesis'), randomBytes(32)), { dkLen: 32 }),
  );
  storage.db.transaction(() => {
    for (const address of GENESIS_ACCOUNTS) mint(storage, address, DEV_ENDOWMENT);
    storage.common.setCounts(0, 0);
    storage.meta.set('genesis_hash', genesisHash);
    storage.meta.set('head_number', 0);
    storage.meta.set('head_hash', genesisHash);
    storage.db
      .prepare(
        'INSERT INTO blocks (number, hash, parent_hash, extrinsics_root, timestamp, extrinsic_count) VALUES (0, ?, ?, ?, ?, 0)',
      )
      .run(genesisHash, `0x${'00'.repeat(32)}`, `0x${'00'.repeat(32)}`, now);
  })();
}
