import type Database from 'better-sqlite3';
import type { Db } from '../../storage/db.js';
import { rowsDeleter } from '../../storage/deleteRows.js';
import { KeyedSet } from '../../storage/keyedRows.js';
import { Meta } from '../../storage/meta.js';
import { STATE_META } from '../stateMeta.js';
import { COLLECTION_KEY_SQL_FUNCTION } from './storageKey.js';
import type {
  Collection,
  CollectionLimits,
  CollectionMode,
  CollectionPermissions,
  PropertyPermission,
  SponsorState,
  StoredProperty,
} from './types.js';

type CollectionRow = {
  id: number;
  owner: string;
  mode: string;
  decimals: number | null;
  name: string;
  description: string;
  token_prefix: string;
  flags: number;
  sponsor_state: string;
  sponsor: string | null;
  limits: string;
  permissions: string;
  tokens_minted: number;
  tokens_burnt: number;
  properties_consumed: number;
};

function fromRow(r: CollectionRow): Collection {
  return {
    id: r.id,
    owner: r.owner,
    mode: r.mode as CollectionMode,
    decimals: r.decimals,
    name: r.name,
    description: r.description,
    tokenPrefix: r.token_prefix,
    flags: r.flags,
    sponsorState: r.sponsor_state as SponsorState,
    sponsor: r.sponsor,
    limits: JSON.parse(r.limits) as CollectionLimits,
    permissions: JSON.parse(r.permissions) as CollectionPermissions,
    tokensMinted: r.tokens_minted,
    tokensBurnt: r.tokens_burnt,
    propertiesConsumed: r.properties_consumed,
  };
}

/**
 * `common` storage: collections, their admins, allow-list, properties and token property permissions,
 * and the created/destroyed counters.
 */
export class CommonStorage {
  readonly #meta: Meta;
  readonly #get;
  readonly #put;
  readonly #delete;
  readonly #list;
  readonly #propsAll;
  readonly #propGet;
  readonly #propSet;
  readonly #propDel;
  readonly #tppAll;
  readonly #tppGet;
  readonly #tppSet;
  readonly #adminsAll;
  readonly #admins;
  readonly #allowList;
  readonly #allowAll;
  readonly #purge;

  readonly #db: Db;
  #byKey: Database.Statement<[string, string, string, number], number> | undefined;

  constructor(db: Db) {
    this.#db = db;
    this.#meta = new Meta(db);
    this.#get = db.prepare<[number], CollectionRow>('SELECT * FROM collections WHERE id = ?');
    this.#put = db.prepare(
      `INSERT OR REPLACE INTO collections (id, owner, mode, decimals, name, description, token_prefix, flags,
        sponsor_state, sponsor, limits, permissions, tokens_minted, tokens_burnt, properties_consumed)
       VALUES (@id, @owner, @mode, @decimals, @name, @description, @tokenPrefix, @flags, @sponsorState, @sponsor,
        @limits, @permissions, @tokensMinted, @tokensBurnt, @propertiesConsumed)`,
    );
    this.#delete = db.prepare('DELETE FROM collections WHERE id = ?');
    this.#list = db.prepare<[number, number], CollectionRow>(
      'SELECT * FROM collections ORDER BY id LIMIT ? OFFSET ?',
    );
    this.#propsAll = db.prepare<[number], StoredProperty>(
      'SELECT key, value FROM collection_properties WHERE collection_id = ? ORDER BY key',
    );
    this.#propGet = db.prepare<[number, string], StoredProperty>(
      'SELECT key, value FROM collection_properties WHERE collection_id = ? AND key = ?',
    );
    this.#propSet = db.prepare(
      'INSERT OR REPLACE INTO collection_properties (collection_id, key, value) VALUES (?, ?, ?)',
    );
    this.#propDel = db.prepare('DELETE FROM collection_properties WHERE collection_id = ? AND key = ?');
    this.#tppAll = db.prepare<
      [number],
      { key: string; mutable: number; collection_admin: number; token_owner: number }
    >(
      'SELECT key, mutable, collection_admin, token_owner FROM token_property_permissions WHERE collection_id = ? ORDER BY key',
    );
    this.#tppGet = db.prepare<
      [number, string],
      { mutable: number; collection_admin: number; token_owner: number }
    >(
      'SELECT mutable, collection_admin, token_owner FROM token_property_permissions WHERE collection_id = ? AND key = ?',
    );
    this.#tppSet = db.prepare(
      'INSERT OR REPLACE INTO token_property_permissions (collection_id, key, mutable, collection_admin, token_owner) VALUES (?, ?, ?, ?, ?)',
    );
    this.#adminsAll = db
      .prepare<[number], string>(
        'SELECT account FROM collection_admins WHERE collection_id = ? ORDER BY account',
      )
      .pluck();
    this.#admins = new KeyedSet<[number, string]>(db, 'collection_admins', ['collection_id', 'account']);
    this.#allowList = new KeyedSet<[number, string]>(db, 'allow_list', ['collection_id', 'account']);
    this.#allowAll = db
      .prepare<[number], string>('SELECT account FROM allow_list WHERE collection_id = ? ORDER BY account')
      .pluck();
    this.#purge = rowsDeleter(
      db,
      [
        'collection_properties',
        'token_property_permissions',
        'collection_admins',
        'allow_list',
        'operator_approvals',
      ],
      ['collection_id'],
    );
  }

  get createdCount(): number {
    return this.#meta.getNumber(STATE_META.collectionsCreated);
  }
  get destroyedCount(): number {
    return this.#meta.getNumber(STATE_META.collectionsDestroyed);
  }
  setCounts(created: number, destroyed: number): void {
    this.#meta.set(STATE_META.collectionsCreated, created);
    this.#meta.set(STATE_META.collectionsDestroyed, destroyed);
  }

  collection(id: number): Collection | undefined {
    const row = this.#get.get(id);
    return row ? fromRow(row) : undefined;
  }

  putCollection(c: Collection): void {
    this.#put.run({ ...c, limits: JSON.stringify(c.limits), permissions: JSON.stringify(c.permissions) });
  }

  /** Removes the collection row and everything keyed by it in this pallet (token storage is the token pallet's). */
  removeCollection(id: number): void {
    this.#delete.run(id);
    this.#purge(id);
  }

  /**
   * Collection ids in `Common.CollectionById`'s key order (`common/storageKey.ts`), after the key part `after`,
   * within `[from, to)`, at most `limit`: one range read of the collections_storage_key index.
   */
  collectionsByKey(after: string, from: string, to: string, limit: number): number[] {
    // Prepared on first use: a database openDb did not open has neither the index nor its SQL function.
    const key = `${COLLECTION_KEY_SQL_FUNCTION}(id)`;
    this.#byKey ??= this.#db
      .prepare<[string, string, string, number], number>(
        `SELECT id FROM collections WHERE ${key} > ? AND ${key} >= ? AND ${key} < ? ORDER BY ${key} LIMIT ?`,
      )
      .pluck();
    return this.#byKey.all(after, from, to, limit);
  }

  list(limit: number, offset: number): Collection[] {
    return this.#list.all(limit, offset).map(fromRow);
  }

  properties(id: number): StoredProperty[] {
    return this.#propsAll.all(id);
  }
  property(id: number, key: string): StoredProperty | undefined {
    return this.#propGet.get(id, key);
  }
  setProperty(id: number, key: string, value: Uint8Array): void {
    this.#propSet.run(id, key, value);
  }
  deleteProperty(id: number, key: string): void {
    this.#propDel.run(id, key);
  }

  propertyPermissions(id: number): { key: string; permission: PropertyPermission }[] {
    return this.#tppAll.all(id).map((r) => ({
      key: r.key,
      permission: {
        mutable: !!r.mutable,
        collectionAdmin: !!r.collection_admin,
        tokenOwner: !!r.token_owner,
      },
    }));
  }
  propertyPermission(id: number, key: string): PropertyPermission | undefined {
    const r = this.#tppGet.get(id, key);
    return r
      ? { mutable: !!r.mutable, collectionAdmin: !!r.collection_admin, tokenOwner: !!r.token_owner }
      : undefined;
  }
  setPropertyPermission(id: number, key: string, p: PropertyPermission): void {
    this.#tppSet.run(id, key, Number(p.mutable), Number(p.collectionAdmin), Number(p.tokenOwner));
  }

  admins(id: number): string[] {
    return this.#adminsAll.all(id);
  }
  isAdmin(id: number, account: string): boolean {
    return this.#admins.has([id, account]);
  }
  addAdmin(id: number, account: string): void {
    this.#admins.set([id, account], true);
  }
  removeAdmin(id: number, account: string): void {
    this.#admins.set([id, account], false);
  }

  allowList(id: number): string[] {
    return this.#allowAll.all(id);
  }
  isAllowed(id: number, account: string): boolean {
    return this.#allowList.has([id, account]);
  }
  allow(id: number, account: string): void {
    this.#allowList.set([id, account], true);
  }
  disallow(id: number, account: string): void {
    this.#allowList.set([id, account], false);
  }
}
