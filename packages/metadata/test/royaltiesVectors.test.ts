import { describe, expect, it } from 'vitest';
import {
  calculateRoyalties,
  calculateRoyaltyPart,
  decodeRoyalties,
  decodeRoyaltiesV2,
  decodeRoyaltyPart,
  encodeRoyalties,
  encodeRoyaltiesV2,
  encodeRoyaltyPart,
  type Royalty,
  RoyaltyError,
  type RoyaltyPartInput,
  validateRoyalties,
} from '../src/index.js';
import { loadFixture } from './fixtures.js';

type JsonPart = {
  version?: number;
  decimals?: number;
  value: string;
  royaltyType?: 'DEFAULT' | 'PRIMARY_ONLY';
  address: string;
};
type Vectors = {
  parts: Record<string, { decoded: JsonPart; encoded: string }>;
  list: { encoded: string; decoded: JsonPart[] };
  uniqueV2: { encoded: string; decodedV2: Royalty[]; raw?: JsonPart[]; decodedBack?: Royalty[] }[];
  calculation: {
    cases: { part: JsonPart; sellPrice: string; amount: string }[];
    listPrimary: { address: string; amount: string }[];
    listSecondary: { address: string; amount: string }[];
  };
  errors: Record<string, string | unknown[]>;
};

const v = loadFixture<Vectors>('royalties.json');
const SUB = '5Gus5r7HSZv9ScdaTNVbFMBEsxMtc4cZBPTLfJJbLXQK8m9d';

const asDecoded = (p: JsonPart) => ({ ...p, value: BigInt(p.value) });

describe('royalty parts (vectors)', () => {
  for (const [name, { decoded, encoded }] of Object.entries(v.parts)) {
    it(`${name}: encodes and decodes`, () => {
      expect(encodeRoyaltyPart(decoded)).toBe(encoded);
      expect(encodeRoyaltyPart({ ...decoded, value: BigInt(decoded.value) })).toBe(encoded);
      expect(decodeRoyaltyPart(encoded)).toEqual(asDecoded(decoded));
      expect(encoded).toHaveLength(130);
    });
  }

  it('encodes and decodes the list', () => {
    expect(encodeRoyalties(v.list.decoded)).toBe(v.list.encoded);
    expect(decodeRoyalties(v.list.encoded)).toEqual(v.list.decoded.map(asDecoded));
    expect((v.list.encoded.length - 2) % 128).toBe(0);
  });
});

describe('royalties in the v2 percent form (vectors)', () => {
  v.uniqueV2.forEach((vector, i) => {
    it(`vector ${i}: decodes and re-encodes`, () => {
      expect(decodeRoyaltiesV2(vector.encoded)).toEqual(vector.decodedBack ?? vector.decodedV2);
      expect(encodeRoyaltiesV2(vector.decodedV2)).toBe(vector.encoded);
      if (vector.raw) expect(encodeRoyalties(vector.raw)).toBe(vector.encoded);
    });
  });

  it.each([0.29, 0.57, 0.01, 1.1, 2.3, 4.35, 8.2, 16.4, 33.33, 99.99, 100])(
    'accepts %d%% (at most 2 decimals, exact arithmetic) and round-trips it',
    (percent) => {
      const encoded = encodeRoyaltiesV2([{ address: SUB, percent }]);
      expect(decodeRoyaltyPart(encoded).value).toBe(BigInt(Math.round(percent * 100)));
      expect(decodeRoyaltiesV2(encoded)).toEqual([{ address: SUB, percent }]);
    },
  );
});

describe('royalty calculation (vectors)', () => {
  for (const c of v.calculation.cases) {
    it(`${c.part.value}/10^${c.part.decimals} of ${c.sellPrice} is ${c.amount}`, () => {
      expect(calculateRoyaltyPart(c.part, BigInt(c.sellPrice)).amount).toBe(BigInt(c.amount));
      expect(calculateRoyaltyPart(c.part, c.sellPrice).amount).toBe(BigInt(c.amount));
    });
  }

  it('applies only PRIMARY_ONLY parts on a primary sale and only DEFAULT parts on a secondary one', () => {
    const parts = v.list.decoded;
    const toJson = (l: { address: string; amount: bigint }[]) =>
      l.map((r) => ({ ...r, amount: r.amount.toString() }));
    expect(toJson(calculateRoyalties(parts, true, 1_000_000_000_000n))).toEqual(v.calculation.listPrimary);
    expect(toJson(calculateRoyalties(parts, false, 1_000_000_000_000n))).toEqual(v.calculation.listSecondary);
  });

  it('accepts the v2 percent form too', () => {
    const royalties: Royalty[] = [
      { address: SUB, percent: 0.29 },
      { address: '0x1234A38988Dd5ecC93Dd9cE90a44A00e5FB91e4C', percent: 10, isPrimaryOnly: true },
    ];
    expect(calculateRoyalties(royalties, false, 10_000n)).toEqual([{ address: SUB, amount: 29n }]);
    expect(calculateRoyalties(royalties, true, 10_000n)).toEqual([
      { address: '0x1234A38988Dd5ecC93Dd9cE90a44A00e5FB91e4C', amount: 1000n },
    ]);
  });
});

describe('royalty errors (vectors)', () => {
  const e = v.errors;
  const base: RoyaltyPartInput = { value: 1, address: SUB };
  const bad = (part: Record<string, unknown>) => () =>
    encodeRoyaltyPart({ ...base, ...part } as RoyaltyPartInput);

  it.each([
    ['part.encode value 0', { value: 0 }],
    ['part.encode version 0', { version: 0 }],
    ['part.encode version 1.5', { version: 1.5 }],
    ['part.encode decimals 256', { decimals: 256 }],
    ['part.encode decimals 1.5', { decimals: 1.5 }],
    ['part.encode value 1.5', { value: 1.5 }],
    ['part.encode value 2^64', { value: 2n ** 64n }],
    ['part.encode royaltyType FOO', { royaltyType: 'FOO' }],
    ['part.encode address "1"', { address: '1' }],
  ])('%s', (name, part) => {
    expect(bad(part)).toThrow(new RoyaltyError('INVALID_ROYALTY', e[name] as string));
  });

  it('decoding a short part or list fails with the length messages', () => {
    expect(() => decodeRoyaltyPart('0x0100')).toThrow(e['part.decode("0x0100")'] as string);
    expect(() => decodeRoyalties('0x0100')).toThrow(e['decode("0x0100")'] as string);
  });

  it('validate(non-array)', () => {
    expect(() => validateRoyalties({} as unknown)).toThrow(e['validate(non-array)'] as string);
    expect(() => encodeRoyalties('x' as unknown as RoyaltyPartInput[])).toThrow('Royalties must be an array');
  });

  it('refuses more than 2 decimals and a zero percent', () => {
    expect(() => encodeRoyaltiesV2([{ address: SUB, percent: 0.001 }])).toThrow(
      e['uniqueV2.encode percent 0.001'] as string,
    );
    expect(() => encodeRoyaltiesV2([{ address: SUB, percent: 0 }])).toThrow(
      e['uniqueV2.encode percent 0'] as string,
    );
  });

  it('decodes an empty string to an empty list', () => {
    expect(decodeRoyaltiesV2('')).toEqual(e['uniqueV2.decode("")']);
  });
});
