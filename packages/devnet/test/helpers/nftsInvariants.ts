import { expect } from 'vitest';
import type { Chain } from '../../src/chain/chain.js';
import { NFTS_CONFIG } from '../../src/runtime/nfts/config.js';

type Row = Record<string, number | string | null>;

/**
 * pallet-nfts bookkeeping that must always hold: the collection counters match the rows, each owner deposit is the
 * sum of what the owner pays for, and every account's reserved balance is exactly the deposits it paid.
 */
export function checkNftsInvariants(chain: Chain): void {
  const db = chain.storage.db;
  const all = (sql: string, ...args: unknown[]) => db.prepare(sql).all(...args) as Row[];
  const count = (table: string, id: number, extra = '') =>
    Number(
      (db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE collection_id = ? ${extra}`).get(id) as Row).n,
    );
  const sum = (sql: string, ...args: unknown[]) =>
    all(sql, ...args).reduce((n, r) => n + BigInt(String(r.amount)), 0n);
  const reserved = new Map<string, bigint>();
  const add = (who: string, amount: bigint) => reserved.set(who, (reserved.get(who) ?? 0n) + amount);

  for (const c of all('SELECT * FROM nfts_collections')) {
    const id = Number(c.id);
    expect(c.items).toBe(count('nfts_items', id));
    expect(c.item_configs).toBe(count('nfts_item_configs', id));
    expect(c.item_metadatas).toBe(count('nfts_item_metadata', id));
    expect(c.attributes).toBe(count('nfts_attributes', id, "AND namespace <> 'pallet'"));
    const ownerPays =
      NFTS_CONFIG.collectionDeposit +
      sum('SELECT deposit AS amount FROM nfts_collection_metadata WHERE collection_id = ?', id) +
      sum(
        'SELECT deposit_amount AS amount FROM nfts_item_metadata WHERE collection_id = ? AND deposit_account IS NULL',
        id,
      ) +
      sum(
        `SELECT deposit_amount AS amount FROM nfts_attributes
         WHERE collection_id = ? AND deposit_account IS NULL AND namespace = 'collectionOwner'`,
        id,
      );
    expect(BigInt(String(c.owner_deposit))).toBe(ownerPays);
    add(String(c.owner), ownerPays);
  }
  for (const t of ['nfts_items', 'nfts_item_metadata', 'nfts_attributes'])
    for (const r of all(
      `SELECT deposit_account AS who, deposit_amount AS amount FROM ${t} WHERE deposit_account IS NOT NULL`,
    ))
      add(String(r.who), BigInt(String(r.amount)));
  for (const a of chain.storage.system.allAccounts())
    expect([a.address, a.reserved]).toEqual([a.address, reserved.get(a.address) ?? 0n]);
}
