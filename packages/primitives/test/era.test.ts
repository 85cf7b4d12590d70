import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bytesToHex,
  decodeEra,
  encodeMortalEra,
  eraBirth,
  eraDeath,
  IMMORTAL_ERA,
  mortalEraPeriod,
} from '../src/index.js';
import { thrown } from './helpers.js';

const period = fc.integer({ min: 2, max: 16 }).map((k) => 2 ** k);
const blockNumber = fc.integer({ min: 0, max: 2 ** 40 });

describe('mortal era', () => {
  it('encodes the documented example (period 64 at block 100 → 0x4502)', () => {
    expect(bytesToHex(encodeMortalEra(64, 100))).toBe('0x4502');
    expect(decodeEra('0x4502')).toEqual({ period: 64, phase: 36 });
  });

  it('decodes the polkadot-js example (0x4e9c → period 32768, phase 20000)', () => {
    expect(decodeEra(Uint8Array.of(0x4e, 0x9c))).toEqual({ period: 32768, phase: 20000 });
  });

  it('computes birth and death like Substrate', () => {
    // Era::mortal(64, 100) has phase 36: born at 100, dies at 164; seen later in the window, same birth.
    expect(eraBirth(64, 36, 100)).toBe(100);
    expect(eraBirth(64, 36, 163)).toBe(100);
    expect(eraDeath(64, 36, 100)).toBe(164);
    // Before the phase the birth is the phase itself.
    expect(eraBirth(64, 36, 10)).toBe(36);
  });

  it('round-trips with the phase quantized for long periods', () => {
    fc.assert(
      fc.property(period, blockNumber, (p, block) => {
        const era = decodeEra(encodeMortalEra(p, block));
        const factor = Math.max(p >> 12, 1);
        expect(era).toEqual({ period: p, phase: Math.floor((block % p) / factor) * factor });
        if (era === 'immortal') return;
        const birth = eraBirth(era.period, era.phase, block);
        expect(birth).toBeLessThanOrEqual(block);
        expect(block - birth).toBeLessThan(factor);
        expect(eraDeath(era.period, era.phase, block)).toBe(birth + p);
      }),
    );
  });

  it('rounds mortal lengths up to a power of two within 4..65536', () => {
    expect(mortalEraPeriod(64)).toBe(64);
    expect(mortalEraPeriod(65)).toBe(128);
    expect(mortalEraPeriod(3)).toBe(4);
    expect(mortalEraPeriod(65536)).toBe(65536);
    for (const bad of [0, 1, 2, 65537, -1, 1.5, Number.NaN]) {
      const error = thrown(() => mortalEraPeriod(bad));
      expect(error.message).toBe('Period must be between 4 and 65536');
    }
  });

  it('refuses invalid periods, blocks and encodings', () => {
    for (const bad of [2, 3, 5, 100, 131072])
      expect(thrown(() => encodeMortalEra(bad, 1)).code).toBe('INVALID_ERA');
    expect(thrown(() => encodeMortalEra(64, -1)).code).toBe('INVALID_ERA');
    expect(thrown(() => encodeMortalEra(64, 1.5)).code).toBe('INVALID_ERA');
    expect(decodeEra(IMMORTAL_ERA)).toBe('immortal');
    expect(decodeEra('0x00')).toBe('immortal');
    for (const bad of ['0x', '0x45', '0x450200', '0x0045', '0xf0ff']) thrown(() => decodeEra(bad));
    expect(thrown(() => eraBirth(100, 1, 5)).code).toBe('INVALID_ERA');
    expect(thrown(() => eraBirth(64, 64, 5)).code).toBe('INVALID_ERA');
    expect(thrown(() => eraDeath(64, 1, -5)).code).toBe('INVALID_ERA');
    // Period 4 with phase 4 is out of range.
    expect(thrown(() => decodeEra(Uint8Array.of(0x41, 0x00))).code).toBe('INVALID_ERA');
  });
});
