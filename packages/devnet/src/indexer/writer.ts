import { isNestingAddress, nestingAddressFromIds, nestingAddressToIds } from '@nftkit/primitives';
import type { BlockIndex } from '../chain/chain.js';
import { GENESIS_ACCOUNTS } from '../chain/ethDevAccounts.js';
import type { BlockRow, EventRow, ExtrinsicRow, WrittenBlock } from '../chain/historyRows.js';
import type { StoredProperty } from '../runtime/common/types.js';
import type { RuntimeStorage } from '../runtime/storage.js';
import type { Db } from '../storage/db.js';
import { accountFacts, addressesIn, addressFromValue } from './addresses.js';
import { padAmount, unpadAmount } from './amounts.js';
import { EVENT_INDEX_EVERY, EVENT_INDEX_PENDING_LIMIT, indexEvents, markEventIndex } from './eventIndex.js';
import { collectionRow } from './rows/collection.js';
import { attributePairs, liveToken, nftRow, royaltyRecipients } from './rows/nft.js';

/** `meta` key: the last block whose rows the indexer holds. */
export const INDEXER_HEAD_KEY = 'indexer_head';
/** Set once refungible tokens have their `/nfts` rows (databases indexed before that are backfilled once). */
const RFT_ROWS_KEY = 'indexer_rft_rows';

type Stamp = { block: number; at: number };

/** An account the blocks being indexed touched: the first and last of those blocks, and whether it signed in one. */
type Touch = { first: Stamp; last: Stamp; signer: boolean };

/** A block whose rows wait for the next batch ({@link IndexerWriter.indexBlock}): what it wrote, and whose coins. */
type DeferredBlock = { stamp: Stamp; written: WrittenBlock; accounts: string[] };

/**
 * Blocks whose rows wait at most: a batch is written when this many have gathered, or sooner (a read of the index,
 * a block that changed more than accounts, a snapshot, an idle moment; see `BlockIndex.settle`).
 */
export const INDEX_BATCH_BLOCKS = 64;

/** A row of the dirty sets: `a` accounts, `c` collections, `t` tokens (`a`, `b` their ids), `p` refungible parents. */
type DirtyRow = { kind: 'a' | 'c' | 't' | 'p'; a: string | number; b: number | null };

/** Token events whose field 1 is a token id (chain-rules §6.2). */
const TOKEN_EVENTS = new Set([
  'ItemCreated',
  'ItemDestroyed',
  'Transfer',
  'TokenPropertySet',
  'TokenPropertyDeleted',
  'Approved',
]);

/** An event's amount field (u128 as decimal text); anything else is not an amount (and is not indexed as one). */
function amountOf(value: unknown): bigint | undefined {
  if (typeof value !== 'string' || !/^\d{1,39}$/.test(value)) return undefined;
  return BigInt(value);
}

/**
 * Derives the indexer's rows from a committed block: its extrinsics and events (history rows, transfers, token
 * balances) and the state they changed (accounts, coin balances, collections, NFTs). The chain calls
 * {@link IndexerWriter.indexBlock} inside the SQL transaction that commits the block, so the two never disagree.
 * What changed is known from triggers on the state tables (`ix_dirty_*`), so even a call that emits no event
 * is picked up; events add what the state alone does not say (transfers, creation blocks).
 */
export class IndexerWriter implements BlockIndex {
  readonly #storage: RuntimeStorage;
  readonly #db: Db;
  readonly #s;
  /** Accounts seen in the blocks being indexed, written once at their end. */
  readonly #touched = new Map<string, Touch>();
  /** Coin balances the blocks of a batch changed: the first and last block that changed each. */
  readonly #balances = new Map<string, { first: Stamp; last: Stamp }>();
  /** Blocks indexed later, in a batch (their accounts' rows are written once, stamped with the last block). */
  readonly #deferred: DeferredBlock[] = [];
  /**
   * The batch written while block `during` was indexed, in that block's SQL transaction: if the block is rolled back,
   * so are the batch's rows, and its blocks wait again ({@link rolledBack}).
   */
  #settledIn: { during: number; blocks: DeferredBlock[] } | undefined;
  /** Contracts deployed on the EVM in the block being indexed (`evm.Created`). */
  readonly #deployed = new Set<string>();
  /** Events indexed since this writer last wrote the rows that find events (`./eventIndex.ts`). */
  #unbatchedEvents = 0;

  constructor(storage: RuntimeStorage) {
    this.#storage = storage;
    const db = storage.db;
    this.#db = db;
    writers.set(db, this);
    this.#s = {
      block: db.prepare<[number], BlockRow>(
        'SELECT number, hash, parent_hash, timestamp FROM blocks WHERE number = ?',
      ),
      extrinsics: db.prepare<[number], Pick<ExtrinsicRow, 'signer'>>(
        'SELECT signer FROM extrinsics WHERE block_number = ? ORDER BY idx',
      ),
      events: db.prepare<[number], EventRow>(
        'SELECT id, extrinsic_idx, event_idx, section, method, data FROM events WHERE block_number = ? ORDER BY extrinsic_idx, event_idx',
      ),
      insertCoinTransfer: db.prepare(
        'INSERT INTO ix_coin_transfers (from_address, to_address, amount, event_id) VALUES (?, ?, ?, ?)',
      ),
      insertTokenTransfer: db.prepare(
        `INSERT INTO ix_token_transfers (collection_id, token_id, from_address, to_address, amount, event_id)
         VALUES (?, ?, ?, ?, ?, ?)`,
      ),
      tokenBalance: db
        .prepare<[number, number, string], string>(
          'SELECT amount FROM ix_token_balances WHERE collection_id = ? AND token_id = ? AND address = ?',
        )
        .pluck(),
      upsertTokenBalance: db.prepare(
        `INSERT INTO ix_token_balances (collection_id, token_id, address, amount, created_block, updated_block, created_at, updated_at)
         VALUES (@c, @t, @address, @amount, @block, @block, @at, @at)
         ON CONFLICT (collection_id, token_id, address) DO UPDATE SET amount = excluded.amount,
           updated_block = excluded.updated_block, updated_at = excluded.updated_at`,
      ),
      deleteTokenBalance: db.prepare(
        'DELETE FROM ix_token_balances WHERE collection_id = ? AND token_id = ? AND address = ?',
      ),
      insertAccount: db.prepare(
        `INSERT OR IGNORE INTO ix_accounts (address, mirror, prototype, is_ethereum, is_signer, is_smart_contract,
           created_block, updated_block, created_at, updated_at)
         VALUES (@address, @mirror, (SELECT address FROM ix_accounts WHERE mirror = @address LIMIT 1), @isEthereum, @isSigner,
           @isSmartContract, @createdBlock, @block, @createdAt, @at)`,
      ),
      linkPrototype: db.prepare(
        'UPDATE ix_accounts SET prototype = ? WHERE address = ? AND prototype IS NULL',
      ),
      markSmartContract: db.prepare('UPDATE ix_accounts SET is_smart_contract = 1 WHERE address = ?'),
      touchAccount: db.prepare(
        `UPDATE ix_accounts SET updated_block = @block, updated_at = @at, is_signer = MAX(is_signer, @isSigner)
         WHERE address = @address`,
      ),
      upsertCoinBalance: db.prepare(
        `INSERT INTO ix_coin_balances (address, available, locked, free, total, reserved, staked, unstaked, canstake,
           created_block, updated_block, created_at, updated_at)
         VALUES (@address, @available, @locked, @free, @total, @reserved, @zero, @zero, @zero, @createdBlock, @block,
           @createdAt, @at)
         ON CONFLICT (address) DO UPDATE SET available = excluded.available, locked = excluded.locked,
           free = excluded.free, total = excluded.total, reserved = excluded.reserved,
           updated_block = excluded.updated_block, updated_at = excluded.updated_at`,
      ),
      // One statement for the four sets (usually only accounts have rows): a block asks once, not four times.
      dirty: db.prepare<[], DirtyRow>(
        `SELECT 'a' AS kind, address AS a, NULL AS b FROM ix_dirty_accounts
         UNION ALL SELECT 'c', collection_id, NULL FROM ix_dirty_collections
         UNION ALL SELECT 't', collection_id, token_id FROM ix_dirty_tokens
         UNION ALL SELECT 'p', address, NULL FROM ix_dirty_rft_parents`,
      ),
      markAccount: db.prepare('INSERT OR IGNORE INTO ix_dirty_accounts VALUES (?)'),
      markCollection: db.prepare('INSERT OR IGNORE INTO ix_dirty_collections VALUES (?)'),
      markToken: db.prepare('INSERT OR IGNORE INTO ix_dirty_tokens VALUES (?, ?)'),
      clearDirty: {
        a: db.prepare('DELETE FROM ix_dirty_accounts'),
        c: db.prepare('DELETE FROM ix_dirty_collections'),
        t: db.prepare('DELETE FROM ix_dirty_tokens'),
        p: db.prepare('DELETE FROM ix_dirty_rft_parents'),
      },
      collectionStamp: db.prepare<[number], { is_burned: number }>(
        'SELECT is_burned FROM ix_collections WHERE collection_id = ?',
      ),
      upsertCollection: db.prepare(
        `INSERT INTO ix_collections (collection_id, owner, mode, name, description, sponsor, last_token_id, is_burned, row,
           created_block, updated_block, created_at, updated_at)
         VALUES (@id, @owner, @mode, @name, @description, @sponsor, @lastTokenId, 0, @row, @block, @block, @at, @at)
         ON CONFLICT (collection_id) DO UPDATE SET owner = excluded.owner, mode = excluded.mode, name = excluded.name,
           description = excluded.description, sponsor = excluded.sponsor, last_token_id = excluded.last_token_id,
           is_burned = 0, row = excluded.row, updated_block = excluded.updated_block, updated_at = excluded.updated_at`,
      ),
      burnCollection: db.prepare(
        'UPDATE ix_collections SET is_burned = 1, updated_block = ?, updated_at = ? WHERE collection_id = ?',
      ),
      clearAdmins: db.prepare('DELETE FROM ix_collection_admins WHERE collection_id = ?'),
      insertAdmin: db.prepare(
        'INSERT OR IGNORE INTO ix_collection_admins (address, collection_id) VALUES (?, ?)',
      ),
      nftStamp: db.prepare<
        [number, number],
        { owner: string; topmost_owner: string | null; is_burned: number }
      >('SELECT owner, topmost_owner, is_burned FROM ix_nfts WHERE collection_id = ? AND token_id = ?'),
      upsertNft: db.prepare(
        `INSERT INTO ix_nfts (collection_id, token_id, owner, topmost_owner, is_bundle, is_burned, row,
           created_block, updated_block, created_at, updated_at)
         VALUES (@c, @t, @owner, @topmost, @bundle, 0, @row, @block, @block, @at, @at)
         ON CONFLICT (collection_id, token_id) DO UPDATE SET owner = excluded.owner, topmost_owner = excluded.topmost_owner,
           is_bundle = excluded.is_bundle, is_burned = 0, row = excluded.row,
           updated_block = excluded.updated_block, updated_at = excluded.updated_at`,
      ),
      burnNft: db.prepare(
        'UPDATE ix_nfts SET is_burned = 1, is_bundle = 0, updated_block = ?, updated_at = ? WHERE collection_id = ? AND token_id = ?',
      ),
      clearAttributes: db.prepare('DELETE FROM ix_nft_attributes WHERE collection_id = ? AND token_id = ?'),
      insertAttribute: db.prepare(
        'INSERT INTO ix_nft_attributes (collection_id, token_id, idx, trait_type, value) VALUES (?, ?, ?, ?, ?)',
      ),
      clearRoyalties: db.prepare('DELETE FROM ix_nft_royalties WHERE collection_id = ? AND token_id = ?'),
      insertRoyalty: db.prepare(
        'INSERT OR IGNORE INTO ix_nft_royalties (collection_id, token_id, address) VALUES (?, ?, ?)',
      ),
      allAccounts: db.prepare<[], string>('SELECT address FROM accounts').pluck(),
      allCollections: db.prepare<[], number>('SELECT id FROM collections').pluck(),
      allTokens: db.prepare<[], { collection_id: number; token_id: number }>(
        'SELECT collection_id, token_id FROM tokens UNION ALL SELECT collection_id, token_id FROM rft_tokens',
      ),
      allRftTokens: db.prepare<[], { collection_id: number; token_id: number }>(
        'SELECT collection_id, token_id FROM rft_tokens',
      ),
    };
  }

  /** The last block the indexer holds rows for, or `undefined` on a database it has never seen. */
  get head(): number | undefined {
    const v = this.#storage.meta.get(INDEXER_HEAD_KEY);
    return v === undefined ? undefined : Number(v);
  }

  /** Blocks whose rows wait for the next batch. */
  get pending(): number {
    return this.#deferred.length;
  }

  /**
   * Indexes block `number`, already written to `blocks`/`extrinsics`/`events`, and the state its extrinsics
   * changed. Must run inside the transaction that writes the block. `written` gives the rows just written (the
   * chain has them at hand); without it they are read back.
   *
   * A block that changed only accounts (transfers, EVM calls: most blocks) is indexed with a batch of such blocks,
   * later: each account's rows are then written once for the batch, stamped with the first and last block that
   * touched it, as block-by-block indexing leaves them. Written block by block, a block's rows cost more than the
   * rest of a transfer's block. Whoever reads the index settles the batch first ({@link settle}); a batch a crash
   * lost is indexed again at the next start ({@link catchUp}). Any other block settles the batch, then is indexed
   * at once.
   */
  indexBlock(number: number, written?: WrittenBlock): void {
    const block = written?.block ?? this.#s.block.get(number);
    if (!block) throw new Error(`Block ${number} is not in the chain database`);
    const stamp: Stamp = { block: number, at: block.timestamp };
    this.#settledIn = undefined;
    const dirty = this.#s.dirty.all();
    if (written && this.#onlyAccounts(dirty, written)) {
      this.#deferred.push({ stamp, written, accounts: dirty.map((r) => String(r.a)) });
      if (dirty.length > 0) this.#s.clearDirty.a.run();
      if (this.#deferred.length >= INDEX_BATCH_BLOCKS) this.#settleDuring(number);
      return;
    }
    this.#settleDuring(number);
    this.#indexEvents(
      stamp,
      written?.extrinsics ?? this.#s.extrinsics.all(number),
      written?.events ?? this.#s.events.all(number),
      written === undefined,
    );
    // Read again: the block's events have added the collections and tokens they name.
    this.#indexChangedState(stamp, this.#s.dirty.all());
    this.#storage.meta.set(INDEXER_HEAD_KEY, number);
  }

  /** Block `number`'s SQL was rolled back (with the batch its indexing wrote, if it wrote one). */
  rolledBack(number: number): void {
    const kept = this.#deferred.filter((d) => d.stamp.block < number);
    const settled =
      this.#settledIn?.during === number ? this.#settledIn.blocks.filter((d) => d.stamp.block < number) : [];
    this.#deferred.splice(0, this.#deferred.length, ...settled, ...kept);
    this.#settledIn = undefined;
  }

  /** {@link settle} while block `number` is indexed: remembered until that block's indexing ends. */
  #settleDuring(number: number): void {
    const blocks = [...this.#deferred];
    this.settle();
    if (blocks.length > 0) this.#settledIn = { during: number, blocks };
  }

  /**
   * Writes the rows of the blocks put off for a batch (a no-op when none wait): before anything reads the index or
   * rewrites the database. Inside the open transaction if there is one (a block's, a batch's), else in its own.
   */
  settle(): void {
    if (this.#deferred.length === 0) return;
    const blocks = [...this.#deferred];
    const write = () => {
      for (const { stamp, written, accounts } of blocks) {
        this.#indexEvents(stamp, written.extrinsics, written.events, false);
        for (const address of accounts) {
          const seen = this.#balances.get(address);
          if (seen) seen.last = stamp;
          else this.#balances.set(address, { first: stamp, last: stamp });
          this.#touchAccount(address, stamp, false);
        }
      }
      this.#writeBalances();
      this.#writeTouchedAccounts();
      this.#storage.meta.set(INDEXER_HEAD_KEY, blocks.at(-1)!.stamp.block);
    };
    // All or nothing (a savepoint inside an open transaction): a batch that throws is left waiting, not half written.
    try {
      this.#db.transaction(write)();
    } catch (e) {
      this.#touched.clear();
      this.#balances.clear();
      this.#deployed.clear();
      throw e;
    }
    this.#deferred.splice(0, blocks.length);
  }

  /**
   * Whether a block's index rows may wait for a batch: it changed no state but accounts (dirty rows of other sets,
   * or an event of the `common` pallet, name collections or tokens, whose rows are rebuilt from the state of the
   * moment) and its rows are at hand.
   */
  #onlyAccounts(dirty: readonly DirtyRow[], written: WrittenBlock): boolean {
    for (const r of dirty) if (r.kind !== 'a') return false;
    for (const e of written.events) if (e.section === 'common') return false;
    return true;
  }

  /** The rows a block's extrinsics and events give (their signers, transfers, token balances, event index). */
  #indexEvents(
    stamp: Stamp,
    extrinsics: readonly Pick<ExtrinsicRow, 'signer'>[],
    events: readonly EventRow[],
    replay: boolean,
  ): void {
    for (const x of extrinsics) if (x.signer) this.#touchAccount(x.signer, stamp, true);
    for (const e of events) {
      this.#indexEvent(e, stamp, replay);
      this.#unbatchedEvents++;
    }
    if (stamp.block % EVENT_INDEX_EVERY === 0 || this.#unbatchedEvents >= EVENT_INDEX_PENDING_LIMIT) {
      indexEvents(this.#db);
      this.#unbatchedEvents = 0;
    }
  }

  /**
   * Brings the rows up to the chain's head (a database written before the indexer existed, or by an older
   * devnet): replays the missing blocks, then rebuilds every state row from the chain state. Runs in one
   * transaction; a no-op when the indexer is current.
   */
  catchUp(): void {
    this.settle();
    const chainHead = this.#storage.meta.getNumber('head_number');
    const head = this.head;
    markEventIndex(this.#db, head);
    if (head !== undefined && head >= chainHead) {
      this.#indexRefungibleOnce(chainHead);
      return;
    }
    this.#db.transaction(() => {
      // The genesis block has no events: its endowed accounts are known from the chain's configuration.
      if (head === undefined) for (const a of GENESIS_ACCOUNTS) this.#s.markAccount.run(a);
      for (let n = head === undefined ? 0 : head + 1; n <= chainHead; n++) this.indexBlock(n);
      const block = this.#s.block.get(chainHead);
      const stamp: Stamp = { block: chainHead, at: block?.timestamp ?? Date.now() };
      // State written before the triggers existed left no trace: take every account, collection and token.
      for (const a of this.#s.allAccounts.all()) this.#s.markAccount.run(a);
      for (const c of this.#s.allCollections.all()) this.#s.markCollection.run(c);
      for (const t of this.#s.allTokens.all()) this.#s.markToken.run(t.collection_id, t.token_id);
      this.#indexChangedState(stamp, this.#s.dirty.all());
      indexEvents(this.#db);
      this.#storage.meta.set(RFT_ROWS_KEY, 1);
    })();
  }

  /** A database indexed before refungible tokens had NFT rows gets them once, stamped with the head block. */
  #indexRefungibleOnce(head: number): void {
    if (this.#storage.meta.getNumber(RFT_ROWS_KEY) === 1) return;
    this.#db.transaction(() => {
      for (const t of this.#s.allRftTokens.all()) this.#s.markToken.run(t.collection_id, t.token_id);
      const block = this.#s.block.get(head);
      this.#indexChangedState({ block: head, at: block?.timestamp ?? Date.now() }, this.#s.dirty.all());
      this.#storage.meta.set(RFT_ROWS_KEY, 1);
    })();
  }

  /**
   * Indexes state changed outside a block (the devnet faucet), stamped with the head block. Must run inside the
   * transaction of that change.
   */
  indexOutOfBlockChanges(): void {
    this.settle();
    const head = this.#storage.meta.getNumber('head_number');
    const block = this.#s.block.get(head);
    this.#indexChangedState({ block: head, at: block?.timestamp ?? Date.now() }, this.#s.dirty.all());
  }

  #indexEvent(e: EventRow, stamp: Stamp, replay: boolean): void {
    const data: Record<string, unknown> = e.fields ?? (JSON.parse(e.data) as Record<string, unknown>);
    const id = e.id;
    const mentioned = addressesIn(data);
    // Its `ix_event_addresses` and `ix_event_calls` rows are written with a batch of blocks (./eventIndex.ts).
    for (const address of mentioned) this.#touchAccount(address, stamp, false);
    // Balance events name whose coins moved. A block being written has told the triggers so already; a replayed
    // old block has not.
    if (replay && e.section === 'balances') for (const address of mentioned) this.#s.markAccount.run(address);
    if (e.section === 'evm' && e.method === 'Created') {
      const contract = addressFromValue(data.address);
      if (contract) this.#deployed.add(contract);
      return;
    }
    if (e.section === 'balances' && e.method === 'Transfer') {
      const from = addressFromValue(data.from);
      const to = addressFromValue(data.to);
      const amount = amountOf(data.amount);
      if (from && to && amount !== undefined) this.#s.insertCoinTransfer.run(from, to, padAmount(amount), id);
      return;
    }
    if (e.section !== 'common') return;
    const collectionId = Number(data['0']);
    if (!Number.isSafeInteger(collectionId)) return;
    this.#s.markCollection.run(collectionId);
    if (!TOKEN_EVENTS.has(e.method)) return;
    const tokenId = Number(data['1']);
    if (!Number.isSafeInteger(tokenId)) return;
    this.#s.markToken.run(collectionId, tokenId);
    if (e.method === 'ItemCreated' || e.method === 'ItemDestroyed') {
      const owner = addressFromValue(data['2']);
      const amount = amountOf(data['3']);
      if (owner && amount !== undefined)
        this.#addTokenBalance(
          collectionId,
          tokenId,
          owner,
          e.method === 'ItemCreated' ? amount : -amount,
          stamp,
        );
    } else if (e.method === 'Transfer') {
      const from = addressFromValue(data['2']);
      const to = addressFromValue(data['3']);
      const amount = amountOf(data['4']);
      if (!from || !to || amount === undefined) return;
      this.#s.insertTokenTransfer.run(collectionId, tokenId, from, to, padAmount(amount), id);
      this.#addTokenBalance(collectionId, tokenId, from, -amount, stamp);
      this.#addTokenBalance(collectionId, tokenId, to, amount, stamp);
    }
  }

  #addTokenBalance(c: number, t: number, address: string, delta: bigint, stamp: Stamp): void {
    const before = this.#s.tokenBalance.get(c, t, address);
    const amount = BigInt(before === undefined ? 0 : unpadAmount(before)) + delta;
    if (amount <= 0n) this.#s.deleteTokenBalance.run(c, t, address);
    else
      this.#s.upsertTokenBalance.run({
        c,
        t,
        address,
        amount: padAmount(amount),
        block: stamp.block,
        at: stamp.at,
      });
  }

  #touchAccount(address: string, stamp: Stamp, isSigner: boolean): void {
    const seen = this.#touched.get(address);
    if (!seen) this.#touched.set(address, { first: stamp, last: stamp, signer: isSigner });
    else {
      seen.last = stamp;
      seen.signer ||= isSigner;
    }
  }

  #writeTouchedAccounts(): void {
    for (const [address, touch] of this.#touched) this.#writeAccount(address, touch);
    this.#touched.clear();
    for (const contract of this.#deployed) this.#s.markSmartContract.run(contract);
    this.#deployed.clear();
  }

  #writeAccount(address: string, { first, last, signer }: Touch): void {
    // Known accounts are the common case (every block touches its signers again): one UPDATE, an INSERT only when
    // it found no row.
    const touched = this.#s.touchAccount.run({
      address,
      block: last.block,
      at: last.at,
      isSigner: Number(signer),
    });
    if (touched.changes > 0) return;
    const facts = accountFacts(address);
    this.#s.insertAccount.run({
      address,
      mirror: facts.mirror,
      isEthereum: Number(facts.isEthereum),
      isSigner: Number(signer),
      isSmartContract: Number(facts.isSmartContract),
      createdBlock: first.block,
      createdAt: first.at,
      block: last.block,
      at: last.at,
    });
    this.#s.linkPrototype.run(address, facts.mirror);
  }

  /** The coin balance rows of the accounts in {@link #balances}, from their state now. */
  #writeBalances(): void {
    for (const [address, { first, last }] of this.#balances) {
      const a = this.#storage.system.account(address);
      this.#s.upsertCoinBalance.run({
        address,
        available: padAmount(a.free > a.frozen ? a.free - a.frozen : 0n),
        locked: padAmount(a.frozen),
        free: padAmount(a.free),
        total: padAmount(a.free + a.reserved),
        reserved: padAmount(a.reserved),
        zero: padAmount(0n),
        createdBlock: first.block,
        createdAt: first.at,
        block: last.block,
        at: last.at,
      });
    }
    this.#balances.clear();
  }

  #indexChangedState(stamp: Stamp, rows: readonly DirtyRow[]): void {
    const of = (kind: DirtyRow['kind']) => rows.filter((r) => r.kind === kind);
    for (const { a: address } of of('a')) {
      this.#balances.set(String(address), { first: stamp, last: stamp });
      this.#touchAccount(String(address), stamp, false);
    }
    this.#writeBalances();
    this.#writeTouchedAccounts();
    for (const { a: id } of of('c')) this.#indexCollection(Number(id), stamp);
    const parents = of('p').map(({ a }) => {
      const p = nestingAddressToIds(String(a));
      return [p.collectionId, p.tokenId] as const;
    });
    this.#indexTokens([...of('t').map((r) => [Number(r.a), Number(r.b)] as const), ...parents], stamp);
    // Only the sets that had rows are emptied: the indexing above writes no chain state, so none gained any.
    for (const kind of new Set(rows.map((r) => r.kind))) this.#s.clearDirty[kind].run();
  }

  #indexCollection(id: number, stamp: Stamp): void {
    const c = this.#storage.common.collection(id);
    if (!c) {
      const known = this.#s.collectionStamp.get(id);
      if (known && !known.is_burned) this.#s.burnCollection.run(stamp.block, stamp.at, id);
      return;
    }
    const row = collectionRow(this.#storage, c);
    this.#s.upsertCollection.run({
      id,
      owner: row.owner,
      mode: row.mode,
      name: row.name,
      description: row.description,
      sponsor: row.sponsor,
      lastTokenId: row.lastTokenId,
      row: JSON.stringify(row),
      block: stamp.block,
      at: stamp.at,
    });
    this.#s.clearAdmins.run(id);
    for (const admin of row.adminList) this.#s.insertAdmin.run(admin, id);
  }

  /**
   * Rebuilds the rows of the given tokens, then of every token whose derived fields they changed: the parents
   * whose `isBundle` may flip, and the nested tokens whose `topmostOwner` moved with them.
   */
  #indexTokens(initial: (readonly [number, number])[], stamp: Stamp): void {
    const work = [...initial];
    const done = new Set<string>();
    const collectionProperties = new Map<number, StoredProperty[]>();
    const propertiesOf = (c: number) => {
      let props = collectionProperties.get(c);
      if (!props) {
        props = this.#storage.common.properties(c);
        collectionProperties.set(c, props);
      }
      return props;
    };
    const enqueueParent = (owner: string | undefined) => {
      if (owner && isNestingAddress(owner)) {
        const p = nestingAddressToIds(owner);
        work.push([p.collectionId, p.tokenId]);
      }
    };
    for (let item = work.pop(); item; item = work.pop()) {
      const [c, t] = item;
      const key = `${c}:${t}`;
      if (done.has(key)) continue;
      done.add(key);
      const before = this.#s.nftStamp.get(c, t);
      const token = liveToken(this.#storage, c, t);
      if (!token) {
        if (before && !before.is_burned) {
          this.#s.burnNft.run(stamp.block, stamp.at, c, t);
          enqueueParent(before.owner);
        }
        continue;
      }
      const row = nftRow(this.#storage, token, propertiesOf(c));
      this.#s.upsertNft.run({
        c,
        t,
        owner: row.owner,
        topmost: row.topmostOwner,
        bundle: Number(row.isBundle),
        row: JSON.stringify(row),
        block: stamp.block,
        at: stamp.at,
      });
      this.#s.clearAttributes.run(c, t);
      attributePairs(row).forEach((a, i) => {
        this.#s.insertAttribute.run(c, t, i, a.traitType, a.value);
      });
      this.#s.clearRoyalties.run(c, t);
      for (const address of royaltyRecipients(row)) this.#s.insertRoyalty.run(c, t, address);
      if (before?.owner !== row.owner) {
        enqueueParent(before?.owner);
        enqueueParent(row.owner);
      }
      // A token indexed for the first time has just been minted: it has no nested tokens yet.
      if (before && (before.topmost_owner !== row.topmostOwner || before.owner !== row.owner))
        for (const child of childTokens(this.#storage, nestingAddressFromIds(c, t)))
          work.push([child.collectionId, child.tokenId]);
    }
  }
}

/** Tokens nested directly under a token address: the NFTs it owns and the refungible tokens it holds pieces of. */
const childTokens = (storage: RuntimeStorage, address: string) => [
  ...storage.nonfungible.tokensOf(address),
  ...storage.refungible.tokensOf(address),
];

/** The writer of each database's index, for readers to settle its batch ({@link settleIndex}). */
const writers = new WeakMap<Db, IndexerWriter>();

/** Writes the index rows of `db` that wait for a batch (`IndexerWriter.settle`), if a writer keeps its index. */
export function settleIndex(db: Db): void {
  writers.get(db)?.settle();
}

/** The index a `Chain` keeps with its blocks: `new Chain({ db, index: indexChain })`. */
export const indexChain = (storage: RuntimeStorage): IndexerWriter => new IndexerWriter(storage);
