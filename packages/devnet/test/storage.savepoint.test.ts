import { describe, expect, it } from 'vitest';
import { openDb } from '../src/database.js';
import { rowCache } from '../src/storage/rowCache.js';
import { atomically, rolledBack, Savepoint } from '../src/storage/savepoint.js';

const fresh = () => {
  const db = openDb({ path: ':memory:' });
  db.exec('CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER NOT NULL)');
  const put = (k: string, v: number) => db.prepare('INSERT OR REPLACE INTO t VALUES (?, ?)').run(k, v);
  const rows = () => db.prepare('SELECT k, v FROM t ORDER BY k').raw().all();
  return { db, put, rows };
};

describe('savepoints: the one way the devnet makes a step all or nothing', () => {
  it('atomically keeps what a step wrote when it returns, and answers its result', () => {
    const { db, put, rows } = fresh();
    expect(
      atomically(db, () => {
        put('a', 1);
        return 'done';
      }),
    ).toBe('done');
    expect(rows()).toEqual([['a', 1]]);
    expect(db.inTransaction).toBe(false);
  });

  it('atomically undoes what a step wrote when it throws, and the error goes on', () => {
    const { db, put, rows } = fresh();
    put('a', 1);
    const boom = new Error('boom');
    expect(() =>
      atomically(db, () => {
        put('a', 2);
        put('b', 3);
        throw boom;
      }),
    ).toThrow(boom);
    expect(rows()).toEqual([['a', 1]]);
    expect(db.inTransaction).toBe(false);
  });

  it('nests: an inner step undone leaves the outer one, an outer one undone takes the inner with it', () => {
    const { db, put, rows } = fresh();
    atomically(db, () => {
      put('outer', 1);
      expect(() =>
        atomically(db, () => {
          put('inner', 1);
          throw new Error('inner fails');
        }),
      ).toThrow('inner fails');
      atomically(db, () => put('kept', 1));
    });
    expect(rows()).toEqual([
      ['kept', 1],
      ['outer', 1],
    ]);
    expect(() =>
      atomically(db, () => {
        atomically(db, () => put('gone', 1));
        throw new Error('outer fails');
      }),
    ).toThrow('outer fails');
    expect(rows()).toEqual([
      ['kept', 1],
      ['outer', 1],
    ]);
  });

  it('rolledBack runs a step against the live state and throws its writes away, whether it returns or throws', () => {
    const { db, put, rows } = fresh();
    put('a', 1);
    expect(
      rolledBack(db, () => {
        put('a', 2);
        return rows();
      }),
    ).toEqual([['a', 2]]);
    expect(rows()).toEqual([['a', 1]]);
    expect(() =>
      rolledBack(db, () => {
        put('b', 1);
        throw new Error('no');
      }),
    ).toThrow('no');
    expect(rows()).toEqual([['a', 1]]);
  });

  it('a Savepoint stays open across calls (the EVM checkpoints this way) and closes in reverse order', () => {
    const { db, put, rows } = fresh();
    const outer = new Savepoint(db);
    put('a', 1);
    const inner = new Savepoint(db);
    put('b', 1);
    inner.rollback();
    put('c', 1);
    outer.release();
    expect(rows()).toEqual([
      ['a', 1],
      ['c', 1],
    ]);
    expect(db.inTransaction).toBe(false);
  });

  it('a rollback empties the row caches, so none answers a row the database no longer has', () => {
    const { db, put } = fresh();
    const cache = rowCache<number>(db, 'savepoint-test');
    expect(() =>
      atomically(db, () => {
        put('a', 1);
        cache.set('a', 1);
        throw new Error('undo');
      }),
    ).toThrow('undo');
    expect(cache.get('a')).toBeUndefined();
  });

  it('rolledBack forgets the row caches after a step that wrote, and keeps them after one that only read', () => {
    const { db, put, rows } = fresh();
    put('a', 1);
    const cache = rowCache<number>(db, 'dry-run-test');
    cache.set('a', 1);
    expect(rolledBack(db, () => rows())).toEqual([['a', 1]]);
    expect(cache.get('a')).toBe(1);
    expect(db.inTransaction).toBe(false);
    rolledBack(db, () => {
      put('a', 2);
      cache.set('a', 2);
    });
    expect(rows()).toEqual([['a', 1]]);
    expect(cache.get('a')).toBeUndefined();
    // A step that wrote and put the row back as it was still moved total_changes(): it is rolled back too.
    cache.set('a', 1);
    rolledBack(db, () => {
      put('a', 3);
      put('a', 1);
    });
    expect(cache.get('a')).toBeUndefined();
  });
});
