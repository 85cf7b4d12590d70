import { describe, expect, it } from 'vitest';
import { fitBoard, snappedOffset } from './boardFit';

describe('fitBoard', () => {
  it('takes the smaller side and a whole number of device pixels per cell', () => {
    expect(fitBoard(1000, 700, 1)).toEqual({ size: 37 * 18, cellCss: 18, cellDevicePx: 18 });
    expect(fitBoard(300, 900, 1).cellDevicePx).toBe(8); // 300 / 37 = 8.1
  });

  it('uses device pixels on high-density screens', () => {
    const fit = fitBoard(366, 400, 3); // 1098 device px / 37 = 29.7
    expect(fit.cellDevicePx).toBe(29);
    expect(fit.cellCss * 3).toBeCloseTo(29, 10);
    expect(fit.size).toBeLessThanOrEqual(366);
    expect(fit.size).toBeGreaterThan(366 * 0.95);
  });

  it('fills at least 85 % of the space from about 250 px up at any ratio', () => {
    for (const dpr of [1, 1.25, 1.5, 2, 2.625, 3])
      for (let side = 250; side <= 2000; side += 7) {
        const fit = fitBoard(side, side + 50, dpr);
        expect(fit.size).toBeLessThanOrEqual(side + 1e-9);
        expect(fit.size / side).toBeGreaterThanOrEqual(0.85);
        expect(Number.isInteger(fit.cellDevicePx)).toBe(true);
      }
  });

  it('an exact fit is not lost to rounding', () => {
    expect(fitBoard(296 - 1e-9, 500, 1).cellDevicePx).toBe(8);
  });

  it('never answers less than one device pixel per cell, nor NaN', () => {
    expect(fitBoard(0, 0, 1).cellDevicePx).toBe(1);
    expect(fitBoard(Number.NaN, 100, Number.NaN)).toEqual({ size: 37, cellCss: 1, cellDevicePx: 1 });
    expect(fitBoard(-5, 100, 0).cellDevicePx).toBe(1);
  });
});

describe('snappedOffset', () => {
  it('centres the board and lands its edge on a device pixel', () => {
    expect(snappedOffset(0, 500, 296, 1)).toBe(102);
    const off = snappedOffset(10.3, 400, 370, 3);
    expect(((10.3 + off) * 3) % 1).toBeCloseTo(0, 9);
    expect(Math.abs(off - 15)).toBeLessThanOrEqual(1 / 3);
  });

  it('never moves the board before the start of its space', () => {
    expect(snappedOffset(0, 100, 300, 1)).toBe(0);
  });
});
