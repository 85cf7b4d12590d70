import { describe, expect, it } from 'vitest';
import {
  decodeQuery,
  encodeQuery,
  extrinsicPath,
  indexerRoutes,
  pathParams,
  routePath,
  routes,
} from '../src/index.js';
import { ALICE, HASH } from './fixtures.js';

describe('encodeQuery (the real client\'s qs "repeat" format)', () => {
  it('repeats arrays, brackets nested objects, omits undefined, empties null, ISO dates, bigint digits', () => {
    const query = encodeQuery({
      sender: ALICE,
      nestTo: { collectionId: 3, tokenId: 4 },
      collectionIdIn: ['1', '2'],
      skip: undefined,
      sponsor: null,
      from: new Date(Date.UTC(2024, 0, 1)),
      amountFrom: 10n ** 20n,
      isBurned: false,
    });
    expect(query).toBe(
      `sender=${ALICE}&nestTo%5BcollectionId%5D=3&nestTo%5BtokenId%5D=4&collectionIdIn=1&collectionIdIn=2` +
        '&sponsor=&from=2024-01-01T00%3A00%3A00.000Z&amountFrom=100000000000000000000&isBurned=false',
    );
  });

  it('encodes reserved characters', () => {
    expect(encodeQuery({ nameLike: 'a&b=c d' })).toBe('nameLike=a%26b%3Dc%20d');
  });
});

describe('decodeQuery', () => {
  it('inverts encodeQuery into strings: repeated keys → arrays, brackets → objects', () => {
    const decoded = decodeQuery(
      '?nestTo%5BcollectionId%5D=3&nestTo[tokenId]=4&collectionIdIn=1&collectionIdIn=2&collectionIdIn=3&x=&name=a+b',
    );
    expect(decoded).toEqual({
      nestTo: { collectionId: '3', tokenId: '4' },
      collectionIdIn: ['1', '2', '3'],
      x: '',
      name: 'a b',
    });
  });

  it('feeds route schemas that coerce the strings', () => {
    const input = routes.token.possibleActions.input.parse(
      decodeQuery(
        encodeQuery({ sender: ALICE, collectionId: 42, tokenId: 1, nestTo: { collectionId: 3, tokenId: 4 } }),
      ),
    );
    expect(input).toEqual({
      sender: ALICE,
      collectionId: 42,
      tokenId: 1,
      nestTo: { collectionId: 3, tokenId: 4 },
      amount: 1,
    });
    const parsed = indexerRoutes.nfts.input.parse(
      decodeQuery(encodeQuery({ tokenIdIn: [5], isBurned: false })),
    );
    expect(parsed).toEqual({ tokenIdIn: [5], isBurned: false });
  });

  it('is safe against prototype keys', () => {
    const decoded = decodeQuery('__proto__[polluted]=1&constructor[prototype][x]=2');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('x');
    expect(Object.keys(decoded).sort()).toEqual(['__proto__', 'constructor']);
  });
});

describe('paths', () => {
  it('routePath fills and encodes path parameters', () => {
    expect(pathParams(indexerRoutes.nft)).toEqual(['collectionId', 'tokenId']);
    expect(routePath(indexerRoutes.nft, { collectionId: '42', tokenId: 1 })).toBe('/nfts/42/1');
    expect(routePath(indexerRoutes.account, { address: 'a/b c' })).toBe('/accounts/a%2Fb%20c');
    expect(routePath(routes.balance.get)).toBe('/balances/get');
    expect(() => routePath(indexerRoutes.block, {})).toThrow(
      'Missing path parameter "hashOrNumber" for /blocks/:hashOrNumber',
    );
  });

  it('extrinsicPath gives the four sub-routes', () => {
    const route = routes.token.setProperties;
    expect(extrinsicPath(route, 'build')).toBe('/token/properties/set/build');
    expect(extrinsicPath(route, 'fee')).toBe('/token/properties/set/fee');
    expect(extrinsicPath(route, 'encode')).toBe('/token/properties/set/encode');
    expect(extrinsicPath(route, 'status')).toBe('/token/properties/set/status/:hash');
    expect(extrinsicPath(route, 'status', HASH)).toBe(`/token/properties/set/status/${HASH}`);
  });
});
