import type { Db } from '../../storage/db.js';
import { rowsDeleter } from '../../storage/deleteRows.js';

/** `fungible` storage: the collection's total supply, each account's balance and each (owner, spender) allowance. */
export class FungibleStorage {
  readonly #supplyGet;
  readonly #supplySet;
  readonly #supplyDel;
  readonly #balanceGet;
  readonly #balanceSet;
  readonly #balanceDel;
  readonly #allowanceGet;
  readonly #allowanceSet;
  readonly #allowanceDel;
  readonly #purge;

  constructor(db: Db) {
    this.#supplyGet = db
      .prepare<[number], string>('SELECT total FROM fungible_supply WHERE collection_id = ?')
      .pluck();
    this.#supplySet = db.prepare(
      'INSERT OR REPLACE INTO fungible_supply (collection_id, total) VALUES (?, ?)',
    );
    this.#supplyDel = db.prepare('DELETE FROM fungible_supply WHERE collection_id = ?');
    this.#balanceGet = db
      .prepare<[number, string], string>(
        'SELECT balance FROM fungible_balances WHERE collection_id = ? AND account = ?',
      )
      .pluck();
    this.#balanceSet = db.prepare(
      'INSERT OR REPLACE INTO fungible_balances (collection_id, account, balance) VALUES (?, ?, ?)',
    );
    this.#balanceDel = db.prepare('DELETE FROM fungible_balances WHERE collection_id = ? AND account = ?');
    this.#allowanceGet = db
      .prepare<[number, string, string], string>(
        'SELECT amount FROM fungible_allowances WHERE collection_id = ? AND owner = ? AND spender = ?',
      )
      .pluck();
    this.#allowanceSet = db.prepare(
      'INSERT OR REPLACE INTO fungible_allowances (collection_id, owner, spender, amount) VALUES (?, ?, ?, ?)',
    );
    this.#allowanceDel = db.prepare(
      'DELETE FROM fungible_allowances WHERE collection_id = ? AND owner = ? AND spender = ?',
    );
    this.#purge = rowsDeleter(
      db,
      ['fungible_supply', 'fungible_balances', 'fungible_allowances'],
      ['collection_id'],
    );
  }

  totalSupply(collectionId: number): bigint {
    return BigInt(this.#supplyGet.get(collectionId) ?? '0');
  }
  setTotalSupply(collectionId: number, total: bigint): void {
    if (total === 0n) this.#supplyDel.run(collectionId);
    else this.#supplySet.run(collectionId, String(total));
  }

  balance(collectionId: number, account: string): bigint {
    return BigInt(this.#balanceGet.get(collectionId, account) ?? '0');
  }
  /** A zero balance is removed, like `Balance::remove` on chain. */
  setBalance(collectionId: number, account: string, balance: bigint): void {
    if (balance === 0n) this.#balanceDel.run(collectionId, account);
    else this.#balanceSet.run(collectionId, account, String(balance));
  }

  allowance(collectionId: number, owner: string, spender: string): bigint {
    return BigInt(this.#allowanceGet.get(collectionId, owner, spender) ?? '0');
  }
  setAllowance(collectionId: number, owner: string, spender: string, amount: bigint): void {
    if (amount === 0n) this.#allowanceDel.run(collectionId, owner, spender);
    else this.#allowanceSet.run(collectionId, owner, spender, String(amount));
  }

  /** Drops everything of a destroyed collection. */
  purgeCollection(collectionId: number): void {
    this.#purge(collectionId);
  }
}
