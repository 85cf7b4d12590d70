import { describe, expect, it } from 'vitest';
import {
  decodeTokenFromProperties,
  decodeTokenFromPropertiesAsync,
  detectSchemaFamily,
  encodeTokenToProperties,
  MetadataDecodingError,
} from '../src/index.js';
import { prop } from './oldFormats.js';

const json = JSON.stringify({
  name: 'Ape',
  image: 'ipfs://QmApe',
  attributes: [{ trait_type: 'fur', value: 'gold' }],
});

describe('ERC721 tokens', () => {
  it('fetch the URI property through the caller’s function only', async () => {
    const asked: string[] = [];
    const fetch = async (url: string) => {
      asked.push(url);
      return json;
    };
    const decoded = await decodeTokenFromPropertiesAsync([prop('URI', 'https://meta.example/1.json')], {
      fetch,
    });
    expect(asked).toEqual(['https://meta.example/1.json']);
    expect(decoded).toEqual({ schemaName: 'unique', schemaVersion: '2.0.0', ...JSON.parse(json) });
  });

  it('build the URI from baseURI + URISuffix, or baseURI alone', async () => {
    const asked: string[] = [];
    const fetch = async (url: string) => {
      asked.push(url);
      return { ok: true, status: 200, text: async () => json };
    };
    const collectionProperties = [prop('baseURI', 'https://meta.example/')];
    await decodeTokenFromPropertiesAsync([prop('URISuffix', '7.json')], { collectionProperties, fetch });
    await decodeTokenFromPropertiesAsync([prop('other', 'x')], { collectionProperties, fetch });
    expect(asked).toEqual(['https://meta.example/7.json', 'https://meta.example/']);
  });

  it('have no URI from a suffix without a baseURI', () => {
    expect(detectSchemaFamily([], [prop('URISuffix', '7.json')])).toBe('UNKNOWN');
  });

  it('report a failed fetch as a typed error', async () => {
    const fetch = async () => ({ ok: false, status: 404, text: async () => 'not found' });
    await expect(decodeTokenFromPropertiesAsync([prop('URI', 'https://x/1')], { fetch })).rejects.toThrow(
      new MetadataDecodingError(
        'TOKEN_URI_FETCH_FAILED',
        'Unable to fetch token URI https://x/1: HTTP status 404',
      ),
    );
    const failing = async () => {
      throw new Error('ECONNREFUSED');
    };
    await expect(
      decodeTokenFromPropertiesAsync([prop('URI', 'https://x/1')], { fetch: failing }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });

  it('report fetched text that is not JSON as unparsable tokenData', async () => {
    const fetch = async () => '<html>';
    await expect(decodeTokenFromPropertiesAsync([prop('URI', 'https://x/1')], { fetch })).rejects.toThrow(
      'Unable to parse tokenData JSON',
    );
  });

  it('decode v2 tokens with a URI from tokenData, without fetching', async () => {
    const props = encodeTokenToProperties({ name: 'Snake' }, { URI: 'https://x/1' });
    const fetch = async () => {
      throw new Error('must not fetch');
    };
    expect(await decodeTokenFromPropertiesAsync(props, { fetch })).toEqual(decodeTokenFromProperties(props));
    expect(detectSchemaFamily(undefined, props)).toBe('V2');
  });
});

describe('schema family detection (spec §4)', () => {
  it.each([
    [[prop('schemaName', 'unique'), prop('schemaVersion', '2.1.0')], 'V2'],
    [[prop('schemaName', '"unique"'), prop('schemaVersion', '"1.0.0"')], 'V1'],
    [[prop('_old_schemaVersion', 'Unique')], 'V0'],
    [[prop('schemaName', 'unique'), prop('schemaVersion', '2.0.0'), prop('_old_schemaVersion', 'x')], 'V2'],
    [[prop('baseURI', 'https://x/')], 'ERC721'],
    [[prop('schemaName', 'other'), prop('schemaVersion', '2.0.0')], 'UNKNOWN'],
    [[prop('schemaName', 'unique'), prop('schemaVersion', 'banana')], 'UNKNOWN'],
    [[], 'UNKNOWN'],
  ] as const)('%j → %s', (collection, family) => {
    expect(detectSchemaFamily([...collection])).toBe(family);
  });

  it('a token URI beside a v2 schema is still V2', () => {
    expect(
      detectSchemaFamily(
        [prop('schemaName', 'unique'), prop('schemaVersion', '2.0.0')],
        [prop('URI', 'https://x')],
      ),
    ).toBe('V2');
  });
});
