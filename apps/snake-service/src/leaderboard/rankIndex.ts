import type { LeaderboardEntry } from '@nftkit/snake-protocol';

export interface Standing {
  readonly tokenId: number;
  /** The owner as the chain shows it. */
  readonly address: string;
  /** The owner normalized (for lookups by any spelling of the address). */
  readonly ownerKey: string;
  readonly totalScore: number;
  readonly gamesPlayed: number;
  /** The score of the best game kept on the token, or null. */
  readonly bestScore: number | null;
}

/** The leaderboard's order: TotalScore high first, then fewer games first, then the older token. */
const before = (a: Standing, b: Standing): number =>
  b.totalScore - a.totalScore || a.gamesPlayed - b.gamesPlayed || a.tokenId - b.tokenId;

/**
 * Every token's standing kept sorted, so a page is a slice and a player's rank a binary search: top 20 of 100 000
 * tokens costs microseconds. It is a cache of the chain (rebuilt from the indexer), never the source of truth. Only
 * tokens with at least one game played are ranked: a token at 0/0 is nobody's standing yet.
 */
export class RankIndex {
  private sorted: Standing[] = [];
  private readonly byToken = new Map<number, Standing>();
  /** owner key → their lowest token id (the player's token, as the service defines it). */
  private readonly tokenOfOwner = new Map<string, number>();

  get size(): number {
    return this.sorted.length;
  }

  /** Replaces everything (a reload). */
  replaceAll(standings: Iterable<Standing>): void {
    this.byToken.clear();
    this.tokenOfOwner.clear();
    for (const s of standings) if (ranked(s)) this.byToken.set(s.tokenId, s);
    this.sorted = [...this.byToken.values()].sort(before);
    for (const s of this.sorted) this.noteOwner(s);
  }

  /** Inserts or moves one token. */
  upsert(standing: Standing): void {
    const old = this.byToken.get(standing.tokenId);
    if (old) {
      const at = this.lowerBound(old);
      if (this.sorted[at]?.tokenId === old.tokenId) this.sorted.splice(at, 1);
    }
    if (ranked(standing)) this.byToken.set(standing.tokenId, standing);
    else this.byToken.delete(standing.tokenId);
    // A transfer: the previous owner's token is now one of their others, or none.
    if (
      old &&
      (old.ownerKey !== standing.ownerKey || !ranked(standing)) &&
      this.tokenOfOwner.get(old.ownerKey) === old.tokenId
    )
      this.recomputeOwner(old.ownerKey);
    if (!ranked(standing)) return;
    this.sorted.splice(this.lowerBound(standing), 0, standing);
    this.noteOwner(standing);
  }

  page(offset: number, limit: number): LeaderboardEntry[] {
    return this.sorted.slice(offset, offset + limit).map((s, i) => entry(s, offset + i + 1));
  }

  /** The player's entry (their lowest-id token), or null when they hold none. */
  entryOf(ownerKey: string): LeaderboardEntry | null {
    const tokenId = this.tokenOfOwner.get(ownerKey);
    const standing = tokenId === undefined ? undefined : this.byToken.get(tokenId);
    if (!standing) return null;
    return entry(standing, this.lowerBound(standing) + 1);
  }

  /** The player's standing (their lowest-id ranked token), if any. */
  standingOfOwner(ownerKey: string): Standing | undefined {
    const tokenId = this.tokenOfOwner.get(ownerKey);
    return tokenId === undefined ? undefined : this.byToken.get(tokenId);
  }

  standingOf(tokenId: number): Standing | undefined {
    return this.byToken.get(tokenId);
  }

  private lowerBound(s: Standing): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(this.sorted[mid] as Standing, s) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private noteOwner(s: Standing): void {
    const current = this.tokenOfOwner.get(s.ownerKey);
    if (current === undefined || s.tokenId < current || !this.ownsToken(s.ownerKey, current))
      this.tokenOfOwner.set(s.ownerKey, s.tokenId);
  }

  private ownsToken(ownerKey: string, tokenId: number): boolean {
    return this.byToken.get(tokenId)?.ownerKey === ownerKey;
  }

  private recomputeOwner(ownerKey: string): void {
    this.tokenOfOwner.delete(ownerKey);
    for (const s of this.byToken.values()) if (s.ownerKey === ownerKey) this.noteOwner(s);
  }
}

const ranked = (s: Standing): boolean => s.gamesPlayed > 0;

const entry = (s: Standing, rank: number): LeaderboardEntry => ({
  rank,
  address: s.address,
  tokenId: s.tokenId,
  totalScore: s.totalScore,
  gamesPlayed: s.gamesPlayed,
  bestScore: s.bestScore,
});
