import type { Db } from '../../storage/db.js';
import { rowsDeleter } from '../../storage/deleteRows.js';
import { KeyedSet, KeyedValues } from '../../storage/keyedRows.js';
import { rollbackEpoch } from '../../storage/rowCache.js';
import { nftTokenKeySuffix } from '../common/storageKey.js';
import { TokenPropertyTable } from '../common/tokenPropertyTable.js';

export type TokenRecord = {
  collectionId: number;
  tokenId: number;
  owner: string;
  propertiesConsumed: number;
};
type TokenRow = { collection_id: number; token_id: number; owner: string; properties_consumed: number };

const toRecord = (r: TokenRow): TokenRecord => ({
  collectionId: r.collection_id,
  tokenId: r.token_id,
  owner: r.owner,
  propertiesConsumed: r.properties_consumed,
});

/**
 * `nonfungible` storage: `TokenData` (owner), `TokenProperties`, `Allowance` (one approved spender per token),
 * `AccountBalance` (the per-collection ownership counter) and `WalletOperator` (approval for all).
 * `TokenChildren` is the reverse index `tokens(owner)`: a child is a token whose owner is the parent's nesting address.
 */
export class NonfungibleStorage {
  readonly #get;
  readonly #put;
  readonly #removeToken;
  readonly #byOwner;
  readonly #byOwnerInCollection;
  readonly #hasChildren;
  readonly #ids;
  /** The tokens' properties. */
  readonly properties: TokenPropertyTable;
  readonly #approvals;
  readonly #balances;
  readonly #operators;
  readonly #purge;

  readonly #db: Db;
  readonly #allIds;
  /** Moves with every write of a token row through this class (a rollback moves the database's epoch instead). */
  #writes = 0;
  /** Every token's key part, sorted, with its ids, as of `version` (see {@link tokensByKey}). */
  #keyOrder: { version: string; keys: string[]; ids: [number, number][] } | undefined;

  constructor(db: Db) {
    this.#db = db;
    this.#allIds = db.prepare<[], { collection_id: number; token_id: number }>(
      'SELECT collection_id, token_id FROM tokens',
    );
    this.#get = db.prepare<[number, number], TokenRow>(
      'SELECT * FROM tokens WHERE collection_id = ? AND token_id = ?',
    );
    this.#put = db.prepare(
      'INSERT OR REPLACE INTO tokens (collection_id, token_id, owner, properties_consumed) VALUES (?, ?, ?, ?)',
    );
    this.#removeToken = rowsDeleter(
      db,
      ['tokens', 'token_properties', 'token_approvals'],
      ['collection_id', 'token_id'],
    );
    this.#byOwner = db.prepare<[string], TokenRow>(
      'SELECT * FROM tokens WHERE owner = ? ORDER BY collection_id, token_id',
    );
    this.#byOwnerInCollection = db.prepare<[string, number], TokenRow>(
      'SELECT * FROM tokens WHERE owner = ? AND collection_id = ? ORDER BY token_id',
    );
    this.#hasChildren = db.prepare<[string], number>('SELECT 1 FROM tokens WHERE owner = ? LIMIT 1').pluck();
    this.#ids = db
      .prepare<[number], number>('SELECT token_id FROM tokens WHERE collection_id = ? ORDER BY token_id')
      .pluck();
    this.properties = new TokenPropertyTable(db, 'token_properties');
    this.#approvals = new KeyedValues<[number, number], string>(
      db,
      'token_approvals',
      ['collection_id', 'token_id'],
      'spender',
    );
    this.#balances = new KeyedValues<[number, string], number>(
      db,
      'account_balances',
      ['collection_id', 'account'],
      'count',
    );
    this.#operators = new KeyedSet<[number, string, string]>(db, 'operator_approvals', [
      'collection_id',
      'owner',
      'operator',
    ]);
    this.#purge = rowsDeleter(
      db,
      ['tokens', 'token_properties', 'token_approvals', 'account_balances'],
      ['collection_id'],
    );
  }

  token(collectionId: number, tokenId: number): TokenRecord | undefined {
    const r = this.#get.get(collectionId, tokenId);
    return r ? toRecord(r) : undefined;
  }
  putToken(t: TokenRecord): void {
    this.#writes++;
    this.#put.run(t.collectionId, t.tokenId, t.owner, t.propertiesConsumed);
  }
  removeToken(collectionId: number, tokenId: number): void {
    this.#writes++;
    this.#removeToken(collectionId, tokenId);
  }
  tokensOf(owner: string, collectionId?: number): TokenRecord[] {
    const rows =
      collectionId === undefined
        ? this.#byOwner.all(owner)
        : this.#byOwnerInCollection.all(owner, collectionId);
    return rows.map(toRecord);
  }
  /** The ids of a collection's tokens, ascending. */
  /**
   * Tokens in `Nonfungible.TokenData`'s key order (`common/storageKey.ts`), after the key part `after`, within
   * `[from, to)`, at most `limit`. The keys are hashes, so no order a write keeps cheaply matches theirs: an index on
   * them put each minted token at a random place in a B-tree, and a block minting thousands rewrote most of the
   * index's pages (seeding 12 000 tokens took twice as long, and the cost grew with the chain). So the order is made
   * when a listing asks for it — every token's key part hashed and sorted, once, then kept while no token row is
   * written and the database has not gone back; the pages of one listing read the same sorted list.
   */
  tokensByKey(after: string, from: string, to: string, limit: number): [number, number][] {
    const { keys, ids } = this.#tokenKeyOrder();
    let i = Math.max(firstAtOrAbove(keys, from), firstAbove(keys, after));
    const out: [number, number][] = [];
    for (; i < keys.length && out.length < limit && keys[i]! < to; i++) out.push(ids[i]!);
    return out;
  }

  #tokenKeyOrder(): { keys: string[]; ids: [number, number][] } {
    const epoch = rollbackEpoch(this.#db);
    const version = epoch === undefined ? undefined : `${epoch}:${this.#writes}`;
    if (version !== undefined && this.#keyOrder?.version === version) return this.#keyOrder;
    const entries = this.#allIds
      .all()
      .map((r) => [nftTokenKeySuffix(r.collection_id, r.token_id)!, r.collection_id, r.token_id] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    const order = {
      version: version ?? '',
      keys: entries.map((e) => e[0]),
      ids: entries.map((e): [number, number] => [e[1], e[2]]),
    };
    this.#keyOrder = version === undefined ? undefined : order;
    return order;
  }

  tokenIds(collectionId: number): number[] {
    return this.#ids.all(collectionId);
  }
  hasChildren(nestingAddress: string): boolean {
    return this.#hasChildren.get(nestingAddress) !== undefined;
  }

  approved(collectionId: number, tokenId: number): string | undefined {
    return this.#approvals.get([collectionId, tokenId]);
  }
  setApproved(collectionId: number, tokenId: number, spender: string | undefined): void {
    this.#approvals.set([collectionId, tokenId], spender);
  }

  balance(collectionId: number, account: string): number {
    return this.#balances.get([collectionId, account]) ?? 0;
  }
  setBalance(collectionId: number, account: string, count: number): void {
    this.#balances.set([collectionId, account], count === 0 ? undefined : count);
  }

  isOperator(collectionId: number, owner: string, operator: string): boolean {
    return this.#operators.has([collectionId, owner, operator]);
  }
  setOperator(collectionId: number, owner: string, operator: string, approved: boolean): void {
    this.#operators.set([collectionId, owner, operator], approved);
  }

  /** Drops every token of a destroyed collection. */
  purgeCollection(collectionId: number): void {
    this.#purge(collectionId);
  }
}

/** The first index of sorted `keys` whose key is at least `k`. */
function firstAtOrAbove(keys: readonly string[], k: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keys[mid]! < k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first index of sorted `keys` whose key is above `k`. */
function firstAbove(keys: readonly string[], k: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keys[mid]! <= k) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
