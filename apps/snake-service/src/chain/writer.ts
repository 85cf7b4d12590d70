import { addressesEqual } from '@nftkit/primitives';
import type { UniqueChain } from '@nftkit/sdk';
import type { TokenTotals } from '@nftkit/snake-protocol';
import { SnakeHttpError } from '../errors.js';
import { type AppliedGames, addGame, checkGame, EMPTY_APPLIED } from '../games/appliedGames.js';
import type { GameTicket } from '../games/gameId.js';
import type { OperatorNonce } from './operatorNonce.js';
import { submitAtNonce } from './submitAtNonce.js';
import { mintProperties, readTokenRecord, recordProperties, type TokenRecord } from './tokenRecord.js';

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
  readonly readMs: number;
  readonly encodeMs: number;
  readonly writeMs: number;
  readonly checkMs: number;
}

export type RecordOutcome = { status: 'applied' | 'already'; totals: TokenTotals };

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
  /** Sent in a batch of its own (after a batch with it failed as a whole). */
  solo?: boolean;
}
/** A key recorded in the token's `AppliedGames`: a game's, or a redeemed sign-in challenge's (docs §5). */
export type SpentKey = Pick<GameTicket, 'issuedAt' | 'key'>;
type MintOp = Pending<boolean> & {
  kind: 'mint';
  address: string;
  /** Whether the player still has no token, asked of the chain when the batch is built. */
  needed(): Promise<boolean>;
  /** Recorded on the new token from the start (the challenge its owner signed in with). */
  spent: SpentKey | undefined;
};
type RecordOp = Pending<RecordOutcome> & {
  kind: 'record';
  ticket: Pick<GameTicket, 'tokenId' | 'address' | 'issuedAt' | 'key'>;
  /** A game adds its score and one game played; a sign-in only spends its key. */
  game: { score: number } | null;
};
type Op = MintOp | RecordOp;

/** One call of a batch, the requests it answers, and what to do when it lands or fails. */
interface Call {
  readonly ops: readonly Op[];
  encode(): Promise<{ compactExtrinsic: string }>;
  landed(): void;
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
  error instanceof SnakeHttpError
    ? error
    : new SnakeHttpError(
        'SnakeChainError',
        `${what}: ${error instanceof Error ? error.message : String(error)}`,
      );

/** Why a request cannot be written on its token, in the words of its route (a game's result, or a sign-in). */
function refusal(op: RecordOp, why: 'gone' | 'owner' | 'too-old'): SnakeHttpError {
  const { tokenId } = op.ticket;
  if (op.game) {
    if (why === 'gone')
      return new SnakeHttpError(
        'SnakeNoToken',
        `gameId was issued for token ${tokenId}, which no longer exists`,
      );
    if (why === 'owner')
      return new SnakeHttpError(
        'SnakeNotYourGame',
        `gameId was issued for token ${tokenId}, which the player no longer owns`,
      );
    return new SnakeHttpError('SnakeGameExpired', 'gameId is older than every game kept on the token');
  }
  if (why === 'too-old')
    return new SnakeHttpError(
      'SnakeChallengeExpired',
      'message is older than every sign-in kept on the token',
    );
  return new SnakeHttpError(
    'SnakeChainError',
    `token ${tokenId} was ${why === 'gone' ? 'burnt' : 'transferred'} while signing in; sign in again`,
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The operator's only writer in an instance. Everything asked for while a batch is in flight (mints for new players,
 * results of many players) goes into the next `utility/batch-all`. Each batch is built from the chain's state and
 * sent at the operator's nonce as a compare-and-set (OperatorNonce): when another instance's write took that nonce
 * first, the batch is built again from the state that write left, so instances side by side never undo each other's
 * games nor mint a second token for one player.
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
    private readonly hooks: {
      onTotals?(totals: TokenTotals): void;
      /** After each batch: how many requests it served, how many calls it sent, and the time of each phase. */
      onBatch?(info: BatchInfo): void;
      maxOps?: number;
    } = {},
  ) {}

  /**
   * Mints a token at 0/0 to `address` (with `spent` already recorded on it) unless `needed` (asked when the batch
   * is built, at the nonce the batch is sent with) says the player has one by then. Resolves once the mint is in a
   * block (true) or was not needed (false).
   */
  mint(address: string, needed: () => Promise<boolean>, spent?: SpentKey): Promise<boolean> {
    return new Promise((resolve, reject) =>
      this.enqueue({ kind: 'mint', address, needed, spent, resolve, reject }),
    );
  }

  /** Adds a verified game's score to its token, exactly once per game key. */
  record(ticket: GameTicket, score: number): Promise<RecordOutcome> {
    return new Promise((resolve, reject) =>
      this.enqueue({ kind: 'record', ticket, game: { score }, resolve, reject }),
    );
  }

  /** Records a redeemed sign-in challenge on the player's token: `already` when some instance recorded it before. */
  spend(tokenId: number, address: string, spent: SpentKey): Promise<RecordOutcome> {
    return new Promise((resolve, reject) =>
      this.enqueue({ kind: 'record', ticket: { tokenId, address, ...spent }, game: null, resolve, reject }),
    );
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
        const ops = this.take();
        await this.runBatch(ops).catch((error) => {
          for (const op of ops) op.reject(chainError('the batch could not be written', error));
        });
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

  private async runBatch(ops: readonly Op[]): Promise<void> {
    let pending = ops;
    for (let tries = 1; ; tries += 1) {
      const t0 = performance.now();
      // The nonce first: the reads below then show every operator write under it.
      const nonce = await this.nonce.next();
      const calls = await this.plan(pending);
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
      const outcome = await submitAtNonce(
        this.chain,
        encoded.map((e) => e.compactExtrinsic),
        nonce,
      );
      const t3 = performance.now();
      switch (outcome.kind) {
        case 'refused': {
          // Another write has this nonce: what we read may be out of date. Build again from the chain.
          this.fresh.clear();
          this.nonce.refused(nonce, outcome.refusal);
          pending = calls.flatMap((c) => c.ops);
          if (tries >= MAX_TRIES) {
            for (const c of calls) c.failed(chainError('the operator nonce stayed taken', outcome.error));
            return;
          }
          if (outcome.refusal !== 'stale') await sleep(retryDelay(tries));
          continue;
        }
        case 'doubt':
          // It may land later: nothing we hold is sure any more. The page sends again; a landed game answers 409.
          this.fresh.clear();
          this.nonce.refused(nonce, 'doubt');
          for (const c of calls) c.failed(chainError('the write could not be confirmed', outcome.error));
          return;
        case 'unsent':
          for (const c of calls) c.failed(chainError('the chain refused the write', outcome.error));
          return;
        case 'failed':
          this.nonce.landed(nonce);
          if (calls.length === 1) calls[0]?.failed(chainError('the chain refused the write', outcome.error));
          else {
            // batch-all is all or nothing: each request again in a batch of its own finds the refused one.
            const again = calls.flatMap((c) => c.ops);
            for (const op of again) op.solo = true;
            this.queue.unshift(...again);
          }
          return;
        case 'landed':
          this.nonce.landed(nonce);
          for (const c of calls) c.landed();
          this.hooks.onBatch?.({
            ops: ops.length,
            calls: calls.length,
            tries,
            readMs: t1 - t0,
            encodeMs: t2 - t1,
            writeMs: t3 - t2,
            checkMs: performance.now() - t3,
          });
          return;
      }
    }
  }

  /** The calls of a batch, built from the chain's state now; requests that need no write are answered here. */
  private async plan(ops: readonly Op[]): Promise<Call[]> {
    const calls: Call[] = [];
    const mints = ops.filter((op): op is MintOp => op.kind === 'mint');
    const byToken = new Map<number, RecordOp[]>();
    for (const op of ops)
      if (op.kind === 'record')
        byToken.set(op.ticket.tokenId, [...(byToken.get(op.ticket.tokenId) ?? []), op]);
    const [mintCall, ...recordCalls] = await Promise.all([
      this.mintCall(mints),
      ...[...byToken].map(([tokenId, group]) => this.recordCall(tokenId, group)),
    ]);
    for (const call of [mintCall, ...recordCalls]) if (call) calls.push(call);
    return calls;
  }

  private async mintCall(mints: readonly MintOp[]): Promise<Call | null> {
    const needed: MintOp[] = [];
    await Promise.all(
      mints.map(async (m) => {
        try {
          if (await m.needed()) needed.push(m);
          else m.resolve(false);
        } catch (error) {
          m.reject(chainError('the tokens of address could not be read', error));
        }
      }),
    );
    if (needed.length === 0) return null;
    // One token per address; the sign-ins of one address minted together are all recorded on it.
    const tokens: { owner: string; applied: AppliedGames }[] = [];
    for (const m of needed) {
      let token = tokens.find((t) => sameAddress(t.owner, m.address));
      if (!token) {
        token = { owner: m.address, applied: EMPTY_APPLIED };
        tokens.push(token);
      }
      if (m.spent) token.applied = addGame(token.applied, m.spent);
    }
    return {
      ops: needed,
      encode: () =>
        this.chain.token.mintNFTs.encode({
          collectionId: this.collectionId,
          tokens: tokens.map(({ owner, applied }) => ({ owner, properties: mintProperties(applied) })),
        }),
      landed: () => {
        for (const m of needed) m.resolve(true);
      },
      failed: (error) => {
        for (const m of needed) m.reject(error);
      },
    };
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
      return readTokenRecord(await this.chain.token.get({ collectionId: this.collectionId, tokenId }));
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
      for (const op of group) op.reject(refusal(op, 'gone'));
      return null;
    }
    let { totalScore, gamesPlayed } = current.totals;
    let applied = current.applied ?? EMPTY_APPLIED;
    const applying: RecordOp[] = [];
    const duplicates: RecordOp[] = [];
    for (const op of group) {
      if (!sameAddress(current.totals.owner, op.ticket.address)) {
        op.reject(refusal(op, 'owner'));
        continue;
      }
      const check = checkGame(applied, op.ticket);
      if (check === 'too-old') {
        op.reject(refusal(op, 'too-old'));
      } else if (check === 'applied') {
        // Sent twice in one batch: the second answers once the first has landed.
        if (applying.some((a) => a.ticket.key === op.ticket.key)) duplicates.push(op);
        else op.resolve({ status: 'already', totals: current.totals });
      } else {
        applying.push(op);
        if (op.game) {
          totalScore += op.game.score;
          gamesPlayed += 1;
        }
        applied = addGame(applied, op.ticket);
      }
    }
    if (applying.length === 0) return null;
    const totals: TokenTotals = { ...current.totals, totalScore, gamesPlayed };
    const properties = recordProperties(totalScore, gamesPlayed, applied);
    return {
      ops: [...applying, ...duplicates],
      encode: () =>
        this.chain.token.setProperties.encode({ collectionId: this.collectionId, tokenId, properties }),
      landed: () => {
        // The batch landed whole at our nonce: what it wrote is what the chain holds, so no re-read.
        this.remember(tokenId, { totals, applied });
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
