import { createInitialState } from '@nftkit/snake-engine';
import { describe, expect, it } from 'vitest';
import { createGameStore } from './gameStore';
import { initialRecordedState } from './recording';

describe('createGameStore', () => {
  it('reduces each action at once and tells listeners only about changes', () => {
    const store = createGameStore(initialRecordedState(createInitialState()));
    let heard = 0;
    const unsubscribe = store.subscribe(() => {
      heard += 1;
    });
    store.dispatch({ type: 'tick' }); // not playing: the engine keeps the same state
    expect(heard).toBe(0);
    store.dispatch({ type: 'start', seed: 3, rule: 'WITH_BORDERS' });
    expect(heard).toBe(1);
    expect(store.game().isPlaying).toBe(true);
    const head = store.game().snake[0];
    store.dispatch({ type: 'tick' });
    expect(heard).toBe(2);
    expect(store.game().snake[0]).not.toEqual(head);
    expect(store.game().ticks).toBe(1);
    unsubscribe();
    store.dispatch({ type: 'tick' });
    expect(heard).toBe(2);
    expect(store.game().ticks).toBe(2);
  });

  it('records the accepted turns with the game (the service replays them)', () => {
    const store = createGameStore(initialRecordedState(createInitialState()));
    store.dispatch({ type: 'start', seed: 3, rule: 'WITH_BORDERS' });
    const { direction } = store.game().playground;
    const side = direction === 'UP' || direction === 'DOWN' ? 'LEFT' : 'UP';
    store.dispatch({ type: 'turn', direction: side });
    expect(store.get().last?.turn).toEqual({ tick: 0, direction: side });
  });
});
