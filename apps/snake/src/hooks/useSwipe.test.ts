import { describe, expect, it } from 'vitest';
import { directionForKey } from './useKeyboard';
import { swipeDirection } from './useSwipe';

describe('swipeDirection', () => {
  it('follows the dominant axis', () => {
    expect(swipeDirection(60, 10)).toBe('RIGHT');
    expect(swipeDirection(-60, 10)).toBe('LEFT');
    expect(swipeDirection(5, 60)).toBe('DOWN');
    expect(swipeDirection(5, -60)).toBe('UP');
  });

  it('ignores taps', () => {
    expect(swipeDirection(3, 4)).toBeNull();
  });
});

describe('directionForKey (spec §4 keys)', () => {
  it('maps arrows and WASD', () => {
    expect(['ArrowUp', 'w', 'W'].map(directionForKey)).toEqual(['UP', 'UP', 'UP']);
    expect(['ArrowRight', 'd', 'D'].map(directionForKey)).toEqual(['RIGHT', 'RIGHT', 'RIGHT']);
    expect(['ArrowLeft', 'a', 'A'].map(directionForKey)).toEqual(['LEFT', 'LEFT', 'LEFT']);
    expect(['ArrowDown', 's', 'S'].map(directionForKey)).toEqual(['DOWN', 'DOWN', 'DOWN']);
    expect(directionForKey('x')).toBeUndefined();
  });
});
