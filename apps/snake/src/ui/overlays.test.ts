import { describe, expect, it, vi } from 'vitest';
import { isOverlayOpen, openOverlay, subscribeOverlays } from './overlays';

describe('overlays', () => {
  it('is open while any popup is open, and tells listeners at once', () => {
    const seen: boolean[] = [];
    const off = subscribeOverlays(() => seen.push(isOverlayOpen()));
    expect(isOverlayOpen()).toBe(false);
    const closeA = openOverlay();
    const closeB = openOverlay();
    closeA();
    closeA(); // a second close of the same popup must not close the other
    expect(isOverlayOpen()).toBe(true);
    closeB();
    expect(isOverlayOpen()).toBe(false);
    expect(seen).toEqual([true, true, true, false]);
    off();
    const listener = vi.fn();
    subscribeOverlays(listener)();
    openOverlay()();
    expect(listener).not.toHaveBeenCalled();
  });
});
