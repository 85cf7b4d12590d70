import { formatCoins } from '@nftkit/primitives';
import type { UniqueChain, UniqueIndexer } from '@nftkit/sdk';

type Chain = ReturnType<typeof UniqueChain>;
type Indexer = ReturnType<typeof UniqueIndexer>;

const DAY_MS = 24 * 60 * 60_000;

export interface FundsSnapshot {
  readonly operatorBalance: string;
  readonly mintFloor: string;
  readonly mintsLeftToday: number;
  readonly mintsPaused: string | null;
}

/**
 * What the operator can afford: its balance (read from the chain every refresh and after each batch) and the new
 * tokens minted today (UTC), counted by the indexer across every instance and by this instance since. New players'
 * tokens pause while the day's budget is spent or the balance is below the floor; players with a token play on, and
 * their results are written as before (the floor keeps money for them).
 */
export class OperatorFunds {
  private balance: bigint | null = null;
  /** Tokens of the collection created today as the indexer last counted them, and this instance's mints since. */
  private counted = { day: -1, indexed: 0, since: 0 };
  private timer: NodeJS.Timeout | null = null;
  private refreshing: Promise<void> | null = null;
  private readAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly chain: Chain,
    private readonly indexer: Indexer,
    private readonly collectionId: number,
    private readonly operator: string,
    private readonly limits: { readonly dailyMints: number; readonly mintFloor: bigint },
    private readonly log: (message: string) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  async start(refreshMs: number): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), refreshMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Reads the balance and today's count again (one read at a time; a failed read keeps the last values). */
  refresh(): Promise<void> {
    if (this.refreshing) return this.refreshing;
    this.refreshing = this.read()
      .catch((error) => this.log(`the operator's funds could not be read: ${String(error)}`))
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  /** Reads again unless a read is under `ms` old (after each batch: the balance moves with every write). */
  refreshIfOlder(ms: number): void {
    if (performance.now() - this.readAt >= ms) void this.refresh();
  }

  /** This instance minted `count` tokens (they count at once, before the indexer shows them). */
  minted(count: number): void {
    this.rollOver();
    this.counted.since += count;
  }

  get mintsLeftToday(): number {
    this.rollOver();
    return Math.max(0, this.limits.dailyMints - this.counted.indexed - this.counted.since);
  }

  /** Why `count` new tokens may not be minted now, in words for the player, or null. */
  mintPause(count = 1): string | null {
    if (this.mintsLeftToday < count)
      return `today's ${this.limits.dailyMints} new snake tokens are given out; new players get theirs from 00:00 UTC (players with a token play on)`;
    if (this.balance !== null && this.balance < this.limits.mintFloor)
      return `the game's operator is low on funds (${formatCoins(this.balance)} left, floor ${formatCoins(this.limits.mintFloor)}); new players get their token once it is topped up (players with a token play on)`;
    return null;
  }

  snapshot(): FundsSnapshot {
    return {
      operatorBalance: String(this.balance ?? 0n),
      mintFloor: String(this.limits.mintFloor),
      mintsLeftToday: this.mintsLeftToday,
      mintsPaused: this.mintPause(),
    };
  }

  private rollOver(): void {
    const day = Math.floor(this.now() / DAY_MS);
    if (day !== this.counted.day) this.counted = { day, indexed: 0, since: 0 };
  }

  private async read(): Promise<void> {
    this.readAt = performance.now();
    this.rollOver();
    const day = this.counted.day;
    const sinceBefore = this.counted.since;
    const [account, today] = await Promise.all([
      this.chain.balance.get({ address: this.operator }),
      this.indexer.nfts({
        collectionIdIn: [String(this.collectionId)],
        createdTimestampFrom: new Date(day * DAY_MS).toISOString(),
        limit: 1,
      }),
    ]);
    this.balance = /^\d+$/.test(account.free) ? BigInt(account.free) : 0n;
    // The mints counted before the read are in the indexer's count; those during it may not be: they stay counted
    // (a few counted twice until the next read, never one missed).
    if (this.counted.day === day)
      this.counted = { day, indexed: today.count, since: this.counted.since - sinceBefore };
  }
}
