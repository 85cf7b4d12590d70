import type { UniqueChain } from '@nftkit/sdk';
import { describe, expect, it } from 'vitest';
import { type PlanContext, planBatch } from '../src/chain/batchPlan.js';
import type { TokenRecord } from '../src/chain/tokenRecord.js';
import type { RecordOp, RecordOutcome } from '../src/chain/writerOps.js';
import { addGame, EMPTY_APPLIED } from '../src/games/appliedGames.js';

const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';

/** A chain whose encode hands back the properties it was asked to write. */
const written: { properties: { key: string; value: string }[] }[] = [];
const chain = {
  token: {
    setProperties: {
      encode: async (args: { properties: { key: string; value: string }[] }) => {
        written.push(args);
        return { compactExtrinsic: '0x' };
      },
    },
  },
} as unknown as ReturnType<typeof UniqueChain>;

const record = (bestScore: number | null): TokenRecord => ({
  totals: { collectionId: 1, tokenId: 7, owner: ALICE, totalScore: 10, gamesPlayed: 2 },
  applied: addGame(EMPTY_APPLIED, { issuedAt: 10, key: 'old' }, 20),
  bestScore,
});

const ctx = (current: TokenRecord): PlanContext => ({
  chain,
  collectionId: 1,
  current: async () => current,
  tokenOf: async () => current,
  mintPause: () => null,
  wrote: () => {},
  minted: () => {},
});

const op = (score: number, best: string | null): RecordOp => ({
  ticket: { tokenId: 7, address: ALICE, issuedAt: 100, key: 'new' },
  game: { score, endedAt: 200, best: () => best },
  resolve: (_: RecordOutcome) => {},
  reject: () => {},
});

const bestOf = async (current: TokenRecord, game: RecordOp) => {
  written.length = 0;
  const plan = await planBatch(ctx(current), [game]);
  await plan.calls[0]?.encode();
  return {
    best: written[0]?.properties.find((p) => p.key === 'BestGame')?.value ?? null,
    record: plan.calls[0]?.writes?.record,
  };
};

describe('the best game in a write', () => {
  it('is written when the game beats the token’s best', async () => {
    expect(await bestOf(record(5), op(6, '1.6.x'))).toMatchObject({
      best: '1.6.x',
      record: { bestScore: 6 },
    });
    expect(await bestOf(record(null), op(0, '1.0.x'))).toMatchObject({
      best: '1.0.x',
      record: { bestScore: 0 },
    });
  });

  it('is left alone when the game does not beat it, or does not fit the token (the best that fits stays)', async () => {
    expect(await bestOf(record(6), op(6, '1.6.y'))).toMatchObject({ best: null, record: { bestScore: 6 } });
    expect(await bestOf(record(5), op(9, null))).toMatchObject({ best: null, record: { bestScore: 5 } });
  });
});
