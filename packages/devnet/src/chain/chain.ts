import { EventEmitter } from 'node:events';
import {
  bytesToHex,
  decodeEra,
  encodeMortalEra,
  eraBirth,
  IMMORTAL_ERA,
  mortalEraPeriod,
  normalizeSubstrateAddress,
  type SignerPayloadJSON,
  signerPayloadToRaw,
  signerPayloadToSignBytes,
} from '@nftkit/primitives';
import { mint, usableBalance } from '../runtime/balances/pallet.js';
import { toCompactExtrinsic } from '../runtime/codec.js';
import type { DispatchContext } from '../runtime/context.js';
import type { EthTransaction } from '../runtime/ethereum/transaction.js';
import { type ConsoleSink, consoleOf, printConsoleLines } from '../runtime/evm/console.js';
import { EvmEngine, type EvmEngineOptions } from '../runtime/evm/engine/engine.js';
import { CHAIN } from '../runtime/identity.js';
import { decodeCall } from '../runtime/runtime.js';
import { sponsorOf } from '../runtime/sponsoring.js';
import { RuntimeStorage } from '../runtime/storage.js';
import { checkpointWal, type Db } from '../storage/db.js';
import { forgetCachedRows } from '../storage/rowCache.js';
import { UndoLog } from '../storage/undoLog.js';
import { applyExtrinsic, type BlockInProgress } from './apply.js';
import { applyEthereumTransaction } from './applyEthereum.js';
import { ChainClock } from './clock.js';
import { DEFAULT_MORTAL_LENGTH, SIGNED_EXTENSIONS } from './config.js';
import { checkEthereumSender, checkEthereumTransaction } from './ethereumTx.js';
import { signedLength } from './extrinsic.js';
import { type ExtrinsicRecord, ExtrinsicStore } from './extrinsicStore.js';
import { computeFee, type FeeDetails } from './fees.js';
import { initGenesis, resetToGenesis } from './genesis.js';
import { extrinsicsRoot, headerHash, ZERO_HASH } from './header.js';
import type { WrittenBlock } from './historyRows.js';
import { ImpersonatedAccounts } from './impersonation.js';
import { accountNonce } from './nonces.js';
import { EVICTED, FUTURE_EXPIRED, type PoolPolicy, type PoolSnapshot, TxPool } from './pool.js';
import { DEFAULT_UNDO_LIMIT, Rewind } from './rewind.js';
import { SignatureThread } from './signatureThread.js';
import { SimulationTurns } from './simulationTurns.js';
import { StateHistory } from './stateHistory.js';
import {
  badSignature,
  type CheckedTx,
  checkAfterSignature,
  checkEra,
  checkFormat,
  signatureCheck,
  type ValidityView,
  validateTransaction,
} from './validity.js';

/**
 * How long the chain goes without a block before it counts as idle, and writes what it puts off while busy: the
 * index rows waiting for a batch, and the WAL's checkpoint.
 */
const IDLE_MS = 50;

/**
 * What indexes the chain's blocks (the indexer's writer, src/indexer): it writes its rows inside the SQL transaction
 * of a block, that block's or a later one's (a batch); the chain settles the batch before anything reads the index or
 * rewrites the database, and when it is idle.
 */
export type BlockIndex = {
  /** Indexes the blocks the database holds and the index does not yet (at startup). */
  catchUp(): void;
  /** May put a block's rows off for a batch, which {@link settle} writes. */
  indexBlock(number: number, written: WrittenBlock): void;
  /** Blocks whose rows wait for {@link settle}. */
  readonly pending: number;
  /** Writes the rows put off (in the open transaction if there is one): before a read of the index or a rewrite. */
  settle(): void;
  /** Block `number`'s SQL was rolled back: what the index keeps in memory goes back to how it was before it. */
  rolledBack(number: number): void;
  /** Indexes state changed outside any block (the faucet). */
  indexOutOfBlockChanges(): void;
};

export type ChainOptions = {
  db: Db;
  /** How the chain's EVM runs bytecode (`EvmEngine`); the defaults suit a devnet. */
  evm?: EvmEngineOptions;
  /** Makes the index kept with each block (the indexer's `indexChain`); without it no index is written. */
  index?: (storage: RuntimeStorage) => BlockIndex;
  /** One block per submitted transaction instead of one per `blockTimeMs`. */
  instant?: boolean;
  blockTimeMs?: number;
  /** A block is final once this many blocks are on top of it. */
  finalityDepth?: number;
  maxExtrinsicsPerBlock?: number;
  /** Check signatures of {@link Chain.submitAsync} on a worker thread (what the HTTP server does). */
  verifyOffThread?: boolean;
  /** The pool's limits (src/chain/pool.ts); the defaults suit a devnet. */
  pool?: Partial<PoolPolicy>;
  /** How long a simulation may run, in ms (geth's `--rpc.evmtimeout`, 5 s by default; 0: no limit). */
  evmTimeoutMs?: number;
  /** The pool's clock (tests move it to expire unready transactions). */
  now?: () => number;
  /** Blocks behind the head whose state stays readable (`StateHistory`, 256 by default). */
  stateHistoryBlocks?: number;
  /** Row changes kept behind the oldest snapshot before it is given up (`DEFAULT_UNDO_LIMIT`). */
  undoLimit?: number;
  /**
   * Where Solidity's `console.log` lines (calls to Hardhat's console address) of mined transactions and `eth_call`
   * go: standard output by default (as Hardhat's node and anvil print them), `false` for nowhere.
   */
  consoleLog?: ConsoleSink | false;
};

/**
 * Runs a function right after a submitter's answer is written, before the node reads anything else (the HTTP
 * JSON-RPC endpoint's). An instant block handed to it is produced while the client reads the hash rather than before
 * the hash is sent, so the two overlap on a client that waits for each transaction; whatever the client asks next
 * still finds the block.
 */
export type AfterAnswer = (fn: () => void) => void;

/**
 * How blocks come without a call to mine one: `automine`, a block for each transaction that becomes ready (`--instant`,
 * Hardhat's default); `intervalMs`, a block every so many ms (a `[min, max]` range draws each interval at random, as
 * Hardhat's node does), 0 for none.
 */
export type MiningMode = { automine: boolean; intervalMs: number | readonly [number, number] };

/** What the chain keeps in memory beside its database, taken with a snapshot and put back by a revert. */
export type ChainMemory = {
  pool: PoolSnapshot;
  dropped: Map<string, string>;
  lastNonEmpty: number;
  /** When the snapshot was taken (wall clock): a revert puts the chain's clock back to that moment. */
  takenAt: number;
};

/** Why a transaction a revert took out of the pool will never be included. */
export const REVERTED =
  '1016: Immediately Dropped: the chain went back to a snapshot taken before it arrived';
/** Why `hardhat_dropTransaction` removed a transaction. */
export const DROPPED_BY_REQUEST = '1016: Immediately Dropped: removed from the pool on request';

export type BuildOptions = {
  signerAddress: string;
  nonce?: number | undefined;
  mortalLength?: number | undefined;
};

export type BuildAnswer = {
  signerPayloadJSON: SignerPayloadJSON;
  signerPayloadRaw: { address: string; data: string; type: 'payload' };
  signerPayloadHex: string;
  compactExtrinsic: string;
};

const hex = (n: number | bigint, bytes: number) => `0x${n.toString(16).padStart(bytes * 2, '0')}`;

/**
 * The node: state, pool, block production and the extrinsic history. Everything that writes runs synchronously on
 * the event loop, so a block is built and committed without interleaving with other writes.
 */
export class Chain extends EventEmitter {
  readonly storage: RuntimeStorage;
  /** The EVM every dispatch of this chain runs contract bytecode on. */
  readonly evm: EvmEngine;
  /**
   * Where every face's simulations (`eth_call`, `eth_estimateGas`, REST's `/evm/*\/call`) take their turns under
   * one deadline, so a client's costly call holds neither block production nor the other clients.
   */
  readonly simulations: SimulationTurns;
  readonly pool: TxPool;
  readonly blockTimeMs: number;
  readonly finalityDepth: number;
  readonly genesisHash: string;
  readonly history: ExtrinsicStore;
  /** Writes the index rows of each block, inside the block's transaction. */
  readonly index: BlockIndex | undefined;
  /** The chain's time, which every block's timestamp comes from (the test helpers move it). */
  readonly clock: ChainClock;
  /** Addresses whose transactions a face may submit without a signature (the test helpers' impersonation). */
  readonly impersonated = new ImpersonatedAccounts();
  /** The moments the test helpers can take the chain back to (snapshots, `dev_setHead`), over its undo log. */
  readonly rewind: Rewind<ChainMemory>;
  readonly #undo: UndoLog;
  /** The state of the last blocks, for reads at an older block. */
  readonly stateHistory: StateHistory;
  /** Decodes and prints the `console.log` calls of a run (`DispatchContext.console`); absent when turned off. */
  readonly console: DispatchContext['console'];
  readonly #maxPerBlock: number;
  readonly #startMode: MiningMode;
  #mode: MiningMode;
  #headNumber: number;
  #headHash: string;
  #headTimestamp: number;
  #timer: NodeJS.Timeout | undefined;
  #idle: NodeJS.Timeout | undefined;
  #started = false;
  #lastNonEmpty = 0;
  readonly #dropped = new Map<string, string>();
  readonly #insertBlock;
  readonly #blockHash;
  readonly #blockTime: (n: number) => number | undefined;
  readonly #hasBlock;
  readonly #blockNumberOf;
  readonly #hashCache = new Map<number, string>();
  /** Blocks applied in the open SQL transaction, announced once it commits (group commit, see `produceBlock`). */
  readonly #uncommitted: { number: number; hash: string; extrinsics: string[] }[] = [];
  #batchOpen = false;
  #committedHead: number;
  #commitWaiters: (() => void)[] = [];
  #stopped = false;
  #lastExpiry = 0;
  readonly #nonceOf = (signer: string) => accountNonce(this.storage, signer);
  readonly #signatures: SignatureThread | undefined;

  constructor(options: ChainOptions) {
    super();
    this.setMaxListeners(0);
    this.storage = new RuntimeStorage(options.db);
    this.evm = new EvmEngine(options.evm);
    this.simulations = new SimulationTurns(options.evmTimeoutMs);
    const sink = options.consoleLog ?? printConsoleLines;
    this.console = sink === false ? undefined : consoleOf(sink);
    this.pool = new TxPool(options.pool, options.now);
    const instant = options.instant ?? false;
    this.blockTimeMs = options.blockTimeMs ?? 1000;
    this.finalityDepth = options.finalityDepth ?? (instant ? 0 : 2);
    this.#startMode = { automine: instant, intervalMs: instant ? 0 : this.blockTimeMs };
    this.#mode = this.#startMode;
    this.#maxPerBlock = options.maxExtrinsicsPerBlock ?? 2000;
    this.clock = new ChainClock(this.storage.meta);
    this.#undo = new UndoLog(options.db);
    this.rewind = new Rewind(this.#undo, options.undoLimit ?? DEFAULT_UNDO_LIMIT);
    initGenesis(this.storage, Date.now());
    this.stateHistory = new StateHistory(options.db, options.stateHistoryBlocks);
    this.index = options.index?.(this.storage);
    this.index?.catchUp();
    this.genesisHash = this.storage.meta.get('genesis_hash')!;
    const blockTime = options.db
      .prepare<[number], number>('SELECT timestamp FROM blocks WHERE number = ?')
      .pluck();
    this.#blockTime = (n) => blockTime.get(n);
    this.#headNumber = 0;
    this.#headHash = '';
    this.#headTimestamp = 0;
    this.#loadHead();
    this.#lastNonEmpty = this.#headNumber;
    this.#committedHead = this.#headNumber;
    this.history = new ExtrinsicStore(options.db);
    this.#insertBlock = options.db.prepare(
      'INSERT INTO blocks (number, hash, parent_hash, extrinsics_root, timestamp, extrinsic_count) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.#blockHash = options.db
      .prepare<[number], string>('SELECT hash FROM blocks WHERE number = ?')
      .pluck();
    this.#hasBlock = options.db.prepare<[string], number>('SELECT 1 FROM blocks WHERE hash = ?').pluck();
    this.#blockNumberOf = options.db
      .prepare<[string], number>('SELECT number FROM blocks WHERE hash = ?')
      .pluck();
    this.#signatures = options.verifyOffThread ? new SignatureThread() : undefined;
  }

  /** Whether {@link submitAsync} checks signatures on its worker thread now (false while it starts). */
  get verifiesOffThread(): boolean {
    return this.#signatures?.offThread ?? false;
  }

  get headNumber(): number {
    return this.#headNumber;
  }
  /** The head block's timestamp (ms). */
  get headTimestamp(): number {
    return this.#headTimestamp;
  }
  /** Whether each ready transaction gets a block at once (`--instant`, `evm_setAutomine`). */
  get instant(): boolean {
    return this.#mode.automine;
  }
  get miningMode(): MiningMode {
    return this.#mode;
  }
  get headHash(): string {
    return this.#headHash;
  }
  /** Block `n`'s time (Unix ms) as recorded, if the chain has it. */
  blockTimestamp(n: number): number | undefined {
    // The head's is held (every eth_call at `latest` asks for it).
    return n === this.#headNumber ? this.#headTimestamp : this.#blockTime(n);
  }
  /** The head's number and time (Unix ms): the block simulations (`eth_call`, `/evm/*\/call`) run in. */
  get headBlock(): { blockNumber: number; timestamp: number } {
    return { blockNumber: this.#headNumber, timestamp: this.#headTimestamp };
  }

  /** The last block whose SQL transaction is committed (what a killed process would still have). */
  get committedHead(): number {
    return this.#committedHead;
  }

  blockHash(n: number): string | undefined {
    const cached = this.#hashCache.get(n);
    if (cached) return cached;
    const h = this.#blockHash.get(n);
    if (h && this.#hashCache.size < 4096) this.#hashCache.set(n, h);
    return h;
  }

  hasBlock(hash: string): boolean {
    return this.#hasBlock.get(hash) !== undefined;
  }

  /** The number of the block with this hash, if the chain has it. */
  blockNumberOf(hash: string): number | undefined {
    return this.#blockNumberOf.get(hash.toLowerCase());
  }

  /** An extrinsic's record once its block is committed (status answers promise durability). */
  committedExtrinsic(hash: string): ExtrinsicRecord | undefined {
    const rec = this.history.get(hash);
    return rec && rec.blockNumber <= this.#committedHead ? rec : undefined;
  }

  /** Resolves once the blocks produced so far are committed (at once when they are). */
  whenCommitted(): Promise<void> {
    if (!this.#batchOpen) return Promise.resolve();
    return new Promise((resolve) => this.#commitWaiters.push(resolve));
  }

  isFinalized(blockNumber: number): boolean {
    return this.#headNumber - blockNumber >= this.finalityDepth;
  }

  /** `system_accountNextIndex`: the account nonce plus its consecutive transactions waiting in the pool. */
  nextIndex(address: string): number {
    const nonce = accountNonce(this.storage, address);
    return nonce + this.pool.readyCount(address, nonce);
  }

  readonly #view: ValidityView = {
    genesisHash: '',
    headNumber: 0,
    blockHash: (n) => this.blockHash(n),
    accountNonce: (a) => accountNonce(this.storage, a),
    usableBalance: (a) => usableBalance(this.storage, a),
    payerOf: (tx) =>
      tx.ethereum?.payer ??
      sponsorOf(this.storage, tx.call, tx.signer, this.#headNumber + 1)?.payer ??
      tx.signer,
    isKnown: (h) => this.pool.has(h) || this.history.has(h),
    pooledNonceTaken: (a, n) => this.pool.nonceTaken(a, n),
  };
  #validityView(): ValidityView {
    this.#view.genesisHash = this.genesisHash;
    this.#view.headNumber = this.#headNumber;
    return this.#view;
  }

  /** `R/build`: the payload a wallet signs for `call`, checkpointed at the head. */
  build(call: Uint8Array, options: BuildOptions): BuildAnswer {
    const address = normalizeSubstrateAddress(options.signerAddress);
    const nonce = options.nonce ?? this.nextIndex(address);
    const mortal = options.mortalLength ?? 0;
    let era: Uint8Array;
    let checkpoint = this.#headNumber;
    if (mortal < 0) {
      era = IMMORTAL_ERA;
      checkpoint = 0;
    } else {
      const period = mortalEraPeriod(mortal === 0 ? DEFAULT_MORTAL_LENGTH : mortal);
      era = encodeMortalEra(period, this.#headNumber);
      const decoded = decodeEra(era);
      if (decoded !== 'immortal') checkpoint = eraBirth(decoded.period, decoded.phase, this.#headNumber);
    }
    const json: SignerPayloadJSON = {
      address,
      blockHash: this.blockHash(checkpoint)!,
      blockNumber: hex(checkpoint, 4),
      era: bytesToHex(era),
      genesisHash: this.genesisHash,
      method: bytesToHex(call),
      nonce: hex(nonce, 4),
      specVersion: hex(CHAIN.specVersion, 4),
      tip: hex(0, 16),
      transactionVersion: hex(CHAIN.transactionVersion, 4),
      signedExtensions: [...SIGNED_EXTENSIONS],
      version: 4,
    };
    return {
      signerPayloadJSON: json,
      signerPayloadRaw: signerPayloadToRaw(json),
      signerPayloadHex: bytesToHex(signerPayloadToSignBytes(json)),
      compactExtrinsic: toCompactExtrinsic(call),
    };
  }

  /** `R/fee`: what the transaction would be charged if included now. */
  fee(call: Uint8Array, options: BuildOptions): FeeDetails {
    const { signerPayloadJSON } = this.build(call, options);
    const decoded = decodeCall(call);
    return computeFee(decoded.call.weight(decoded.args), signedLength(signerPayloadJSON));
  }

  /** `/extrinsics/submit`: validate, pool, and (instant mode) include at once. Throws `TxRefusedError`. */
  submit(json: SignerPayloadJSON, signature: string): string {
    return this.#admit(validateTransaction(json, signature, this.#validityView()));
  }

  /**
   * {@link submit} with the signature checked on a worker thread when the chain has one (`verifyOffThread`). The
   * other checks run once the signature is known good, against the state of that moment, in the same order.
   */
  async submitAsync(json: SignerPayloadJSON, signature: string): Promise<string> {
    if (!this.#signatures) return this.submit(json, signature);
    const tx = checkFormat(json, signature);
    const check = signatureCheck(tx, signature);
    if (!(await this.#signatures.verify(check.message, check.signature, check.publicKey)))
      throw badSignature();
    checkAfterSignature(tx, this.#validityView());
    return this.#admit(tx);
  }

  /**
   * `eth_sendRawTransaction`: a signed Ethereum transaction becomes the extrinsic `ethereum.transact` of its
   * recovered sender, pooled and included like any other. Throws `EthTransactionError` (geth's texts) or
   * `TxRefusedError` (pool full).
   */
  submitEthereum(raw: string): string {
    return this.#admit(checkEthereumTransaction(raw, this.#validityView()));
  }

  /**
   * {@link submitEthereum} with the transaction decoded and its sender recovered on the signature thread when the
   * chain has one; the checks that need the chain's state run once it is known, against the state of that moment.
   * With `afterAnswer`, its instant block is produced after the answer (see {@link AfterAnswer}).
   */
  async submitEthereumAsync(raw: string, afterAnswer?: AfterAnswer): Promise<string> {
    if (!this.#signatures)
      return this.#admit(checkEthereumTransaction(raw, this.#validityView()), afterAnswer);
    const { tx, from } = await this.#signatures.ethereum(raw);
    return this.#admit(checkEthereumSender(tx, from, this.#validityView()), afterAnswer);
  }

  /**
   * An Ethereum transaction whose sender the node knows without recovering it: one it signed itself for an unlocked
   * account, or one from an impersonated address (whose signature proves nothing). The same checks and pool as
   * {@link submitEthereum}.
   */
  submitEthereumFrom(tx: EthTransaction, from: string, afterAnswer?: AfterAnswer): string {
    return this.#admit(checkEthereumSender(tx, from, this.#validityView()), afterAnswer);
  }

  #admit(tx: CheckedTx, afterAnswer?: AfterAnswer): string {
    // Blocks expire unready transactions; in instant mode blocks may not come, so submits do it too (once a second).
    if (this.pool.now() - this.#lastExpiry >= 1000) this.#expire();
    const evicted = this.pool.admit(tx, this.#nonceOf);
    for (const e of evicted) this.#dropped.set(e.hash, EVICTED);
    // The same signed bytes again (e.g. after topping up a balance that was too low): no longer dropped.
    this.#dropped.delete(tx.hash);
    if (evicted.length > 0) this.emit('dropped');
    // Announced before an instant block may include it, so a pending-transaction watcher sees every one.
    if (tx.ethereum) this.emit('pending', tx.hash);
    // No block for nothing: a transaction behind a nonce gap waits for the one that fills it.
    if (this.#mode.automine && this.pool.isReady(tx.hash)) {
      if (afterAnswer) afterAnswer(() => this.#produceIfReady(tx.hash));
      else this.produceBlock();
    }
    return tx.hash;
  }

  /** The instant block of a transaction whose submitter was answered first, unless a block took it meanwhile. */
  #produceIfReady(hash: string): void {
    if (!this.#stopped && this.#mode.automine && this.pool.isReady(hash)) this.produceBlock();
  }

  /** Drops the transactions that stayed unready too long. */
  #expire(): void {
    this.#lastExpiry = this.pool.now();
    const expired = this.pool.expire();
    for (const tx of expired) this.#dropped.set(tx.hash, FUTURE_EXPIRED);
    if (expired.length > 0) this.emit('dropped');
  }

  /** Why a transaction left the pool without being included, if it did. */
  droppedReason(hash: string): string | undefined {
    return this.#dropped.get(hash);
  }

  /**
   * Builds and applies one block from the ready transactions; returns its number. Group commit: the block runs in a
   * savepoint of an SQL transaction that commits when the event loop turns (`setImmediate`), so the blocks of
   * submits that arrive together share one commit — in `--instant` mode the commit, not the block, was the biggest
   * cost. Status answers and the `block` event wait for the commit, so what a client was told is in a block survives
   * a killed process; a crash before the commit loses the whole batch, never part of a block.
   */
  produceBlock(timestampMs?: number): number {
    const opensBatch = !this.#batchOpen;
    this.#openBatch();
    const storage = this.storage;
    const number = this.#headNumber + 1;
    const parent = this.#headHash;
    const expected = new Map<string, number>();
    const nonceOf = (s: string) => accountNonce(storage, s);
    const candidates = this.pool.ready(nonceOf, this.#maxPerBlock);
    const included: CheckedTx[] = [];
    const dropped: [CheckedTx, string][] = [];
    const now = timestampMs ?? this.clock.nextBlockTimestamp(this.#headTimestamp);
    const block: BlockInProgress = {
      storage,
      evm: this.evm,
      number,
      timestamp: now,
      ...(this.console ? { console: this.console } : {}),
    };
    let hash = '';
    const written: Omit<WrittenBlock, 'block'> = { extrinsics: [], events: [] };
    const apply = () => {
      const view = this.#validityView();
      for (const tx of candidates) {
        const want = expected.get(tx.signer) ?? nonceOf(tx.signer);
        if (tx.nonce !== want) continue;
        try {
          checkEra(tx, view, number);
        } catch (e) {
          dropped.push([tx, (e as Error).message]);
          continue;
        }
        if (usableBalance(storage, view.payerOf(tx)) < tx.fee) {
          dropped.push([
            tx,
            '1010: Invalid Transaction: Inability to pay some fees , e.g. account balance too low',
          ]);
          continue;
        }
        const outcome = tx.ethereum ? applyEthereumTransaction(block, tx) : applyExtrinsic(block, tx);
        const rows = this.history.record(number, included.length, tx, outcome);
        written.extrinsics.push(rows.extrinsic);
        written.events.push(...rows.events);
        expected.set(tx.signer, tx.nonce + 1);
        included.push(tx);
      }
      const root = extrinsicsRoot(included.map((t) => t.hash));
      hash = headerHash({ parentHash: parent, number, stateRoot: ZERO_HASH, extrinsicsRoot: root });
      this.#insertBlock.run(number, hash, parent, root, now, included.length);
      storage.meta.set('head_number', number);
      storage.meta.set('head_hash', hash);
      this.stateHistory.pruneAfter(number);
      this.clock.blockProduced(now);
      this.index?.indexBlock(number, {
        ...written,
        block: { number, hash, parent_hash: parent, timestamp: now },
      });
      // While the undo log runs each block's end is a point to go back to: its index rows must be behind it.
      if (this.#undo.active) this.index?.settle();
    };
    // All or nothing. A block that opened the batch has the SQL transaction to itself: one that throws rolls it back
    // whole, and needs no savepoint (a savepoint copies every page the block first writes into its journal). A block
    // joining a batch runs in a savepoint, so the blocks before it stay.
    try {
      if (opensBatch) {
        try {
          apply();
        } catch (e) {
          this.#abortBatch();
          throw e;
        }
      } else storage.db.transaction(apply)();
    } catch (e) {
      this.index?.rolledBack(number);
      throw e;
    }
    this.#headNumber = number;
    this.#headHash = hash;
    this.#headTimestamp = now;
    this.rewind.blockProduced(number);
    if (included.length > 0) this.#lastNonEmpty = number;
    if (this.#dropped.size > 10_000) this.#dropped.clear();
    const touched = new Set<string>();
    for (const tx of included) {
      this.pool.remove(tx);
      touched.add(tx.signer);
    }
    for (const [tx, reason] of dropped) {
      this.pool.remove(tx);
      this.#dropped.set(tx.hash, reason);
      touched.add(tx.signer);
    }
    const stale = this.pool.stale(nonceOf);
    for (const tx of stale) {
      this.pool.remove(tx);
      this.#dropped.set(tx.hash, '1010: Invalid Transaction: Transaction is outdated');
    }
    this.pool.reclassify(touched, nonceOf);
    // Status requests held for these transactions answer now: they will never be in a block.
    if (dropped.length + stale.length > 0) this.emit('dropped');
    this.#expire();
    this.#uncommitted.push({ number, hash, extrinsics: included.map((t) => t.hash) });
    return number;
  }

  #openBatch(): void {
    if (this.#batchOpen) return;
    this.storage.db.exec('BEGIN');
    this.#batchOpen = true;
    setImmediate(() => this.commit());
  }

  /** Rolls back the open batch, which holds no block yet (its first block threw). */
  #abortBatch(): void {
    this.#batchOpen = false;
    if (this.storage.db.inTransaction) this.storage.db.exec('ROLLBACK');
  }

  /**
   * Writes the index rows of the blocks whose indexing waits for a batch (`BlockIndex.indexBlock`): what a reader of
   * the index calls first. Joins the open batch of blocks if there is one.
   */
  settleIndex(): void {
    this.index?.settle();
  }

  /**
   * Once no block has come for {@link IDLE_MS}: the index rows left waiting for a batch are written, and the WAL is
   * checkpointed. Each commit puts the moment off again.
   */
  #whenIdle(): void {
    if (this.#idle) {
      this.#idle.refresh();
      return;
    }
    this.#idle = setTimeout(() => {
      if (this.#stopped || !this.storage.db.open) return;
      this.index?.settle();
      checkpointWal(this.storage.db);
    }, IDLE_MS);
    this.#idle.unref?.();
  }

  /** Commits the open batch of blocks now (it also commits by itself when the event loop turns). */
  commit(): void {
    if (!this.#batchOpen) return;
    this.#batchOpen = false;
    // A database closed under an open batch (a test tearing down without stop()) has rolled it back already; whoever
    // waited for the commit is let go (it finds nothing committed) rather than left hanging.
    if (!this.storage.db.open) {
      for (const resolve of this.#commitWaiters.splice(0)) resolve();
      return;
    }
    this.storage.db.exec('COMMIT');
    const blocks = this.#uncommitted.splice(0);
    const last = blocks.at(-1);
    if (last) this.#committedHead = last.number;
    const waiters = this.#commitWaiters.splice(0);
    this.#whenIdle();
    if (blocks.some((b) => b.extrinsics.length > 0)) this.emit('stateChanged');
    for (const { number, hash, extrinsics } of blocks) this.emit('block', { number, hash, extrinsics });
    for (const resolve of waiters) resolve();
  }

  /**
   * Resolves with the extrinsic's record once its block is committed; with `undefined` at once if it was dropped from
   * the pool (it will never be in a block), when it is dropped or the chain stops while waiting, or after `ms`.
   */
  waitForExtrinsic(hash: string, ms: number): Promise<ExtrinsicRecord | undefined> {
    return this.#waitFor(
      ms,
      () => this.committedExtrinsic(hash),
      () => this.#dropped.has(hash),
    );
  }

  /** Resolves `true` once block `blockNumber` is final, `false` if the chain stops first or after `ms`. */
  async waitForFinality(blockNumber: number, ms: number): Promise<boolean> {
    const final = await this.#waitFor(
      ms,
      () => (this.isFinalized(blockNumber) ? true : undefined),
      () => false,
    );
    return final ?? false;
  }

  /**
   * The one way a caller waits on the chain. `found` is re-checked on every event that can change its answer (a
   * committed block, a dropped transaction) and `never` says when it cannot come any more. The first check and the
   * subscription happen in the same turn of the event loop, and the decision reads chain state, never the clock, so
   * a wake-up cannot be missed: the timer only bounds the wait.
   */
  #waitFor<T>(ms: number, found: () => T | undefined, never: () => boolean): Promise<T | undefined> {
    const now = found();
    if (now !== undefined || ms <= 0 || never() || this.#stopped) return Promise.resolve(now);
    return new Promise((resolve) => {
      const recheck = () => {
        const value = found();
        if (value !== undefined || never() || this.#stopped) finish(value);
      };
      const finish = (value: T | undefined) => {
        clearTimeout(timer);
        this.off('block', recheck);
        this.off('dropped', recheck);
        this.off('stopped', recheck);
        resolve(value);
      };
      const timer = setTimeout(() => finish(found()), ms);
      this.on('block', recheck);
      this.on('dropped', recheck);
      this.on('stopped', recheck);
    });
  }

  /** Devnet-only: new coins for `address` (raises the total issuance), committed at once. */
  faucet(address: string, amount: bigint): void {
    this.editState(() => mint(this.storage, address, amount));
  }

  /**
   * Devnet-only: changes the state outside any block (the faucet, the test helpers' `setBalance`, `setCode`, …),
   * committed at once with the index rows it changes. `edit` checks before it writes; what it throws leaves nothing.
   */
  editState<T>(edit: () => T): T {
    // Its own commit: the change is durable when the caller answers.
    this.commit();
    const result = this.storage.db.transaction(() => {
      const r = edit();
      this.index?.indexOutOfBlockChanges();
      return r;
    })();
    this.rewind.enforceLimit();
    this.emit('stateChanged');
    return result;
  }

  // ——— What the test helpers (chain/devTools.ts) build on: rewriting the database back, mining on demand ———

  /** What the chain keeps in memory beside its database, for a snapshot to take. */
  memory(): ChainMemory {
    return {
      pool: this.pool.snapshot(),
      dropped: new Map(this.#dropped),
      lastNonEmpty: this.#lastNonEmpty,
      takenAt: Date.now(),
    };
  }

  /**
   * Rewrites the database back to undo-log position `seq` (a snapshot revert, `dev_setHead`) and then what depends on
   * it: row caches, the head, later rewind points (and snapshot `id`, used up). With a snapshot's `memory` the pool
   * and the dropped reasons are put back as they were; without, the pool keeps what it holds, minus what the
   * rewound nonces made stale. Every face answers from the rewritten state once this returns.
   */
  rewriteTo(seq: number, id?: number, memory?: ChainMemory): void {
    this.settleIndex();
    this.commit();
    this.storage.db.transaction(() => {
      this.#undo.rewind(seq);
      // Time stands still across a revert: the clock's settings came back with the state, and the time spent since
      // the snapshot is taken out of them.
      if (memory) this.clock.increase(memory.takenAt - Date.now());
    })();
    this.#afterRewrite();
    this.rewind.wentBackTo(seq, this.#headNumber, id);
    let dropped: CheckedTx[];
    if (memory) {
      dropped = this.pool.restore(memory.pool);
      this.#dropped.clear();
      for (const [hash, why] of memory.dropped) this.#dropped.set(hash, why);
      for (const tx of dropped) this.#dropped.set(tx.hash, REVERTED);
      this.#lastNonEmpty = memory.lastNonEmpty;
    } else {
      const nonceOf = (s: string) => accountNonce(this.storage, s);
      dropped = this.pool.stale(nonceOf);
      for (const tx of dropped) {
        this.pool.remove(tx);
        this.#dropped.set(tx.hash, '1010: Invalid Transaction: Transaction is outdated');
      }
      this.pool.reclassify(new Set(this.pool.all().map((t) => t.signer)), nonceOf);
      this.#lastNonEmpty = Math.min(this.#lastNonEmpty, this.#headNumber);
    }
    this.emit('stateChanged');
    if (dropped.length > 0) this.emit('dropped');
  }

  /**
   * Takes the chain back to its genesis (`hardhat_reset`): same genesis hash, the endowments only, an empty pool, no
   * rewind points, no impersonated accounts, the mining mode it was started with.
   */
  rewriteToGenesis(): void {
    this.settleIndex();
    this.commit();
    this.rewind.clear();
    resetToGenesis(this.storage);
    this.index?.catchUp();
    this.#afterRewrite();
    this.#lastNonEmpty = this.#headNumber;
    const dropped = this.pool.all();
    for (const tx of dropped) {
      this.pool.remove(tx);
      this.#dropped.set(tx.hash, '1016: Immediately Dropped: the chain was reset');
    }
    this.impersonated.clear();
    this.setMiningMode(this.#startMode);
    this.emit('stateChanged');
    if (dropped.length > 0) this.emit('dropped');
  }

  /** The database was rewritten under the chain: what the chain and the row caches hold of it is read again. */
  #afterRewrite(): void {
    forgetCachedRows(this.storage.db);
    this.#hashCache.clear();
    this.#loadHead();
    this.#committedHead = this.#headNumber;
    // Blocks after the head are gone and may be built again otherwise: what a face keeps of them is stale.
    this.emit('rewritten');
  }

  #loadHead(): void {
    this.#headNumber = this.storage.meta.getNumber('head_number');
    this.#headHash = this.storage.meta.get('head_hash')!;
    this.#headTimestamp = this.#blockTime(this.#headNumber) ?? 0;
  }

  /**
   * Mines `count` blocks now, whatever the mining mode (`hardhat_mine`, `evm_mine`): the first at `firstMs` if given
   * (else at the chain's time), each next one `intervalMs` later. The pool's ready transactions go into the first
   * blocks. Committed when it returns; answers the last block's number.
   */
  mine(count: number, intervalMs: number, firstMs?: number): number {
    let last = this.#headNumber;
    for (let i = 0; i < count; i++)
      last = this.produceBlock(i === 0 ? firstMs : this.#headTimestamp + intervalMs);
    this.commit();
    return last;
  }

  /** Sets how blocks come (`evm_setAutomine`, `evm_setIntervalMining`). */
  setMiningMode(mode: Partial<MiningMode>): void {
    this.#mode = { ...this.#mode, ...mode };
    // Transactions already waiting stay until the next block, as on Hardhat's node.
    if (this.#started) this.#schedule();
  }

  /**
   * Takes a transaction out of the pool (`hardhat_dropTransaction`); answers it, or undefined when the pool does not
   * hold it. The signer's later transactions wait for the nonce again.
   */
  dropTransaction(hash: string): CheckedTx | undefined {
    const tx = this.pool.all().find((t) => t.hash === hash);
    if (!tx) return undefined;
    this.pool.remove(tx);
    this.#dropped.set(hash, DROPPED_BY_REQUEST);
    this.pool.reclassify([tx.signer], (s) => accountNonce(this.storage, s));
    this.emit('dropped');
    return tx;
  }

  start(): void {
    if (this.#started) return;
    this.#started = true;
    this.#stopped = false;
    this.#schedule();
  }

  /**
   * Arms the block timer for the mining mode: a block every interval; or, with automine and a finality depth, idle
   * blocks that only carry the last ones to finality.
   */
  #schedule(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    const { automine, intervalMs } = this.#mode;
    const interval =
      typeof intervalMs === 'number'
        ? intervalMs
        : intervalMs[0] + Math.floor(Math.random() * (intervalMs[1] - intervalMs[0] + 1));
    const carryOnly = interval === 0;
    if (carryOnly && !(automine && this.finalityDepth > 0)) return;
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        if (!carryOnly || this.#headNumber - this.#lastNonEmpty < this.finalityDepth)
          try {
            this.produceBlock();
          } catch (e) {
            this.emit('produceError', e);
          }
        if (this.#started) this.#schedule();
      },
      carryOnly ? this.blockTimeMs : interval,
    );
    this.#timer.unref?.();
  }

  stop(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#started = false;
    if (this.#idle) clearTimeout(this.#idle);
    this.#idle = undefined;
    if (this.storage.db.open) this.settleIndex();
    this.commit();
    // Held status requests answer now, so closing the server does not wait out their long polls.
    this.#stopped = true;
    this.emit('stopped');
    void this.#signatures?.close();
  }
}
