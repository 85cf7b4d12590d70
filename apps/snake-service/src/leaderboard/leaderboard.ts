import type { UniqueIndexer } from '@nftkit/sdk';
import type { LeaderboardResponse, TokenTotals } from '@nftkit/snake-protocol';
import { normalizeKey } from '../chain/addressKey.js';
import { readTokenRecord, type TokenRecord } from '../chain/tokenRecord.js';
import { RankIndex, type Standing } from './rankIndex.js';

type Indexer = ReturnType<typeof UniqueIndexer>;

const PAGE = 1000;

export const standingOf = ({ totals, bestScore }: Pick<TokenRecord, 'totals' | 'bestScore'>): Standing => ({
  tokenId: totals.tokenId,
  address: totals.owner,
  ownerKey: normalizeKey(totals.owner),
  totalScore: totals.totalScore,
  gamesPlayed: totals.gamesPlayed,
  bestScore,
});

/**
 * The leaderboard: a RankIndex loaded from the indexer (every token of the game collection with at least one game
 * recorded: a token at 0/0, as minted at sign-in before, is nobody's standing), reloaded every `refreshMs`
 * (transfers and other instances' writes show up then), and updated at once by this instance's writes.
 */
export class Leaderboard {
  readonly index = new RankIndex();
  private timer: NodeJS.Timeout | null = null;
  private reloading: Promise<void> | null = null;
  /** Tokens this instance wrote, and when: a reload that began earlier must not undo them. */
  private readonly localWrites = new Map<number, { at: number; standing: Standing }>();

  constructor(
    private readonly indexer: Indexer,
    private readonly collectionId: number,
    private readonly log: (message: string) => void = () => {},
  ) {}

  start(refreshMs: number): Promise<void> {
    const first = this.reload();
    this.timer = setInterval(
      () => void this.reload().catch((e) => this.log(`leaderboard reload failed: ${e}`)),
      refreshMs,
    );
    this.timer.unref();
    return first;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** This instance's own write: visible at once. */
  update(record: Pick<TokenRecord, 'totals' | 'bestScore'>): void {
    const standing = standingOf(record);
    this.localWrites.set(standing.tokenId, { at: Date.now(), standing });
    this.index.upsert(standing);
  }

  /**
   * A token as this instance just read it from the chain: visible at once too, so a player whose game landed shows
   * on the board whichever answer told them (the first, or a resend's after the first was lost). A read never moves
   * a token back: when this instance wrote it further while the read was on its way (more games, same owner), the
   * write stands.
   */
  saw(record: Pick<TokenRecord, 'totals' | 'bestScore'>): void {
    const held = this.index.standingOf(record.totals.tokenId);
    const seen = standingOf(record);
    if (held && held.ownerKey === seen.ownerKey && held.gamesPlayed > seen.gamesPlayed) return;
    this.update(record);
  }

  reload(): Promise<void> {
    if (this.reloading) return this.reloading;
    this.reloading = this.load().finally(() => {
      this.reloading = null;
    });
    return this.reloading;
  }

  private async load(): Promise<void> {
    const began = Date.now();
    const standings = new Map<number, Standing>();
    for (let offset = 0; ; offset += PAGE) {
      const page = await this.indexer.nfts({
        collectionIdIn: [String(this.collectionId)],
        isBurned: false,
        orderByTokenId: 'asc',
        limit: PAGE,
        offset,
      });
      for (const row of page.items) {
        const properties = (row.properties ?? []).map((p) => ({
          key: String(p.key),
          value: String(p.value ?? ''),
        }));
        standings.set(row.tokenId, standingOf(readTokenRecord({ ...row, properties })));
      }
      if (page.items.length < PAGE) break;
    }
    for (const [tokenId, write] of this.localWrites) {
      if (write.at >= began) standings.set(tokenId, write.standing);
      else this.localWrites.delete(tokenId);
    }
    this.index.replaceAll(standings.values());
  }

  /**
   * The player's token as this cache holds it (this instance's writes at once, others' within a refresh), or null
   * when the player is not on the board (no token, or none with a game yet): ask the chain then.
   */
  tokenOf(address: string): TokenTotals | null {
    const standing = this.index.standingOfOwner(normalizeKey(address));
    if (!standing) return null;
    return {
      collectionId: this.collectionId,
      tokenId: standing.tokenId,
      owner: standing.address,
      totalScore: standing.totalScore,
      gamesPlayed: standing.gamesPlayed,
    };
  }

  query(offset: number, limit: number, address?: string): LeaderboardResponse {
    return {
      total: this.index.size,
      entries: this.index.page(offset, limit),
      player: address ? this.index.entryOf(normalizeKey(address)) : null,
    };
  }
}
