import { describe, expect, it } from 'vitest';
import { replayExample } from '../examples/quickstart.js';

describe('README example', () => {
  it('replays a recorded game to the score it was played with', () => {
    const { score, replayed } = replayExample();
    expect(replayed).toBe(score);
  });
});
