import { describe, expect, it } from 'vitest';
import { openDb } from '../src/database.js';
import { EthHistory } from '../src/ethRpc/history.js';

describe('EthHistory', () => {
  it('reads a block range through the block-ordered indexes, whatever else the chain holds', () => {
    const db = openDb({ path: ':memory:' });
    const prepared: string[] = [];
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => {
      prepared.push(sql);
      return prepare(sql);
    }) as typeof db.prepare;
    new EthHistory(db);
    db.prepare = prepare;
    const ranges = prepared.filter((sql) => /BETWEEN/.test(sql));
    expect(ranges.length).toBe(2);
    for (const sql of ranges) {
      const plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(1, 1) as { detail: string }[])
        .map((p) => p.detail)
        .join(' | ');
      // A receipt's read costs its block's rows: an index led by `section` walks every Ethereum transaction (or
      // event) of the chain, and sorting would read the range twice.
      expect(plan, sql).toMatch(
        /USING (COVERING )?INDEX (extrinsics_block|events_position) \(block_number>\? AND block_number<\?\)/,
      );
      expect(plan, sql).not.toMatch(/SCAN|TEMP B-TREE|MULTI-INDEX/);
    }
    db.close();
  });
});
