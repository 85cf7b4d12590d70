import { MAX_GAME_INPUTS } from '@nftkit/snake-protocol';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../wallet/memoryStorage.test-helper';
import { PENDING_KEY, type PendingResult, readPending, removePending, savePending } from './pendingResults';

const entry = (gameId: string, patch: Partial<PendingResult> = {}): PendingResult => ({
  service: 'http://127.0.0.1:5175',
  address: '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
  score: 2,
  savedAt: 1,
  result: { gameId, inputs: [{ tick: 0, direction: 'UP' }], ticks: 20, durationMs: 3200 },
  ...patch,
});

describe('pending results', () => {
  it('keeps saved results in order, replaces one with the same game id, removes by game id', () => {
    const storage = memoryStorage();
    savePending(storage, entry('a'));
    savePending(storage, entry('b'));
    savePending(storage, entry('a', { score: 5 }));
    expect(readPending(storage).map((e) => [e.result.gameId, e.score])).toEqual([
      ['b', 2],
      ['a', 5],
    ]);
    removePending(storage, 'b');
    removePending(storage, 'a');
    expect(storage.data.has(PENDING_KEY)).toBe(false);
  });

  it('keeps the newest 8', () => {
    const storage = memoryStorage();
    for (let i = 0; i < 12; i += 1) savePending(storage, entry(`g${i}`));
    expect(readPending(storage).map((e) => e.result.gameId)).toEqual(
      Array.from({ length: 8 }, (_, i) => `g${i + 4}`),
    );
  });

  it('drops what does not validate (the contract schema), keeping the rest', () => {
    const storage = memoryStorage();
    const tooMany = Array.from({ length: MAX_GAME_INPUTS + 1 }, () => ({ tick: 0, direction: 'UP' }));
    storage.setItem(
      PENDING_KEY,
      JSON.stringify([
        entry('ok'),
        { ...entry('bad-dir'), result: { ...entry('x').result, inputs: [{ tick: 0, direction: 'NORTH' }] } },
        { ...entry('neg'), result: { ...entry('x').result, ticks: -1 } },
        { ...entry('many'), result: { ...entry('x').result, inputs: tooMany } },
        { ...entry('no-address'), address: '' },
        'garbage',
      ]),
    );
    expect(readPending(storage).map((e) => e.result.gameId)).toEqual(['ok']);
    expect(JSON.parse(storage.data.get(PENDING_KEY)!)).toHaveLength(1);
  });

  it('reads malformed storage as nothing and clears it', () => {
    for (const raw of ['{', '{"a":1}', 'null']) {
      const storage = memoryStorage();
      storage.setItem(PENDING_KEY, raw);
      expect(readPending(storage)).toEqual([]);
      expect(storage.data.has(PENDING_KEY)).toBe(false);
    }
  });
});
