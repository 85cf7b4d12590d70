import type { Direction, GameState } from '@nftkit/snake-engine';
import { BEST_GAME_KEY, encodeBestGame, playRecordedGame, replayGame } from '@nftkit/snake-protocol';
import { describe, expect, it } from 'vitest';
import { BestGameError, readBestGame } from './bestGame';

const UP_THEN_LEFT = (state: GameState): Direction[] => (state.ticks === 3 ? ['LEFT'] : []);

/** A token read from the chain with the given properties. */
const chain = (properties: { key: string; value: string }[]) => ({
  token: {
    get: async ({ collectionId, tokenId }: { collectionId: number; tokenId: number }) => ({
      collectionId,
      tokenId,
      owner: '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
      properties,
    }),
    mintNFTs: async () => ({ result: [] }),
    setProperties: async () => ({}),
  },
});

function recorded() {
  const played = playRecordedGame(42, UP_THEN_LEFT);
  const replay = replayGame(played);
  if (!replay.ok) throw new Error(replay.message);
  return { played, value: encodeBestGame({ ...played, inputs: replay.kept }) };
}

describe('a leaderboard entry’s best game, read from the chain', () => {
  it('is the recorded game when its replay gives the score it claims', async () => {
    const { played, value } = recorded();
    const game = await readBestGame(chain([{ key: BEST_GAME_KEY, value }]), 1, 2);
    expect(game).toMatchObject({ seed: 42, ticks: played.ticks, score: played.score });
  });

  it('a token without one, and one whose score is not what its replay gives, are refused', async () => {
    await expect(readBestGame(chain([{ key: 'TotalScore', value: '3' }]), 1, 2)).rejects.toMatchObject({
      reason: 'none',
    });
    const { value, played } = recorded();
    const inflated = value.replace(`1.${played.score}.`, `1.${played.score + 5}.`);
    const refusal = await readBestGame(chain([{ key: BEST_GAME_KEY, value: inflated }]), 1, 2).catch(
      (e) => e,
    );
    expect(refusal).toBeInstanceOf(BestGameError);
    expect(refusal.reason).toBe('unverified');
  });
});
