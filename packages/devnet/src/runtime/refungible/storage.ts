import type { Db } from '../../storage/db.js';
import { rowsDeleter } from '../../storage/deleteRows.js';
import { KeyedAmounts } from '../../storage/keyedRows.js';
import { TokenPropertyTable } from '../common/tokenPropertyTable.js';

export type RftTokenRecord = {
  collectionId: number;
  tokenId: number;
  totalPieces: bigint;
  propertiesConsumed: number;
};
type TokenRow = {
  collection_id: number;
  token_id: number;
  total_pieces: string;
  properties_consumed: number;
};
export type PieceHolding = { account: string; pieces: bigint };

const toRecord = (r: TokenRow): RftTokenRecord => ({
  collectionId: r.collection_id,
  tokenId: r.token_id,
  totalPieces: BigInt(r.total_pieces),
  propertiesConsumed: r.properties_consumed,
});

/** `refungible` storage over the `rft_*` tables. */
export class RefungibleStorage {
  readonly #get;
  readonly #put;
  readonly #balances;
  readonly #holders;
  readonly #ids;
  readonly #heldCount;
  readonly #heldBy;
  readonly #heldByInCollection;
  readonly #allowances;
  /** The tokens' properties. */
  readonly properties: TokenPropertyTable;
  readonly #removeToken;
  readonly #purge;

  constructor(db: Db) {
    this.#get = db.prepare<[number, number], TokenRow>(
      'SELECT * FROM rft_tokens WHERE collection_id = ? AND token_id = ?',
    );
    this.#put = db.prepare(
      'INSERT OR REPLACE INTO rft_tokens (collection_id, token_id, total_pieces, properties_consumed) VALUES (?, ?, ?, ?)',
    );
    this.#balances = new KeyedAmounts<[number, number, string]>(
      db,
      'rft_balances',
      ['collection_id', 'token_id', 'account'],
      'pieces',
    );
    this.#ids = db
      .prepare<[number], number>('SELECT token_id FROM rft_tokens WHERE collection_id = ? ORDER BY token_id')
      .pluck();
    this.#holders = db.prepare<[number, number], { account: string; pieces: string }>(
      'SELECT account, pieces FROM rft_balances WHERE collection_id = ? AND token_id = ? ORDER BY account',
    );
    this.#heldCount = db
      .prepare<[string, number], number>(
        'SELECT COUNT(*) FROM rft_balances WHERE account = ? AND collection_id = ?',
      )
      .pluck();
    this.#heldBy = db.prepare<[string], { collection_id: number; token_id: number }>(
      'SELECT collection_id, token_id FROM rft_balances WHERE account = ? ORDER BY collection_id, token_id',
    );
    this.#heldByInCollection = db
      .prepare<[string, number], number>(
        'SELECT token_id FROM rft_balances WHERE account = ? AND collection_id = ? ORDER BY token_id',
      )
      .pluck();
    this.#allowances = new KeyedAmounts<[number, number, string, string]>(
      db,
      'rft_allowances',
      ['collection_id', 'token_id', 'owner', 'spender'],
      'amount',
    );
    this.properties = new TokenPropertyTable(db, 'rft_token_properties');
    const tables = ['rft_tokens', 'rft_balances', 'rft_allowances', 'rft_token_properties'];
    this.#removeToken = rowsDeleter(db, tables, ['collection_id', 'token_id']);
    this.#purge = rowsDeleter(db, tables, ['collection_id']);
  }

  token(collectionId: number, tokenId: number): RftTokenRecord | undefined {
    const r = this.#get.get(collectionId, tokenId);
    return r ? toRecord(r) : undefined;
  }
  putToken(t: RftTokenRecord): void {
    this.#put.run(t.collectionId, t.tokenId, String(t.totalPieces), t.propertiesConsumed);
  }
  /** `burn_token_unchecked`: the token, its balances, allowances and properties. */
  removeToken(collectionId: number, tokenId: number): void {
    this.#removeToken(collectionId, tokenId);
  }

  /** The ids of a collection's tokens, ascending. */
  tokenIds(collectionId: number): number[] {
    return this.#ids.all(collectionId);
  }

  balance(collectionId: number, tokenId: number, account: string): bigint {
    return this.#balances.get([collectionId, tokenId, account]);
  }
  setBalance(collectionId: number, tokenId: number, account: string, pieces: bigint): void {
    this.#balances.set([collectionId, tokenId, account], pieces);
  }
  /** Every holder of a token with their pieces, ordered by address. */
  holders(collectionId: number, tokenId: number): PieceHolding[] {
    return this.#holders
      .all(collectionId, tokenId)
      .map((r) => ({ account: r.account, pieces: BigInt(r.pieces) }));
  }
  /** `AccountBalance`: how many tokens of the collection the account holds pieces of. */
  tokenCount(collectionId: number, account: string): number {
    return this.#heldCount.get(account, collectionId) ?? 0;
  }
  tokensOf(account: string, collectionId?: number): { collectionId: number; tokenId: number }[] {
    if (collectionId !== undefined)
      return this.#heldByInCollection
        .all(account, collectionId)
        .map((tokenId) => ({ collectionId, tokenId }));
    return this.#heldBy.all(account).map((r) => ({ collectionId: r.collection_id, tokenId: r.token_id }));
  }

  allowance(collectionId: number, tokenId: number, owner: string, spender: string): bigint {
    return this.#allowances.get([collectionId, tokenId, owner, spender]);
  }
  setAllowance(collectionId: number, tokenId: number, owner: string, spender: string, amount: bigint): void {
    this.#allowances.set([collectionId, tokenId, owner, spender], amount);
  }

  purgeCollection(collectionId: number): void {
    this.#purge(collectionId);
  }
}
