import { describe, expect, it } from 'vitest';
import { RankIndex, type Standing } from '../src/leaderboard/rankIndex.js';

const s = (tokenId: number, totalScore: number, gamesPlayed: number, owner = `o${tokenId}`): Standing => ({
  tokenId,
  address: owner,
  ownerKey: owner,
  totalScore,
  gamesPlayed,
  bestScore: null,
});

describe('RankIndex', () => {
  it('orders by score, then fewer games, then token id, and pages', () => {
    const index = new RankIndex();
    index.replaceAll([s(1, 10, 5), s(2, 30, 1), s(3, 10, 2), s(4, 10, 2), s(5, 0, 1)]);
    expect(index.page(0, 10).map((e) => [e.rank, e.tokenId])).toEqual([
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 1],
      [5, 5],
    ]);
    expect(index.page(2, 2).map((e) => e.tokenId)).toEqual([4, 1]);
    expect(index.entryOf('o1')).toMatchObject({ rank: 4, totalScore: 10, gamesPlayed: 5 });
    expect(index.entryOf('nobody')).toBeNull();
  });

  it('moves a token when its totals change, and follows a transfer', () => {
    const index = new RankIndex();
    index.replaceAll([s(1, 10, 1), s(2, 20, 1), s(3, 30, 1)]);
    index.upsert(s(1, 40, 2));
    expect(index.page(0, 3).map((e) => e.tokenId)).toEqual([1, 3, 2]);
    expect(index.size).toBe(3);
    index.upsert(s(3, 30, 1, 'o1'));
    // o1 now owns tokens 1 and 3: their entry is the lower id; o3 owns nothing.
    expect(index.entryOf('o1')?.tokenId).toBe(1);
    expect(index.entryOf('o3')).toBeNull();
  });

  it('agrees with a full sort after random updates (property)', () => {
    const index = new RankIndex();
    const truth = new Map<number, Standing>();
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 2000; i += 1) {
      const standing = s(1 + rnd(200), rnd(50), rnd(10));
      truth.set(standing.tokenId, standing);
      index.upsert(standing);
    }
    const expected = [...truth.values()]
      .filter((x) => x.gamesPlayed > 0)
      .sort((a, b) => b.totalScore - a.totalScore || a.gamesPlayed - b.gamesPlayed || a.tokenId - b.tokenId)
      .map((x) => x.tokenId);
    expect(index.page(0, 1000).map((e) => e.tokenId)).toEqual(expected);
  });

  it('ranks only tokens with a game played: a token at 0/0 is nobody’s standing', () => {
    const index = new RankIndex();
    index.replaceAll([s(1, 0, 0), s(2, 5, 1), s(3, 0, 0, 'o2')]);
    expect(index.size).toBe(1);
    expect(index.page(0, 10).map((e) => e.tokenId)).toEqual([2]);
    expect(index.entryOf('o1')).toBeNull();
    index.upsert(s(4, 0, 0));
    expect(index.size).toBe(1);
    index.upsert(s(1, 3, 1));
    expect(index.page(0, 10).map((e) => e.tokenId)).toEqual([2, 1]);
    expect(index.entryOf('o1')).toMatchObject({ rank: 2, tokenId: 1 });
  });
});
