import { expect } from 'vitest';
import type { Chain } from '../../src/chain/chain.js';
import { totalIssuance } from '../../src/runtime/balances/pallet.js';

/** Checks what must always hold: balances add up to the issuance, forward and reverse token indexes agree. */
export function checkInvariants(chain: Chain): void {
  const s = chain.storage;
  const sum = s.system.allAccounts().reduce((n, a) => n + a.free + a.reserved, 0n);
  expect(sum).toBe(totalIssuance(s));
  const db = s.db;
  const counted = db
    .prepare(
      'SELECT collection_id AS c, owner AS o, COUNT(*) AS n FROM tokens GROUP BY collection_id, owner ORDER BY 1, 2',
    )
    .all();
  const stored = db
    .prepare('SELECT collection_id AS c, account AS o, count AS n FROM account_balances ORDER BY 1, 2')
    .all();
  expect(stored).toEqual(counted);
  for (const c of db.prepare('SELECT id, tokens_minted, tokens_burnt FROM collections').all() as {
    id: number;
    tokens_minted: number;
    tokens_burnt: number;
  }[]) {
    const alive = db.prepare('SELECT COUNT(*) AS n FROM tokens WHERE collection_id = ?').get(c.id) as {
      n: number;
    };
    expect(alive.n).toBe(c.tokens_minted - c.tokens_burnt);
  }
  const orphans = db
    .prepare(
      'SELECT COUNT(*) AS n FROM token_properties p WHERE NOT EXISTS (SELECT 1 FROM tokens t WHERE t.collection_id = p.collection_id AND t.token_id = p.token_id)',
    )
    .get() as { n: number };
  expect(orphans.n).toBe(0);
}
