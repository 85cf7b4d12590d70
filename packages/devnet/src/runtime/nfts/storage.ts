import type { Db } from '../../storage/db.js';
import { rowsDeleter } from '../../storage/deleteRows.js';
import { Meta } from '../../storage/meta.js';
import { STATE_META } from '../stateMeta.js';
import type { RuntimeStorage } from '../storage.js';
import {
  COLLECTION_LEVEL,
  type CollectionConfig,
  type CollectionDetails,
  type ItemDetails,
  type MintType,
  type Namespace,
  type StoredAttribute,
  type StoredMetadata,
} from './types.js';

type CollectionRow = {
  id: number;
  owner: string;
  owner_deposit: string;
  items: number;
  item_metadatas: number;
  item_configs: number;
  attributes: number;
};
type ConfigRow = {
  settings: number;
  max_supply: number | null;
  mint_type: string;
  holder_of: number | null;
  price: string | null;
  start_block: number | null;
  end_block: number | null;
  default_item_settings: number;
};
type ItemRow = {
  collection_id: number;
  item_id: number;
  owner: string;
  deposit_account: string;
  deposit_amount: string;
};
type AttributeRow = {
  namespace: string;
  key: Uint8Array;
  value: Uint8Array;
  deposit_account: string | null;
  deposit_amount: string;
};

const NEXT_ID = STATE_META.nftsNextCollectionId;
/**
 * The first collection id. The pallet starts at 0, but most REST routes take `collectionId > 0` (rest-api §4.9), so
 * this devnet starts at 1 to keep every collection reachable (docs/decisions/devnet-nfts.md).
 */
export const FIRST_COLLECTION_ID = 1;

const toAttribute = (r: AttributeRow): StoredAttribute => ({
  namespace: r.namespace,
  key: r.key,
  value: r.value,
  depositAccount: r.deposit_account,
  depositAmount: BigInt(r.deposit_amount),
});

/** pallet-nfts storage maps over SQLite, statements prepared once per database. */
export class NftsStorage {
  readonly #meta: Meta;
  readonly #q;
  readonly #purge;

  constructor(db: Db) {
    this.#meta = new Meta(db);
    this.#purge = rowsDeleter(
      db,
      [
        'nfts_collection_configs',
        'nfts_collection_roles',
        'nfts_collection_metadata',
        'nfts_item_configs',
        'nfts_item_metadata',
        'nfts_attributes',
      ],
      ['collection_id'],
    );
    const p = <P extends unknown[], R = unknown>(sql: string) => db.prepare<P, R>(sql);
    this.#q = {
      collection: p<[number], CollectionRow>('SELECT * FROM nfts_collections WHERE id = ?'),
      putCollection: p(
        `INSERT OR REPLACE INTO nfts_collections (id, owner, owner_deposit, items, item_metadatas, item_configs, attributes)
         VALUES (@id, @owner, @ownerDeposit, @items, @itemMetadatas, @itemConfigs, @attributes)`,
      ),
      deleteCollection: p<[number]>('DELETE FROM nfts_collections WHERE id = ?'),
      listCollections: p<[number, number], CollectionRow>(
        'SELECT * FROM nfts_collections ORDER BY id LIMIT ? OFFSET ?',
      ),
      ownedCollections: p<[string], { id: number }>(
        'SELECT id FROM nfts_collections WHERE owner = ? ORDER BY id',
      ),
      config: p<[number], ConfigRow>('SELECT * FROM nfts_collection_configs WHERE collection_id = ?'),
      putConfig: p(
        `INSERT OR REPLACE INTO nfts_collection_configs (collection_id, settings, max_supply, mint_type, holder_of, price,
          start_block, end_block, default_item_settings)
         VALUES (@collectionId, @settings, @maxSupply, @mintType, @holderOf, @price, @startBlock, @endBlock, @defaultItemSettings)`,
      ),
      roles: p<[number, string], { roles: number }>(
        'SELECT roles FROM nfts_collection_roles WHERE collection_id = ? AND account = ?',
      ),
      allRoles: p<[number], { account: string; roles: number }>(
        'SELECT account, roles FROM nfts_collection_roles WHERE collection_id = ? ORDER BY account',
      ),
      putRoles: p(
        'INSERT OR REPLACE INTO nfts_collection_roles (collection_id, account, roles) VALUES (?, ?, ?)',
      ),
      clearRoles: p<[number]>('DELETE FROM nfts_collection_roles WHERE collection_id = ?'),
      collectionMetadata: p<[number], { deposit: string; data: Uint8Array }>(
        'SELECT deposit, data FROM nfts_collection_metadata WHERE collection_id = ?',
      ),
      putCollectionMetadata: p(
        'INSERT OR REPLACE INTO nfts_collection_metadata (collection_id, deposit, data) VALUES (?, ?, ?)',
      ),
      deleteCollectionMetadata: p<[number]>('DELETE FROM nfts_collection_metadata WHERE collection_id = ?'),
      item: p<[number, number], ItemRow>('SELECT * FROM nfts_items WHERE collection_id = ? AND item_id = ?'),
      putItem: p(
        `INSERT OR REPLACE INTO nfts_items (collection_id, item_id, owner, deposit_account, deposit_amount)
         VALUES (@collectionId, @itemId, @owner, @depositAccount, @depositAmount)`,
      ),
      deleteItem: p<[number, number]>('DELETE FROM nfts_items WHERE collection_id = ? AND item_id = ?'),
      itemsOf: p<[string, number], { item_id: number }>(
        'SELECT item_id FROM nfts_items WHERE owner = ? AND collection_id = ? ORDER BY item_id',
      ),
      itemConfig: p<[number, number], { settings: number }>(
        'SELECT settings FROM nfts_item_configs WHERE collection_id = ? AND item_id = ?',
      ),
      putItemConfig: p(
        'INSERT OR REPLACE INTO nfts_item_configs (collection_id, item_id, settings) VALUES (?, ?, ?)',
      ),
      deleteItemConfig: p<[number, number]>(
        'DELETE FROM nfts_item_configs WHERE collection_id = ? AND item_id = ?',
      ),
      itemMetadata: p<
        [number, number],
        { deposit_account: string | null; deposit_amount: string; data: Uint8Array }
      >(
        'SELECT deposit_account, deposit_amount, data FROM nfts_item_metadata WHERE collection_id = ? AND item_id = ?',
      ),
      allItemMetadata: p<[number], { deposit_account: string | null; deposit_amount: string }>(
        'SELECT deposit_account, deposit_amount FROM nfts_item_metadata WHERE collection_id = ?',
      ),
      putItemMetadata: p(
        `INSERT OR REPLACE INTO nfts_item_metadata (collection_id, item_id, deposit_account, deposit_amount, data)
         VALUES (?, ?, ?, ?, ?)`,
      ),
      deleteItemMetadata: p<[number, number]>(
        'DELETE FROM nfts_item_metadata WHERE collection_id = ? AND item_id = ?',
      ),
      approvals: p<[number, number], { delegate: string; deadline: number | null }>(
        'SELECT delegate, deadline FROM nfts_transfer_approvals WHERE collection_id = ? AND item_id = ? ORDER BY delegate',
      ),
      putApproval: p(
        'INSERT OR REPLACE INTO nfts_transfer_approvals (collection_id, item_id, delegate, deadline) VALUES (?, ?, ?, ?)',
      ),
      deleteApproval: p<[number, number, string]>(
        'DELETE FROM nfts_transfer_approvals WHERE collection_id = ? AND item_id = ? AND delegate = ?',
      ),
      clearApprovals: p<[number, number]>(
        'DELETE FROM nfts_transfer_approvals WHERE collection_id = ? AND item_id = ?',
      ),
      attrApprovals: p<[number, number], { delegate: string }>(
        'SELECT delegate FROM nfts_attribute_approvals WHERE collection_id = ? AND item_id = ? ORDER BY delegate',
      ),
      putAttrApproval: p(
        'INSERT OR IGNORE INTO nfts_attribute_approvals (collection_id, item_id, delegate) VALUES (?, ?, ?)',
      ),
      deleteAttrApproval: p<[number, number, string]>(
        'DELETE FROM nfts_attribute_approvals WHERE collection_id = ? AND item_id = ? AND delegate = ?',
      ),
      clearAttrApprovals: p<[number, number]>(
        'DELETE FROM nfts_attribute_approvals WHERE collection_id = ? AND item_id = ?',
      ),
      attribute: p<[number, number, string, Uint8Array], AttributeRow>(
        `SELECT namespace, key, value, deposit_account, deposit_amount FROM nfts_attributes
         WHERE collection_id = ? AND item_id = ? AND namespace = ? AND key = ?`,
      ),
      attributes: p<[number, number], AttributeRow>(
        `SELECT namespace, key, value, deposit_account, deposit_amount FROM nfts_attributes
         WHERE collection_id = ? AND item_id = ? ORDER BY namespace, key`,
      ),
      allAttributes: p<[number], AttributeRow>(
        'SELECT namespace, key, value, deposit_account, deposit_amount FROM nfts_attributes WHERE collection_id = ?',
      ),
      putAttribute: p(
        `INSERT OR REPLACE INTO nfts_attributes (collection_id, item_id, namespace, key, value, deposit_account, deposit_amount)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      deleteAttribute: p<[number, number, string, Uint8Array]>(
        'DELETE FROM nfts_attributes WHERE collection_id = ? AND item_id = ? AND namespace = ? AND key = ?',
      ),
      price: p<[number, number], { price: string; buyer: string | null }>(
        'SELECT price, buyer FROM nfts_item_prices WHERE collection_id = ? AND item_id = ?',
      ),
      putPrice: p(
        'INSERT OR REPLACE INTO nfts_item_prices (collection_id, item_id, price, buyer) VALUES (?, ?, ?, ?)',
      ),
      deletePrice: p<[number, number]>(
        'DELETE FROM nfts_item_prices WHERE collection_id = ? AND item_id = ?',
      ),
      acceptance: p<[string], { collection_id: number }>(
        'SELECT collection_id FROM nfts_ownership_acceptance WHERE account = ?',
      ),
      putAcceptance: p(
        'INSERT OR REPLACE INTO nfts_ownership_acceptance (account, collection_id) VALUES (?, ?)',
      ),
      deleteAcceptance: p<[string]>('DELETE FROM nfts_ownership_acceptance WHERE account = ?'),
    };
  }

  get nextCollectionId(): number {
    return Number(this.#meta.get(NEXT_ID) ?? FIRST_COLLECTION_ID);
  }
  setNextCollectionId(id: number): void {
    this.#meta.set(NEXT_ID, id);
  }

  collection(id: number): CollectionDetails | undefined {
    const r = this.#q.collection.get(id);
    return r
      ? {
          id: r.id,
          owner: r.owner,
          ownerDeposit: BigInt(r.owner_deposit),
          items: r.items,
          itemMetadatas: r.item_metadatas,
          itemConfigs: r.item_configs,
          attributes: r.attributes,
        }
      : undefined;
  }
  putCollection(c: CollectionDetails): void {
    this.#q.putCollection.run({ ...c, ownerDeposit: String(c.ownerDeposit) });
  }
  listCollections(limit: number, offset: number): number[] {
    return this.#q.listCollections.all(limit, offset).map((r) => r.id);
  }
  collectionsOwnedBy(account: string): number[] {
    return this.#q.ownedCollections.all(account).map((r) => r.id);
  }

  config(id: number): CollectionConfig | undefined {
    const r = this.#q.config.get(id);
    if (!r) return undefined;
    const mintType: MintType =
      r.mint_type === 'HolderOf' ? { HolderOf: r.holder_of ?? 0 } : (r.mint_type as 'Issuer' | 'Public');
    return {
      settings: r.settings,
      maxSupply: r.max_supply,
      mintSettings: {
        mintType,
        price: r.price === null ? null : BigInt(r.price),
        startBlock: r.start_block,
        endBlock: r.end_block,
        defaultItemSettings: r.default_item_settings,
      },
    };
  }
  putConfig(collectionId: number, c: CollectionConfig): void {
    const m = c.mintSettings;
    this.#q.putConfig.run({
      collectionId,
      settings: c.settings,
      maxSupply: c.maxSupply,
      mintType: typeof m.mintType === 'object' ? 'HolderOf' : m.mintType,
      holderOf: typeof m.mintType === 'object' ? m.mintType.HolderOf : null,
      price: m.price === null ? null : String(m.price),
      startBlock: m.startBlock,
      endBlock: m.endBlock,
      defaultItemSettings: m.defaultItemSettings,
    });
  }

  roles(collectionId: number, account: string): number {
    return this.#q.roles.get(collectionId, account)?.roles ?? 0;
  }
  allRoles(collectionId: number): { account: string; roles: number }[] {
    return this.#q.allRoles.all(collectionId);
  }
  setRoles(collectionId: number, account: string, roles: number): void {
    this.#q.putRoles.run(collectionId, account, roles);
  }
  clearRoles(collectionId: number): void {
    this.#q.clearRoles.run(collectionId);
  }

  collectionMetadata(id: number): { deposit: bigint; data: Uint8Array } | undefined {
    const r = this.#q.collectionMetadata.get(id);
    return r ? { deposit: BigInt(r.deposit), data: r.data } : undefined;
  }
  setCollectionMetadata(id: number, deposit: bigint, data: Uint8Array): void {
    this.#q.putCollectionMetadata.run(id, String(deposit), data);
  }
  deleteCollectionMetadata(id: number): void {
    this.#q.deleteCollectionMetadata.run(id);
  }

  item(collectionId: number, itemId: number): ItemDetails | undefined {
    const r = this.#q.item.get(collectionId, itemId);
    return r
      ? {
          collectionId: r.collection_id,
          itemId: r.item_id,
          owner: r.owner,
          depositAccount: r.deposit_account,
          depositAmount: BigInt(r.deposit_amount),
        }
      : undefined;
  }
  putItem(i: ItemDetails): void {
    this.#q.putItem.run({ ...i, depositAmount: String(i.depositAmount) });
  }
  deleteItem(collectionId: number, itemId: number): void {
    this.#q.deleteItem.run(collectionId, itemId);
  }
  itemsOf(owner: string, collectionId: number): number[] {
    return this.#q.itemsOf.all(owner, collectionId).map((r) => r.item_id);
  }

  itemConfig(collectionId: number, itemId: number): number | undefined {
    return this.#q.itemConfig.get(collectionId, itemId)?.settings;
  }
  setItemConfig(collectionId: number, itemId: number, settings: number): void {
    this.#q.putItemConfig.run(collectionId, itemId, settings);
  }
  deleteItemConfig(collectionId: number, itemId: number): void {
    this.#q.deleteItemConfig.run(collectionId, itemId);
  }

  itemMetadata(collectionId: number, itemId: number): StoredMetadata | undefined {
    const r = this.#q.itemMetadata.get(collectionId, itemId);
    return r
      ? { data: r.data, depositAccount: r.deposit_account, depositAmount: BigInt(r.deposit_amount) }
      : undefined;
  }
  allItemMetadata(collectionId: number): { depositAccount: string | null; depositAmount: bigint }[] {
    return this.#q.allItemMetadata
      .all(collectionId)
      .map((r) => ({ depositAccount: r.deposit_account, depositAmount: BigInt(r.deposit_amount) }));
  }
  setItemMetadata(collectionId: number, itemId: number, m: StoredMetadata): void {
    this.#q.putItemMetadata.run(collectionId, itemId, m.depositAccount, String(m.depositAmount), m.data);
  }
  deleteItemMetadata(collectionId: number, itemId: number): void {
    this.#q.deleteItemMetadata.run(collectionId, itemId);
  }

  transferApprovals(collectionId: number, itemId: number): { delegate: string; deadline: number | null }[] {
    return this.#q.approvals.all(collectionId, itemId);
  }
  setTransferApproval(collectionId: number, itemId: number, delegate: string, deadline: number | null): void {
    this.#q.putApproval.run(collectionId, itemId, delegate, deadline);
  }
  removeTransferApproval(collectionId: number, itemId: number, delegate: string): void {
    this.#q.deleteApproval.run(collectionId, itemId, delegate);
  }
  clearTransferApprovals(collectionId: number, itemId: number): void {
    this.#q.clearApprovals.run(collectionId, itemId);
  }

  attributeApprovals(collectionId: number, itemId: number): string[] {
    return this.#q.attrApprovals.all(collectionId, itemId).map((r) => r.delegate);
  }
  addAttributeApproval(collectionId: number, itemId: number, delegate: string): void {
    this.#q.putAttrApproval.run(collectionId, itemId, delegate);
  }
  removeAttributeApproval(collectionId: number, itemId: number, delegate: string): void {
    this.#q.deleteAttrApproval.run(collectionId, itemId, delegate);
  }
  clearAttributeApprovals(collectionId: number, itemId: number): void {
    this.#q.clearAttrApprovals.run(collectionId, itemId);
  }

  attribute(
    collectionId: number,
    itemId: number | null,
    namespace: Namespace,
    key: Uint8Array,
  ): StoredAttribute | undefined {
    const r = this.#q.attribute.get(collectionId, itemId ?? COLLECTION_LEVEL, namespace, key);
    return r ? toAttribute(r) : undefined;
  }
  attributes(collectionId: number, itemId: number | null): StoredAttribute[] {
    return this.#q.attributes.all(collectionId, itemId ?? COLLECTION_LEVEL).map(toAttribute);
  }
  allAttributes(collectionId: number): StoredAttribute[] {
    return this.#q.allAttributes.all(collectionId).map(toAttribute);
  }
  setAttribute(collectionId: number, itemId: number | null, a: StoredAttribute): void {
    this.#q.putAttribute.run(
      collectionId,
      itemId ?? COLLECTION_LEVEL,
      a.namespace,
      a.key,
      a.value,
      a.depositAccount,
      String(a.depositAmount),
    );
  }
  deleteAttribute(collectionId: number, itemId: number | null, namespace: Namespace, key: Uint8Array): void {
    this.#q.deleteAttribute.run(collectionId, itemId ?? COLLECTION_LEVEL, namespace, key);
  }

  price(collectionId: number, itemId: number): { price: bigint; buyer: string | null } | undefined {
    const r = this.#q.price.get(collectionId, itemId);
    return r ? { price: BigInt(r.price), buyer: r.buyer } : undefined;
  }
  setPrice(collectionId: number, itemId: number, price: bigint, buyer: string | null): void {
    this.#q.putPrice.run(collectionId, itemId, String(price), buyer);
  }
  removePrice(collectionId: number, itemId: number): void {
    this.#q.deletePrice.run(collectionId, itemId);
  }

  ownershipAcceptance(account: string): number | undefined {
    return this.#q.acceptance.get(account)?.collection_id;
  }
  setOwnershipAcceptance(account: string, collectionId: number | null): void {
    if (collectionId === null) this.#q.deleteAcceptance.run(account);
    else this.#q.putAcceptance.run(account, collectionId);
  }

  /** Removes a destroyed collection's rows (items are gone already: destroy needs an empty collection). */
  purgeCollection(id: number): void {
    this.#q.deleteCollection.run(id);
    this.#purge(id);
  }
}

const cache = new WeakMap<Db, NftsStorage>();

/** The pallet's storage over the runtime's database (one instance per database). */
export function nftsStorage(storage: RuntimeStorage): NftsStorage {
  let s = cache.get(storage.db);
  if (!s) {
    s = new NftsStorage(storage.db);
    cache.set(storage.db, s);
  }
  return s;
}
