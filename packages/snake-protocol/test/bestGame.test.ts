import { DIRECTIONS, type Direction } from '@nftkit/snake-engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BEST_GAME_MAX_CHARS,
  bestGameFits,
  bestScoreOf,
  decodeBestGame,
  encodeBestGame,
  MAX_GAME_INPUTS,
  MAX_GAME_TICKS,
  playRecordedGame,
  replayGame,
  verifyBestGame,
} from '../src/index.js';

const turnsArb = fc
  .array(fc.record({ step: fc.nat({ max: 300 }), direction: fc.constantFrom(...DIRECTIONS) }), {
    maxLength: 300,
  })
  .map((steps) => {
    let tick = 0;
    return steps.map(({ step, direction }) => {
      tick += step;
      return { tick, direction };
    });
  });

/** A player who turns at random now and then. */
const wanderer = (seed: number) => {
  let x = seed || 1;
  return (): Direction[] => {
    x = (x * 1_103_515_245 + 12_345) >>> 0;
    return x % 5 === 0 ? [DIRECTIONS[(x >>> 8) % 4] as Direction] : [];
  };
};

describe('the best game on the token', () => {
  it('decodes to the game it encodes (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff_ffff }), turnsArb, fc.nat(), (seed, inputs, score) => {
        const ticks = (inputs.at(-1)?.tick ?? 0) + 3;
        const value = encodeBestGame({ seed, inputs, ticks, score });
        expect(decodeBestGame(value)).toEqual({ seed, inputs, ticks, score });
        expect(bestScoreOf(value)).toBe(score);
      }),
      { numRuns: 300 },
    );
  });

  it('replays to its score: the kept turns make the same game (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff_ffff }), (seed) => {
        const played = playRecordedGame(seed, wanderer(seed), 5_000);
        fc.pre(played.over);
        const replay = replayGame(played);
        if (!replay.ok) throw new Error(replay.message);
        expect(replay.kept.length).toBeLessThanOrEqual(played.inputs.length);
        const value = encodeBestGame({ ...played, inputs: replay.kept });
        expect(verifyBestGame(value)).toMatchObject({ seed, ticks: played.ticks, score: played.score });
      }),
      { numRuns: 100 },
    );
  });

  it('fits the token for the most varied game the bounds allow', () => {
    // MAX_GAME_INPUTS turns at random ticks (steps of 0..9, about MAX_GAME_TICKS in all), each in a random
    // direction: the least compressible recording within the bounds, if not a game the engine would end so.
    let x = 7;
    const random = () => {
      x = (x * 1_103_515_245 + 12_345) >>> 0;
      return x >>> 8;
    };
    const inputs: { tick: number; direction: Direction }[] = [];
    let tick = 0;
    for (let i = 0; i < MAX_GAME_INPUTS; i += 1) {
      tick += random() % 10;
      inputs.push({ tick, direction: DIRECTIONS[random() % 4] as Direction });
    }
    expect(tick).toBeLessThanOrEqual(MAX_GAME_TICKS);
    const value = encodeBestGame({ seed: 1, inputs, ticks: tick, score: 100 });
    expect(value.length).toBeLessThan(BEST_GAME_MAX_CHARS);
    expect(bestGameFits(value)).toBe(true);
    expect(decodeBestGame(value)?.inputs).toEqual(inputs);
  });

  it('reads anything else as no best game', () => {
    const value = encodeBestGame({ seed: 9, inputs: [{ tick: 2, direction: 'UP' }], ticks: 5, score: 1 });
    const body = value.split('.')[2] ?? '';
    for (const bad of [
      undefined,
      '',
      'hello',
      `2.1.${body}`,
      `1.-1.${body}`,
      `1.1.${body}!`,
      `1.1.${body.slice(0, -3)}`,
      `1.1.${'A'.repeat(BEST_GAME_MAX_CHARS)}`,
    ])
      expect(decodeBestGame(bad), String(bad).slice(0, 40)).toBeNull();
    expect(bestScoreOf('2.5.x')).toBeNull();
    // A game that does not replay to the score it claims is not verified.
    const played = playRecordedGame(3, wanderer(3), 5_000);
    const lying = encodeBestGame({ ...played, score: played.score + 1 });
    expect(decodeBestGame(lying)).not.toBeNull();
    expect(verifyBestGame(lying)).toBeNull();
  });
});
