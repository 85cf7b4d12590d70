import { describe, expect, it } from 'vitest';
import type { TokenRecord } from '../src/chain/tokenRecord.js';
import { Leaderboard } from '../src/leaderboard/leaderboard.js';

type Indexer = ConstructorParameters<typeof Leaderboard>[0];

const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
const BOB = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty';

const record = (
  owner: string,
  totalScore: number,
  gamesPlayed: number,
): Pick<TokenRecord, 'totals' | 'bestScore'> => ({
  totals: { collectionId: 1, tokenId: 7, owner, totalScore, gamesPlayed },
  bestScore: totalScore,
});

/** A board whose indexer holds `rows` (each a token of collection 1 with its totals as properties). */
const board = (rows: { owner: string; totalScore: number; gamesPlayed: number }[] = []) => {
  const indexer = {
    nfts: async () => ({
      items: rows.map((r) => ({
        collectionId: 1,
        tokenId: 7,
        owner: r.owner,
        properties: [
          { key: 'TotalScore', value: String(r.totalScore) },
          { key: 'GamesPlayed', value: String(r.gamesPlayed) },
        ],
      })),
    }),
  } as unknown as Indexer;
  return new Leaderboard(indexer, 1);
};

describe('the leaderboard’s own writes and reads', () => {
  it('shows a token read from the chain at once, and never moves it back behind a write of its own', () => {
    const lb = board();
    lb.saw(record(ALICE, 5, 1));
    expect(lb.tokenOf(ALICE)).toMatchObject({ totalScore: 5, gamesPlayed: 1 });
    lb.update(record(ALICE, 9, 3));
    // A read that left before that write landed comes back with less: the write stands.
    lb.saw(record(ALICE, 5, 2));
    expect(lb.tokenOf(ALICE)).toMatchObject({ totalScore: 9, gamesPlayed: 3 });
    lb.saw(record(ALICE, 12, 4));
    expect(lb.tokenOf(ALICE)).toMatchObject({ totalScore: 12, gamesPlayed: 4 });
  });

  it('follows a read that shows the token with another owner, whatever its games', () => {
    const lb = board();
    lb.update(record(ALICE, 9, 3));
    lb.saw(record(BOB, 9, 2));
    expect(lb.tokenOf(ALICE)).toBeNull();
    expect(lb.tokenOf(BOB)).toMatchObject({ tokenId: 7, gamesPlayed: 2 });
  });

  it('keeps what it read while a reload that began earlier comes back without it', async () => {
    const lb = board([]);
    const reloading = lb.reload();
    lb.saw(record(ALICE, 5, 1));
    await reloading;
    expect(lb.tokenOf(ALICE)).toMatchObject({ gamesPlayed: 1 });
    // A reload that began after it takes the indexer's word.
    const later = board([{ owner: ALICE, totalScore: 5, gamesPlayed: 1 }]);
    await later.reload();
    expect(later.tokenOf(ALICE)).toMatchObject({ totalScore: 5 });
  });
});
