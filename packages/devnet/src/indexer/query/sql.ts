import type { Statement } from 'better-sqlite3';
import type { Db } from '../../storage/db.js';
import { amountBound } from '../amounts.js';

export type Order = 'asc' | 'desc';

const cache = new WeakMap<Db, Map<string, Statement>>();

/** A prepared statement for `sql`, prepared once per database (filter combinations repeat). */
export function prepared(db: Db, sql: string): Statement {
  let map = cache.get(db);
  if (!map) {
    map = new Map();
    cache.set(db, map);
  }
  let st = map.get(sql);
  if (!st) {
    st = db.prepare(sql);
    if (map.size > 500) map.clear();
    map.set(sql, st);
  }
  return st;
}

/** A WHERE clause built from filters, with its parameters. A filter that can match nothing makes the query empty. */
export class Filters {
  readonly clauses: string[] = [];
  readonly params: unknown[] = [];
  empty = false;

  add(clause: string, ...params: unknown[]): this {
    this.clauses.push(clause);
    this.params.push(...params);
    return this;
  }

  /** `column IN (…)`; an absent list filters nothing. */
  in(column: string, values: readonly unknown[] | undefined): this {
    if (values === undefined) return this;
    if (values.length === 0) {
      this.empty = true;
      return this;
    }
    return this.add(`${column} IN (${values.map(() => '?').join(', ')})`, ...values);
  }

  /** `column >= from AND column <= to`, each side only when given. */
  range(column: string, from: unknown, to: unknown): this {
    if (from !== undefined) this.add(`${column} >= ?`, from);
    if (to !== undefined) this.add(`${column} <= ?`, to);
    return this;
  }

  /** A range over a stored (padded) amount, from decimal-string bounds. */
  amountRange(column: string, from: string | undefined, to: string | undefined): this {
    for (const [value, side, op] of [
      [from, 'from', '>='],
      [to, 'to', '<='],
    ] as const) {
      if (value === undefined) continue;
      const bound = amountBound(value, side);
      if (bound === null) this.empty = true;
      else if (bound !== undefined) this.add(`${column} ${op} ?`, bound);
    }
    return this;
  }

  bool(column: string, value: boolean | undefined): this {
    return value === undefined ? this : this.add(`${column} = ?`, Number(value));
  }

  sql(): string {
    return this.clauses.length === 0 ? '' : `WHERE ${this.clauses.join(' AND ')}`;
  }
}

/** ORDER BY terms from `orderBy*` inputs (in the route's key order), then a default, then a unique tie-breaker. */
export function orderBy(
  input: Record<string, unknown>,
  columns: Record<string, string>,
  fallback: string,
  tieBreaker: string,
): string {
  const terms: string[] = [];
  for (const [key, column] of Object.entries(columns)) {
    const dir = input[key];
    if (dir === 'asc' || dir === 'desc') terms.push(`${column} ${dir.toUpperCase()}`);
  }
  if (terms.length === 0) terms.push(fallback);
  terms.push(tieBreaker);
  return `ORDER BY ${terms.join(', ')}`;
}

export type Page = { limit?: number | undefined; offset?: number | undefined };

/**
 * Runs a list query: `{items, count}` with the server's paging defaults (offset 0, `defaultLimit`).
 * `from` is the FROM clause (joins included), `select` the columns read by `map`.
 */
export function list<R, T>(
  db: Db,
  spec: {
    from: string;
    select: string;
    filters: Filters;
    order: string;
    page: Page;
    defaultLimit: number;
    map: (row: R) => T;
    /** Where the rows are counted when a smaller table holds exactly as many (else `from` with `filters`). */
    count?: { from: string; filters: Filters };
  },
): { items: T[]; count: number } {
  const { filters } = spec;
  if (filters.empty) return { items: [], count: 0 };
  const where = filters.sql();
  const counted = spec.count ?? { from: spec.from, filters };
  const count = prepared(db, `SELECT COUNT(*) FROM ${counted.from} ${counted.filters.sql()}`)
    .pluck()
    .get(...counted.filters.params) as number;
  const limit = spec.page.limit ?? spec.defaultLimit;
  const offset = spec.page.offset ?? 0;
  if (offset >= count) return { items: [], count };
  const rows = prepared(
    db,
    `SELECT ${spec.select} FROM ${spec.from} ${where} ${spec.order} LIMIT ? OFFSET ?`,
  ).all(...filters.params, limit, offset) as R[];
  return { items: rows.map(spec.map), count };
}

export const iso = (ms: number): string => new Date(ms).toISOString();

/** An ISO date filter value as epoch milliseconds. */
export const ms = (value: string | undefined): number | undefined =>
  value === undefined ? undefined : Date.parse(value);
