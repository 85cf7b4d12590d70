import type { Db } from '../../storage/db.js';
import { rowsDeleter } from '../../storage/deleteRows.js';
import { KeyedAmounts } from '../../storage/keyedRows.js';

/** `fungible` storage: the collection's total supply, each account's balance and each (owner, spender) allowance. */
export class FungibleStorage {
  readonly #supply;
  readonly #balances;
  readonly #allowances;
  readonly #purge;

  constructor(db: Db) {
    this.#supply = new KeyedAmounts<[number]>(db, 'fungible_supply', ['collection_id'], 'total');
    this.#balances = new KeyedAmounts<[number, string]>(
      db,
      'fungible_balances',
      ['collection_id', 'account'],
      'balance',
    );
    this.#allowances = new KeyedAmounts<[number, string, string]>(
      db,
      'fungible_allowances',
      ['collection_id', 'owner', 'spender'],
      'amount',
    );
    this.#purge = rowsDeleter(
      db,
      ['fungible_supply', 'fungible_balances', 'fungible_allowances'],
      ['collection_id'],
    );
  }

  totalSupply(collectionId: number): bigint {
    return this.#supply.get([collectionId]);
  }
  setTotalSupply(collectionId: number, total: bigint): void {
    this.#supply.set([collectionId], total);
  }

  balance(collectionId: number, account: string): bigint {
    return this.#balances.get([collectionId, account]);
  }
  /** A zero balance is removed, like `Balance::remove` on chain. */
  setBalance(collectionId: number, account: string, balance: bigint): void {
    this.#balances.set([collectionId, account], balance);
  }

  allowance(collectionId: number, owner: string, spender: string): bigint {
    return this.#allowances.get([collectionId, owner, spender]);
  }
  setAllowance(collectionId: number, owner: string, spender: string, amount: bigint): void {
    this.#allowances.set([collectionId, owner, spender], amount);
  }

  /** Drops everything of a destroyed collection. */
  purgeCollection(collectionId: number): void {
    this.#purge(collectionId);
  }
}
