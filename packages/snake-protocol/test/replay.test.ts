import { DIRECTIONS, type Direction } from '@nftkit/snake-engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_GAME_INPUTS, playRecordedGame, replayGame } from '../src/index.js';

/** A bot that presses the recorded keys of a random script: any sequence a player could type. */
const scripted = (script: readonly (Direction | null)[]) => {
  let i = 0;
  return () => {
    const key = script[i % script.length] ?? null;
    i += 1;
    return key ? [key] : [];
  };
};

const scriptArb = fc.array(fc.option(fc.constantFrom(...DIRECTIONS), { nil: null, freq: 3 }), {
  minLength: 1,
  maxLength: 400,
});

describe('replayGame', () => {
  it('gives back the score and ticks of any recorded game (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffff_ffff }), scriptArb, (seed, script) => {
        const played = playRecordedGame(seed, scripted(script), 5_000);
        fc.pre(played.over);
        const replay = replayGame(played);
        expect(replay).toMatchObject({ ok: true, score: played.score, ticks: played.ticks });
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a claimed end that differs from the replay, naming ticks', () => {
    const played = playRecordedGame(7, () => []);
    expect(played.over).toBe(true);
    expect(replayGame({ ...played, ticks: played.ticks + 1 })).toMatchObject({
      ok: false,
      reason: 'ENDED_EARLY',
      field: 'ticks',
    });
    expect(replayGame({ ...played, ticks: played.ticks - 1 })).toMatchObject({
      ok: false,
      reason: 'NOT_OVER',
    });
  });

  it('refuses turns out of order or after the end, naming the turn', () => {
    const played = playRecordedGame(7, () => []);
    const late = replayGame({ ...played, inputs: [{ tick: played.ticks + 1, direction: 'UP' }] });
    expect(late).toMatchObject({ ok: false, reason: 'INPUT_AFTER_END', field: 'inputs[0].tick' });
    const order = replayGame({
      ...played,
      inputs: [
        { tick: 3, direction: 'UP' },
        { tick: 2, direction: 'LEFT' },
      ],
    });
    expect(order).toMatchObject({ ok: false, reason: 'INPUTS_OUT_OF_ORDER', field: 'inputs[1].tick' });
  });

  it('refuses more turns than a game may record before replaying any', () => {
    const inputs = Array.from({ length: MAX_GAME_INPUTS + 1 }, () => ({ tick: 0, direction: 'UP' as const }));
    expect(replayGame({ seed: 1, inputs, ticks: 10 })).toMatchObject({
      ok: false,
      reason: 'TOO_MANY_INPUTS',
    });
  });

  it('counts the least duration as the tick period before every tick dispatch', () => {
    const played = playRecordedGame(7, () => []);
    const replay = replayGame(played);
    // No snack eaten on a straight run into the wall from the centre: every period is the initial 150 ms.
    expect(replay).toMatchObject({ ok: true, score: 0, minDurationMs: (played.ticks + 1) * 150 });
  });
});
