// Differential tests: on generated inputs, our answers equal those of the published
// @unique-nft/utils (devDependency, test-only). Deliberate differences are excluded here and
// listed in docs/decisions/primitives.md; each has its own test below.
import { Address, CoinUtils } from '@unique-nft/utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bytesToHex,
  collectionAddressToId,
  collectionIdToAddress,
  decodeSubstrateAddressWithFormat,
  encodeSubstrateAddress,
  ethereumToSubstrateMirror,
  formatCoins,
  formatFixed,
  formatGwei,
  formatNumber,
  formatWeiFixed,
  formatWeiNumber,
  isEthereumAddress,
  isSubstrateAddress,
  nestingAddressFromIds,
  nestingAddressToIds,
  normalizeAddress,
  normalizeSubstrateAddress,
  parseCoins,
  parseGwei,
  substrateToEthereumMirror,
  toChecksumEthereumAddress,
  toCrossAccountId,
} from '../src/index.js';
import { coinTexts, ethLower, publicKey, ss58Format, u32 } from './arbitraries.js';

const keyOfLength = fc
  .constantFrom(1, 2, 4, 8, 32, 33)
  .chain((n) => fc.uint8Array({ minLength: n, maxLength: n }));

const outcome = <T>(fn: () => T): { ok: T } | { error: true } => {
  try {
    return { ok: fn() };
  } catch {
    return { error: true };
  }
};

describe('differential: addresses against @unique-nft/utils', () => {
  it('SS58 encode agrees for every key length and format both accept', () => {
    fc.assert(
      fc.property(keyOfLength, ss58Format, (key, format) => {
        const theirs = outcome(() => Address.substrate.encode(key, format));
        const ours = outcome(() => encodeSubstrateAddress(key, format));
        if ('ok' in ours) expect(theirs).toEqual(ours);
        // We refuse only what their decoder cannot read back.
        else if ('ok' in theirs)
          expect(outcome(() => Address.substrate.decode(theirs.ok))).toEqual({ error: true });
      }),
    );
  });

  it('SS58 decode agrees on valid addresses of any format', () => {
    fc.assert(
      fc.property(publicKey, ss58Format, (key, format) => {
        const address = Address.substrate.encode(key, format);
        const theirs = Address.substrate.decode(address);
        const ours = decodeSubstrateAddressWithFormat(address);
        expect(bytesToHex(ours.publicKey)).toBe(theirs.hex);
        expect(ours.ss58Format).toBe(theirs.ss58Prefix);
        expect(normalizeSubstrateAddress(address)).toBe(Address.normalize.substrateAddress(address));
      }),
    );
  });

  it('SS58 validity agrees on mangled addresses', () => {
    fc.assert(
      fc.property(publicKey, ss58Format, fc.nat(), fc.nat({ max: 57 }), (key, format, at, digit) => {
        const address = Address.substrate.encode(key, format);
        const i = at % address.length;
        const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
        const mangled = address.slice(0, i) + alphabet[digit] + address.slice(i + 1);
        const truncated = address.slice(0, i);
        for (const candidate of [mangled, truncated]) {
          const theirs = Address.is.substrateAddress(candidate);
          const ours = isSubstrateAddress(candidate);
          // Ours may only be stricter (see decisions: odd key lengths are refused).
          if (ours) expect(theirs).toBe(true);
          if (theirs && !ours) expect(decodeSubstrateAddressWithFormatLength(candidate)).not.toBe(32);
        }
      }),
    );
  });

  it('Ethereum checksum and validation agree', () => {
    fc.assert(
      fc.property(ethLower, fc.string({ maxLength: 44 }), (lower, junk) => {
        expect(toChecksumEthereumAddress(lower)).toBe(Address.normalize.ethereumAddress(lower));
        expect(isEthereumAddress(junk)).toBe(Address.is.ethereumAddress(junk));
        expect(isEthereumAddress(`0x${junk}`)).toBe(Address.is.ethereumAddress(`0x${junk}`));
      }),
    );
  });

  it('collection addresses stay right when asked again, past the size of their cache', () => {
    const ids = fc.sample(fc.integer({ min: 0, max: 0xffffffff }), 3000);
    const first = ids.map((id) => collectionIdToAddress(id));
    const again = [...ids].reverse().map((id) => collectionIdToAddress(id));
    expect(again.reverse()).toEqual(first);
    for (const [i, id] of ids.entries())
      if (i % 50 === 0) expect(first[i]).toBe(Address.collection.idToAddress(id));
  });

  it('mirrors agree', () => {
    fc.assert(
      fc.property(publicKey, ss58Format, ethLower, (key, format, eth) => {
        const address = Address.substrate.encode(key, format);
        expect(substrateToEthereumMirror(address)).toBe(Address.mirror.substrateToEthereum(address));
        expect(ethereumToSubstrateMirror(eth, format)).toBe(Address.mirror.ethereumToSubstrate(eth, format));
      }),
    );
  });

  it('collection and nesting addresses agree', () => {
    fc.assert(
      fc.property(u32, u32, (collectionId, tokenId) => {
        const collection = Address.collection.idToAddress(collectionId);
        expect(collectionIdToAddress(collectionId)).toBe(collection);
        expect(collectionAddressToId(collection)).toBe(Address.collection.addressToId(collection));
        const nesting = Address.nesting.idsToAddress(collectionId, tokenId);
        expect(nestingAddressFromIds(collectionId, tokenId)).toBe(nesting);
        expect(nestingAddressToIds(nesting)).toEqual(Address.nesting.addressToIds(nesting));
      }),
    );
  });

  it('normalized CrossAccountId agrees with extract.crossAccountIdNormalized', () => {
    fc.assert(
      fc.property(publicKey, ss58Format, ethLower, fc.boolean(), (key, format, eth, lowerKeys) => {
        fc.pre(key.some((b) => b !== 0));
        const sub = Address.substrate.encode(key, format);
        const inputs = [sub, eth, lowerKeys ? { substrate: sub } : { Substrate: sub }, { Ethereum: eth }];
        for (const input of inputs)
          expect(toCrossAccountId(input)).toEqual(Address.extract.crossAccountIdNormalized(input));
      }),
    );
  });
});

// Decoded key length of an address the reference accepts but we refuse, for the assertion above.
const decodeSubstrateAddressWithFormatLength = (address: string): number =>
  Address.substrate.decode(address).u8a.length;

describe('differential: coins and number display against @unique-nft/utils (coin-format)', () => {
  const decimals = fc.integer({ min: 1, max: 18 });

  it('wei → coins agrees for any non-negative bigint', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 1n << 200n }), decimals, (wei, d) => {
        expect(formatCoins(wei, d)).toBe(CoinUtils.weiToCoin(wei, d));
        expect(formatGwei(wei, d)).toBe(CoinUtils.weiToGwei(wei, d));
      }),
    );
  });

  it('coins → wei agrees when no digit beyond the precision would be dropped', () => {
    fc.assert(
      fc.property(coinTexts(10n ** 30n), ({ text, decimals: d }) => {
        expect(parseCoins(text, d)).toBe(CoinUtils.coinToWeiInBigInt(text, d));
      }),
    );
  });

  const plainDecimal = fc
    .tuple(
      fc.oneof(fc.bigInt({ min: 0n, max: 99_999n }), fc.bigInt({ min: 0n, max: 10n ** 15n - 1n })),
      fc.option(fc.stringMatching(/^\d{1,12}$/), { nil: undefined }),
    )
    .map(([whole, fraction]) => (fraction === undefined ? whole.toString() : `${whole}.${fraction}`));

  it('formatNumber agrees on non-negative decimal strings', () => {
    fc.assert(
      fc.property(plainDecimal, (value) => {
        // The reference reads the fraction through parseFloat; 0.0999…9 (≥ 16 nines) rounds to 0.1 there.
        fc.pre(!/\.09{15,}/.test(value));
        expect(formatNumber(value)).toBe(CoinUtils.formatNice(value));
      }),
    );
  });

  it('wei display agrees (weiFormatNice / weiFormatFixed)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 32n }),
        decimals,
        fc.integer({ min: 1, max: 6 }),
        (wei, d, p) => {
          const coins = formatCoins(wei, d);
          fc.pre(Number(coins.split('.')[0]) < 2 ** 53 && !/\.09{15,}/.test(coins));
          expect(formatWeiNumber(wei, d)).toBe(CoinUtils.weiFormatNice(wei, d));
          expect(formatWeiFixed(wei, d, p)).toBe(CoinUtils.weiFormatFixed(wei, d, p));
        },
      ),
    );
  });

  it('formatFixed agrees for precision ≥ 1', () => {
    fc.assert(
      fc.property(plainDecimal, fc.integer({ min: 1, max: 8 }), (value, precision) => {
        expect(formatFixed(value, precision)).toBe(CoinUtils.formatFixed(value, precision));
      }),
    );
  });

  it('agrees on the deliberate-difference boundaries only where documented', () => {
    // Reference: precision 0 leaves a dangling point; negatives are not abbreviated; digits beyond
    // the precision are silently dropped. We answer '5', '-123.456K' and throw, respectively.
    expect(CoinUtils.formatFixed('5.9', 0)).toBe('5.');
    expect(formatFixed('5.9', 0)).toBe('5');
    expect(CoinUtils.formatNice('-123456')).toBe('-123456');
    expect(formatNumber('-123456')).toBe('-123.456K');
    expect(CoinUtils.coinToWeiInBigInt('1.0000001', 6)).toBe(1_000_000n);
    expect(() => parseCoins('1.0000001', 6)).toThrow('Invalid value');
  });
});

// Each row of the differences table in docs/decisions/primitives.md, with both answers.
describe('deliberate differences from @unique-nft/utils', () => {
  const theirs = <T>(fn: () => T) => outcome(fn);
  const zeroEth = '0x0000000000000000000000000000000000000000';

  it('#1/#2 SS58 lengths: we never write what decoders refuse', () => {
    const odd = Address.substrate.encode(new Uint8Array(4), 255);
    expect(theirs(() => Address.substrate.decode(odd))).toEqual({ error: true });
    expect(outcome(() => encodeSubstrateAddress(new Uint8Array(4), 255))).toEqual({ error: true });
  });

  it('#4/#5 id errors name the right field and refuse fractions', () => {
    expect(() => Address.nesting.idsToAddress(1, -1)).toThrow('collectionId should be');
    expect(() => nestingAddressFromIds(1, -1)).toThrow('tokenId should be a number between 0 and 0xffffffff');
    expect(() => Address.collection.idToAddress(1.5)).toThrow('Passed number is not an integer number: 1.5');
    expect(() => collectionIdToAddress(1.5)).toThrow(
      'collectionId should be a number between 0 and 0xffffffff',
    );
  });

  it('#7/#8 ambiguous objects are refused, uint256 subs are padded', () => {
    const sub = Address.substrate.encode(new Uint8Array(32).fill(1), 255);
    expect(theirs(() => Address.extract.crossAccountId({ Substrate: sub, Ethereum: zeroEth }))).toEqual({
      ok: { Substrate: sub },
    });
    expect(outcome(() => toCrossAccountId({ Substrate: sub, Ethereum: zeroEth } as never))).toEqual({
      error: true,
    });
    expect(theirs(() => Address.extract.crossAccountId({ eth: zeroEth, sub: '0x07' }))).toEqual({
      error: true,
    });
    const key = new Uint8Array(32);
    key[31] = 7;
    expect(toCrossAccountId({ eth: zeroEth, sub: '0x07' })).toEqual({
      Substrate: encodeSubstrateAddress(key),
    });
  });

  it('#9/#10 mirrors need an AccountId32; public keys are not addresses', () => {
    const short = Address.substrate.encode(new Uint8Array(33).fill(3));
    expect(theirs(() => Address.mirror.substrateToEthereum(short))).toEqual({ ok: `0x${'03'.repeat(20)}` });
    expect(outcome(() => substrateToEthereumMirror(short))).toEqual({ error: true });
    const pk = `0x${'11'.repeat(32)}`;
    expect('ok' in theirs(() => Address.extract.addressNormalized(pk))).toBe(true);
    expect(outcome(() => normalizeAddress(pk))).toEqual({ error: true });
  });

  it('#12-#15 coins are exact or refused, with typed errors', () => {
    expect(CoinUtils.weiToCoin(-5n)).toBe('0.0000000000000000-5');
    expect(() => formatCoins(-5n)).toThrow('Invalid value');
    expect(() => CoinUtils.weiToCoin(1n, 1.5)).toThrow(RangeError);
    expect(() => formatCoins(1n, 1.5)).toThrow('Invalid decimals');
    expect(() => CoinUtils.gweiToWei('x')).toThrow(SyntaxError);
    expect(() => parseGwei('x')).toThrow('Invalid gwei value');
  });

  it('#16-#21 number display', () => {
    expect(CoinUtils.formatNice('12abc')).toBe('12abc');
    expect(() => formatNumber('12abc')).toThrow('Invalid number');
    expect(CoinUtils.formatNice('9999999999999999999993')).toBe('10000000000T');
    expect(formatNumber('9999999999999999999993')).toBe('9999999999.999T');
    expect(CoinUtils.formatNice(1e21)).toBe('1e+21');
    expect(formatNumber(1e21)).toBe('1000000000T');
    expect(CoinUtils.formatNice('0.099999999999999999')).toBe('0.0999');
    expect(formatNumber('0.099999999999999999')).toBe('0.099999');
  });
});
