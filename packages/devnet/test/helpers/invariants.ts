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
    const table =
      (db.prepare('SELECT mode FROM collections WHERE id = ?').pluck().get(c.id) as string) === 'ReFungible'
        ? 'rft_tokens'
        : 'tokens';
    const alive = db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE collection_id = ?`).get(c.id) as {
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
  checkAmountInvariants(chain);
}

/** Fungible supply and refungible pieces equal the sum of the holdings; no zero holdings are stored. */
function checkAmountInvariants(chain: Chain): void {
  const db = chain.storage.db;
  const sums = (sql: string) =>
    (db.prepare(sql).raw().all() as [number, number, string][]).map(([c, t, v]) => [c, t, BigInt(v)]);
  const held = (sql: string) => {
    const out = new Map<string, bigint>();
    for (const [c, t, v] of db.prepare(sql).raw().all() as [number, number, string][])
      out.set(`${c}/${t}`, (out.get(`${c}/${t}`) ?? 0n) + BigInt(v));
    return [...out].map(([k, v]) => [...k.split('/').map(Number), v]).sort();
  };
  expect(held('SELECT collection_id, 0, balance FROM fungible_balances')).toEqual(
    sums('SELECT collection_id, 0, total FROM fungible_supply ORDER BY 1').sort(),
  );
  expect(held('SELECT collection_id, token_id, pieces FROM rft_balances')).toEqual(
    sums('SELECT collection_id, token_id, total_pieces FROM rft_tokens ORDER BY 1, 2').sort(),
  );
  const zeros = db
    .prepare(
      "SELECT (SELECT COUNT(*) FROM fungible_balances WHERE balance = '0') + (SELECT COUNT(*) FROM rft_balances WHERE pieces = '0') AS n",
    )
    .get() as { n: number };
  expect(zeros.n).toBe(0);
  const rftOrphans = db
    .prepare(
      'SELECT COUNT(*) AS n FROM rft_token_properties p WHERE NOT EXISTS (SELECT 1 FROM rft_tokens t WHERE t.collection_id = p.collection_id AND t.token_id = p.token_id)',
    )
    .get() as { n: number };
  expect(rftOrphans.n).toBe(0);
}
