import type { UniqueChain } from '@nftkit/sdk';
import { type Plan, type PlanContext, planBatch } from './batchPlan.js';
import type { OperatorNonce } from './operatorNonce.js';
import { submitAtNonce } from './submitAtNonce.js';
import { readTokenRecord, type TokenRecord } from './tokenRecord.js';
import { chainError, type GameToRecord, type Op, type RecordOp, type RecordOutcome } from './writerOps.js';

export type { GameToRecord, RecordOutcome } from './writerOps.js';

type Chain = ReturnType<typeof UniqueChain>;

/**
 * How long our own last write to a token stands in for a read of it. Its scores are exact for as long as every
 * operator write since was ours (the nonce tells: docs/decisions/game-service.md §8); the bound is for what the
 * operator does not write — the owner may transfer or burn the token.
 */
const FRESH_MS = 1000;
/** Tries of one batch whose nonce another instance took, before its requests are answered 502. */
const MAX_TRIES = 40;
/** Waits between tries while another instance's write holds the nonce: it lands within a block. */
const retryDelay = (attempt: number) => Math.min(1000, 5 * 2 ** attempt);

export interface BatchInfo {
  readonly ops: number;
  readonly calls: number;
  /** Sends of this batch (1 unless another instance took the nonce first). */
  readonly tries: number;
  /** Planned and encoded while the previous batch was in flight (its read and encode overlapped that write). */
  readonly overlapped: boolean;
  readonly readMs: number;
  readonly encodeMs: number;
  readonly writeMs: number;
  readonly checkMs: number;
}

export interface WriterHooks {
  /** The player's token as the chain holds it now (for games started without one). */
  tokenOf(address: string): Promise<TokenRecord | null>;
  /** Why `count` new tokens may not be minted now, or null. */
  mintPause?(count: number): string | null;
  /** A mint of `count` tokens landed. */
  minted?(count: number): void;
  /** A write of this writer landed: the token now holds `record`. */
  onRecord?(record: TokenRecord): void;
  /** A token as the writer read it from the chain (a write of another instance, or one whose answer was lost). */
  onRead?(record: TokenRecord): void;
  /** After each batch: how many requests it served, how many calls it sent, and the time of each phase. */
  onBatch?(info: BatchInfo): void;
  maxOps?: number;
}

/** A planned batch with its calls encoded (or the error that stopped the encoding). */
interface Prepared {
  readonly ops: readonly Op[];
  readonly plan: Plan;
  readonly encoded: { calls: string[] } | { error: unknown };
  readonly overlapped: boolean;
  readonly readMs: number;
  readonly encodeMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The operator's only writer in an instance. Everything asked for while a batch is in flight (mints for new players,
 * results of many players) goes into the next `utility/batch-all`. Each batch is built from the chain's state and
 * sent at the operator's nonce as a compare-and-set (OperatorNonce): when another instance's write took that nonce
 * first, the batch is built again from the state that write left, so instances side by side never undo each other's
 * games nor mint a second token for one player.
 *
 * Pipelined: while a batch is in flight, the next one is planned on top of it (its tokens as that batch writes them,
 * the others read from the chain, which that batch does not change) and its calls are encoded, so the chain's
 * round trips for encoding overlap the write. It is sent only after the first has landed as planned, at the next
 * nonce, so every guarantee of the unpipelined writer holds: one batch of ours in the pool at a time, each built on
 * the state below its nonce. Its answers wait for that landing too; if the first did not land as planned, the second
 * is dropped unsent and its requests planned again from the chain.
 */
export class ChainWriter {
  private queue: Op[] = [];
  private running = false;
  /** Tokens as this writer last wrote them: exact while the operator's writes since were all ours. */
  private readonly fresh = new Map<number, { record: TokenRecord; at: number }>();

  constructor(
    private readonly chain: Chain,
    private readonly collectionId: number,
    private readonly nonce: OperatorNonce,
    private readonly hooks: WriterHooks,
  ) {}

  /**
   * Adds a verified game's score to the player's token, exactly once per game key, and keeps the game as the token's
   * best when it beats it. A game started without a token goes on the token the player holds when the batch is
   * built, or mints one carrying the game (totals null in the answer: read the token from the chain).
   */
  record(ticket: RecordOp['ticket'], game: GameToRecord): Promise<RecordOutcome> {
    return new Promise((resolve, reject) => this.enqueue({ ticket, game, resolve, reject }));
  }

  /** Requests waiting for a batch (not those of the batch in flight). */
  get waiting(): number {
    return this.queue.length;
  }

  private enqueue(op: Op): void {
    this.queue.push(op);
    this.kick();
  }

  private kick(): void {
    if (this.running || this.queue.length === 0) return;
    this.running = true;
    // Let the requests of this moment join the batch.
    setImmediate(() => void this.drain());
  }

  private async drain(): Promise<void> {
    try {
      let next: Prepared | null = null;
      while (next || this.queue.length > 0) {
        let batch: Prepared | null = next;
        next = null;
        if (!batch) {
          const ops = this.take();
          batch = await this.prepareNow(ops).catch((error) => {
            for (const op of ops) op.reject(chainError('the batch could not be written', error));
            return null;
          });
          if (!batch) continue;
        }
        const sending: Prepared = batch;
        const following: { plan: Promise<Prepared | null> | null } = { plan: null };
        const overlap = () => {
          if (!following.plan && this.canOverlap(sending)) following.plan = this.prepareOnTop(sending);
        };
        const landed = await this.send(sending, overlap).catch((error) => {
          for (const op of sending.ops) op.reject(chainError('the batch could not be written', error));
          return false;
        });
        const planned = await following.plan;
        if (!planned) continue;
        if (landed) {
          for (const answer of planned.plan.answers) answer();
          next = planned;
        } else this.putBack(planned.ops);
      }
    } finally {
      this.running = false;
      this.kick();
    }
  }

  /** The next batch's requests: one that must go alone, or up to maxOps others. */
  private take(): Op[] {
    if (this.queue[0]?.solo) return this.queue.splice(0, 1);
    const max = this.hooks.maxOps ?? 200;
    const taken: Op[] = [];
    const rest: Op[] = [];
    for (const op of this.queue) (taken.length < max && !op.solo ? taken : rest).push(op);
    this.queue = rest;
    return taken;
  }

  /** Requests of a batch dropped unsent: first in line again, after those that must go alone. */
  private putBack(ops: readonly Op[]): void {
    const solo = this.queue.filter((op) => op.solo);
    this.queue = [...solo, ...ops, ...this.queue.filter((op) => !op.solo)];
  }

  /**
   * Whether the next batch may be planned while `batch` is in flight. Not with a game started without a token
   * waiting: whether its player still needs a token is only known once a mint in flight has landed. Not while
   * recovering a failed batch request by request: those are expected to fail.
   */
  private canOverlap(batch: Prepared): boolean {
    if (batch.plan.calls.length === 0 || 'error' in batch.encoded || batch.ops.some((op) => op.solo))
      return false;
    return this.queue.length > 0 && !this.queue.some((op) => op.ticket.tokenId === 0 || op.solo);
  }

  /** Plans from the chain as it is now; its answers stand at once. */
  private async prepareNow(ops: readonly Op[]): Promise<Prepared> {
    // The nonce first: the reads of the plan then show every operator write under it.
    await this.nonce.next();
    const prepared = await this.prepare(ops, (tokenId) => this.currentRecord(tokenId), false);
    for (const answer of prepared.plan.answers) answer();
    return prepared;
  }

  /** Plans the queue's requests as the chain will be once `batch` has landed as planned. */
  private async prepareOnTop(batch: Prepared): Promise<Prepared | null> {
    const after = new Map<number, TokenRecord>();
    for (const call of batch.plan.calls) if (call.writes) after.set(call.writes.tokenId, call.writes.record);
    const ops = this.take();
    try {
      const current = (tokenId: number) => {
        const record = after.get(tokenId);
        return record ? Promise.resolve(record) : this.currentRecord(tokenId);
      };
      return await this.prepare(ops, current, true);
    } catch {
      this.putBack(ops);
      return null;
    }
  }

  private async prepare(
    ops: readonly Op[],
    current: PlanContext['current'],
    overlapped: boolean,
  ): Promise<Prepared> {
    const t0 = performance.now();
    const plan = await planBatch(
      {
        chain: this.chain,
        collectionId: this.collectionId,
        current,
        tokenOf: (address) => this.hooks.tokenOf(address),
        mintPause: (count) => this.hooks.mintPause?.(count) ?? null,
        wrote: (tokenId, record) => {
          this.remember(tokenId, record);
          this.hooks.onRecord?.(record);
        },
        minted: (count) => this.hooks.minted?.(count),
      },
      ops,
    );
    const t1 = performance.now();
    let encoded: Prepared['encoded'];
    try {
      const answers = await Promise.all(plan.calls.map((c) => c.encode()));
      encoded = { calls: answers.map((a) => a.compactExtrinsic) };
    } catch (error) {
      encoded = { error };
    }
    return { ops, plan, encoded, overlapped, readMs: t1 - t0, encodeMs: performance.now() - t1 };
  }

  /**
   * Sends a prepared batch (planning it again while another instance holds the nonce); true when it landed as
   * planned. `overlap` is called as the batch goes to the chain: planning the next one later than when this one
   * starts lets the players this batch's predecessor just answered join it.
   */
  private async send(first: Prepared, overlap: () => void): Promise<boolean> {
    let batch = first;
    for (let tries = 1; ; tries += 1) {
      const { calls } = batch.plan;
      if (calls.length === 0) return false;
      if ('error' in batch.encoded) {
        for (const c of calls) c.failed(chainError('a call could not be encoded', batch.encoded.error));
        return false;
      }
      const nonce = await this.nonce.next();
      const t2 = performance.now();
      const outcome = await submitAtNonce(
        this.chain,
        batch.encoded.calls,
        nonce,
        tries === 1 ? overlap : undefined,
      );
      const t3 = performance.now();
      switch (outcome.kind) {
        case 'refused': {
          // Another write has this nonce: what we read may be out of date. Build again from the chain.
          this.fresh.clear();
          this.nonce.refused(nonce, outcome.refusal);
          if (tries >= MAX_TRIES) {
            for (const c of calls) c.failed(chainError('the operator nonce stayed taken', outcome.error));
            return false;
          }
          if (outcome.refusal !== 'stale') await sleep(retryDelay(tries));
          batch = await this.prepareNow(calls.flatMap((c) => c.ops));
          continue;
        }
        case 'doubt':
          // It may land later: nothing we hold is sure any more. The page sends again; a landed game answers 409.
          this.fresh.clear();
          this.nonce.refused(nonce, 'doubt');
          for (const c of calls) c.failed(chainError('the write could not be confirmed', outcome.error));
          return false;
        case 'unsent':
          for (const c of calls) c.failed(chainError('the chain refused the write', outcome.error));
          return false;
        case 'failed':
          this.nonce.landed(nonce);
          if (calls.length === 1) calls[0]?.failed(chainError('the chain refused the write', outcome.error));
          else {
            // batch-all is all or nothing: each request again in a batch of its own finds the refused one.
            const again = calls.flatMap((c) => c.ops);
            for (const op of again) op.solo = true;
            this.queue.unshift(...again);
          }
          return false;
        case 'landed':
          this.nonce.landed(nonce);
          for (const c of calls) c.landed();
          this.hooks.onBatch?.({
            ops: first.ops.length,
            calls: calls.length,
            tries,
            overlapped: batch.overlapped,
            readMs: batch.readMs,
            encodeMs: batch.encodeMs,
            writeMs: t3 - t2,
            checkMs: performance.now() - t3,
          });
          // Planned again after a refusal: a batch planned on top of the first plan does not follow this one.
          return tries === 1;
      }
    }
  }

  /** The token as the chain holds it: as our own last write left it while that is exact and young, else read now. */
  private async currentRecord(tokenId: number): Promise<TokenRecord | null> {
    const fresh = this.fresh.get(tokenId);
    this.fresh.delete(tokenId);
    if (fresh && this.nonce.contiguous && performance.now() - fresh.at < FRESH_MS) return fresh.record;
    return this.readRecord(tokenId);
  }

  private async readRecord(tokenId: number): Promise<TokenRecord | null> {
    try {
      const record = readTokenRecord(
        await this.chain.token.get({ collectionId: this.collectionId, tokenId }),
      );
      this.hooks.onRead?.(record);
      return record;
    } catch (error) {
      if ((error as { status?: number }).status === 404) return null;
      throw error;
    }
  }

  private remember(tokenId: number, record: TokenRecord): void {
    const at = performance.now();
    // Tokens written once and never again would pile up: drop the ones too old to be used.
    if (this.fresh.size >= 10_000)
      for (const [id, entry] of this.fresh) if (at - entry.at >= FRESH_MS) this.fresh.delete(id);
    this.fresh.set(tokenId, { record, at });
  }
}
