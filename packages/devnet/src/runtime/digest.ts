import { blake2b } from '@noble/hashes/blake2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { Db } from '../storage/db.js';
import { STATE_TABLES } from './schema.js';
import { STATE_META_KEYS } from './stateMeta.js';

/**
 * A hash of every state table and the state's `meta` rows, in key order: equal digests mean equal state (used to prove
 * a refusal changed nothing).
 */
export function stateDigest(db: Db): string {
  const h = blake2b.create({ dkLen: 32 });
  const enc = new TextEncoder();
  for (const table of STATE_TABLES) {
    h.update(enc.encode(`#${table}\n`));
    const rows = db.prepare(`SELECT * FROM ${table}`).raw().all() as unknown[][];
    const lines = rows.map((row) =>
      JSON.stringify(row, (_k, v) =>
        v instanceof Uint8Array ? bytesToHex(v) : typeof v === 'bigint' ? String(v) : v,
      ),
    );
    for (const line of lines.sort()) h.update(enc.encode(`${line}\n`));
  }
  const meta = db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck();
  for (const key of STATE_META_KEYS) h.update(enc.encode(`#meta.${key}=${meta.get(key) ?? ''}\n`));
  return `0x${bytesToHex(h.digest())}`;
}
