import { encodeTokenToProperties } from '@nftkit/metadata';
import { addressesEqual } from '@nftkit/primitives';
import type { UniqueChain } from '@nftkit/sdk';
import { GAMES_PLAYED_KEY, TOTAL_SCORE_KEY, type TokenTotals } from '@nftkit/snake-protocol';
import { SnakeHttpError } from '../errors.js';
import { addGame, checkGame, EMPTY_APPLIED } from '../games/appliedGames.js';
import type { GameTicket } from '../games/gameId.js';
import { readTokenRecord, recordProperties, snakeTokenData, type TokenRecord } from './tokenRecord.js';

type Chain = ReturnType<typeof UniqueChain>;

/**
 * How long the values of our own last write to a token stand in for a new read. batch-all is all or nothing, so after
 * it lands the values written are the chain's (a write of another instance to the same token is not seen within this
 * window: docs/decisions/game-service.md §8).
 */
const FRESH_MS = 1000;

export interface BatchInfo {
  readonly ops: number;
  readonly calls: number;
  readonly readMs: number;
  readonly encodeMs: number;
  readonly writeMs: number;
  readonly checkMs: number;
}

export type RecordOutcome = { status: 'applied' | 'already'; totals: TokenTotals };

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}
type MintOp = Pending<void> & { kind: 'mint'; address: string };
type RecordOp = Pending<RecordOutcome> & {
  kind: 'record';
  ticket: GameTicket;
  score: number;
};
type Op = MintOp | RecordOp;

/** One call of a batch and what to do when it lands or fails. */
interface Call {
  encode(): Promise<{ compactExtrinsic: string }>;
  landed(): Promise<void>;
  failed(error: unknown): void;
}

const sameAddress = (a: string, b: string) => {
  try {
    return addressesEqual(a, b);
  } catch {
    return false;
  }
};

const chainError = (what: string, error: unknown) =>
  new SnakeHttpError('SnakeChainError', `${what}: ${error instanceof Error ? error.message : String(error)}`);

/**
 * The operator's only writer. Everything asked for while a batch is in flight (mints for new players, results of
 * many players) goes into the next `utility/batch-all`: one extrinsic per block, so the operator's nonce never
 * clashes and many results cost one block. Results of one token in a batch are merged into one property write,
 * computed from the token as the chain holds it when the batch is built (the previous batch has landed by then).
 */
export class ChainWriter {
  private queue: Op[] = [];
  private running = false;
  /** Tokens as this writer last wrote them: the next batch starts from these when they are young. */
  private readonly fresh = new Map<number, { record: TokenRecord; at: number }>();

  constructor(
    private readonly chain: Chain,
    private readonly collectionId: number,
    private readonly hooks: {
      onTotals?(totals: TokenTotals): void;
      /** After each batch: how many requests it served, how many calls it sent, and the time of each phase. */
      onBatch?(info: BatchInfo): void;
      maxOps?: number;
    } = {},
  ) {}

  /** Mints a token at 0/0 to `address` (resolves once it is in a block). */
  mint(address: string): Promise<void> {
    return new Promise((resolve, reject) => this.enqueue({ kind: 'mint', address, resolve, reject }));
  }

  /** Adds a verified game's score to its token, exactly once per game key. */
  record(ticket: GameTicket, score: number): Promise<RecordOutcome> {
    return new Promise((resolve, reject) => this.enqueue({ kind: 'record', ticket, score, resolve, reject }));
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
      while (this.queue.length > 0) {
        const ops = this.queue.splice(0, this.hooks.maxOps ?? 200);
        await this.runBatch(ops).catch((error) => {
          for (const op of ops) op.reject(chainError('the batch could not be written', error));
        });
      }
    } finally {
      this.running = false;
      this.kick();
    }
  }

  private async runBatch(ops: Op[]): Promise<void> {
    const t0 = performance.now();
    const calls: Call[] = [];
    const mints = ops.filter((op): op is MintOp => op.kind === 'mint');
    if (mints.length > 0) calls.push(this.mintCall(mints));
    const byToken = new Map<number, RecordOp[]>();
    for (const op of ops)
      if (op.kind === 'record')
        byToken.set(op.ticket.tokenId, [...(byToken.get(op.ticket.tokenId) ?? []), op]);
    const recordCalls = await Promise.all(
      [...byToken].map(([tokenId, group]) => this.recordCall(tokenId, group)),
    );
    for (const call of recordCalls) if (call) calls.push(call);
    if (calls.length === 0) return;

    const t1 = performance.now();
    let encoded: { compactExtrinsic: string }[];
    try {
      encoded = await Promise.all(calls.map((c) => c.encode()));
    } catch (error) {
      for (const c of calls) c.failed(chainError('a call could not be encoded', error));
      return;
    }
    const t2 = performance.now();
    try {
      await this.chain.utility.batchAll({ calls: encoded.map((e) => e.compactExtrinsic) });
    } catch (error) {
      if (calls.length === 1) {
        calls[0]?.failed(chainError('the chain refused the write', error));
        return;
      }
      // batch-all is all or nothing: find the call that fails by sending each alone.
      for (const [i, call] of calls.entries()) {
        try {
          await this.chain.utility.batchAll({ calls: [encoded[i]?.compactExtrinsic ?? ''] });
        } catch (single) {
          call.failed(chainError('the chain refused the write', single));
          continue;
        }
        await call.landed();
      }
      return;
    }
    const t3 = performance.now();
    await Promise.all(calls.map((c) => c.landed()));
    this.hooks.onBatch?.({
      ops: ops.length,
      calls: calls.length,
      readMs: t1 - t0,
      encodeMs: t2 - t1,
      writeMs: t3 - t2,
      checkMs: performance.now() - t3,
    });
  }

  private mintCall(mints: MintOp[]): Call {
    const addresses: string[] = [];
    for (const m of mints) if (!addresses.some((a) => sameAddress(a, m.address))) addresses.push(m.address);
    const properties = [
      ...encodeTokenToProperties(snakeTokenData(0, 0)).map((p) => ({ key: p.key, value: p.value ?? '' })),
      { key: TOTAL_SCORE_KEY, value: '0' },
      { key: GAMES_PLAYED_KEY, value: '0' },
    ];
    return {
      encode: () =>
        this.chain.token.mintNFTs.encode({
          collectionId: this.collectionId,
          tokens: addresses.map((owner) => ({ owner, properties })),
        }),
      landed: async () => {
        for (const m of mints) m.resolve();
      },
      failed: (error) => {
        for (const m of mints) m.reject(error);
      },
    };
  }

  /** The token as the chain holds it: as our own last write left it if that was within FRESH_MS, else read now. */
  private async currentRecord(tokenId: number): Promise<TokenRecord | null> {
    const fresh = this.fresh.get(tokenId);
    this.fresh.delete(tokenId);
    if (fresh && performance.now() - fresh.at < FRESH_MS) return fresh.record;
    return this.readRecord(tokenId);
  }

  private async readRecord(tokenId: number): Promise<TokenRecord | null> {
    try {
      return readTokenRecord(await this.chain.token.get({ collectionId: this.collectionId, tokenId }));
    } catch (error) {
      if ((error as { status?: number }).status === 404) return null;
      throw error;
    }
  }

  /** The merged write of one token's results, or null when none of them changes the token. */
  private async recordCall(tokenId: number, group: RecordOp[]): Promise<Call | null> {
    let current: TokenRecord | null;
    try {
      current = await this.currentRecord(tokenId);
    } catch (error) {
      for (const op of group) op.reject(chainError(`token ${tokenId} could not be read`, error));
      return null;
    }
    if (!current) {
      for (const op of group)
        op.reject(
          new SnakeHttpError(
            'SnakeNoToken',
            `gameId was issued for token ${tokenId}, which no longer exists`,
          ),
        );
      return null;
    }
    let { totalScore, gamesPlayed } = current.totals;
    let applied = current.applied ?? EMPTY_APPLIED;
    const applying: RecordOp[] = [];
    const duplicates: RecordOp[] = [];
    for (const op of group) {
      if (!sameAddress(current.totals.owner, op.ticket.address)) {
        op.reject(
          new SnakeHttpError(
            'SnakeNotYourGame',
            `gameId was issued for token ${tokenId}, which the player no longer owns`,
          ),
        );
        continue;
      }
      const check = checkGame(applied, op.ticket);
      if (check === 'too-old') {
        op.reject(
          new SnakeHttpError('SnakeGameExpired', 'gameId is older than every game kept on the token'),
        );
      } else if (check === 'applied') {
        // Sent twice in one batch: the second answers once the first has landed.
        if (applying.some((a) => a.ticket.key === op.ticket.key)) duplicates.push(op);
        else op.resolve({ status: 'already', totals: current.totals });
      } else {
        applying.push(op);
        totalScore += op.score;
        gamesPlayed += 1;
        applied = addGame(applied, op.ticket);
      }
    }
    if (applying.length === 0) return null;
    const totals: TokenTotals = { ...current.totals, totalScore, gamesPlayed };
    const properties = recordProperties(totalScore, gamesPlayed, applied);
    return {
      encode: () =>
        this.chain.token.setProperties.encode({ collectionId: this.collectionId, tokenId, properties }),
      landed: async () => {
        // The batch landed whole: what it wrote is what the chain holds, so no re-read (it cost a request per token).
        const written: TokenRecord = { totals, applied };
        this.fresh.set(tokenId, { record: written, at: performance.now() });
        for (const op of applying) op.resolve({ status: 'applied', totals });
        for (const op of duplicates) op.resolve({ status: 'already', totals });
        this.hooks.onTotals?.(totals);
      },
      failed: (error) => {
        for (const op of [...applying, ...duplicates]) op.reject(error);
      },
    };
  }
}
