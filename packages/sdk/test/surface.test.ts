import { AssetHub as ReferenceAssetHub, UniqueChain as ReferenceChain } from '@unique-nft/sdk';
import { describe, expect, it } from 'vitest';
import * as sdk from '../src/index.js';

/** Every method of a client that carries a route, by dotted name. */
function methods(client: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const seen = new Set<unknown>();
  const walk = (node: unknown, prefix: string) => {
    if (typeof node !== 'object' || node === null || seen.has(node)) return;
    seen.add(node);
    for (const [key, value] of Object.entries(node)) {
      if (key === 'options' || key === 'client' || key === 'extrinsic') continue;
      const name = prefix ? `${prefix}.${key}` : key;
      const route = (value as { route?: unknown } | null)?.route;
      if (typeof value === 'function' && typeof route === 'string') out.set(name, route);
      else walk(value, name);
    }
  };
  walk(client, '');
  return out;
}

// Derivative collections and XCM are outside the api's scope (rest-api §4.8).
const OUT_OF_SCOPE = /^(derivative|xcm)\./;

describe('the same surface as @unique-nft/sdk', () => {
  it('UniqueChain has every method of the real one, at the same route', () => {
    const ours = methods(sdk.UniqueChain({ baseUrl: 'http://127.0.0.1:1' }));
    const reference = [...methods(ReferenceChain({ baseUrl: 'http://127.0.0.1:1' }))].filter(
      ([n]) => !OUT_OF_SCOPE.test(n),
    );
    expect(reference.length).toBeGreaterThan(60);
    for (const [name, route] of reference) expect(ours.get(name), name).toBe(route);
  });

  it('AssetHub().nftsPallet has every method of the real one, at the same route', () => {
    const ours = methods(sdk.AssetHub({ baseUrl: 'http://127.0.0.1:1' }).nftsPallet);
    const reference = methods(ReferenceAssetHub({ baseUrl: 'http://127.0.0.1:1' }).nftsPallet);
    expect(reference.size).toBeGreaterThan(30);
    for (const [name, route] of reference) expect(ours.get(name), name).toBe(route);
  });

  it('every write method carries the write-flow steps', () => {
    const chain = sdk.UniqueChain({ baseUrl: 'http://127.0.0.1:1' });
    for (const fn of [
      chain.token.mintNFTs,
      chain.collection.create,
      chain.utility.batchAll,
      chain.evm.uniqueNft.send,
    ]) {
      for (const step of [
        'build',
        'sign',
        'submit',
        'getStatus',
        'fee',
        'encode',
        'buildAndSubmit',
      ] as const) {
        expect(typeof fn[step], step).toBe('function');
      }
      expect(fn.schemaIn).toBeDefined();
      expect(fn.schemaOut).toBeDefined();
    }
  });

  it('UniqueIndexer has the real method names', () => {
    const indexer = sdk.UniqueIndexer({ baseUrl: 'http://127.0.0.1:1' });
    for (const name of [
      'block',
      'blocks',
      'account',
      'accounts',
      'coinBalance',
      'coinBalances',
      'balanceTransfers',
      'collection',
      'collections',
      'nft',
      'nfts',
      'events',
      'eventSections',
      'extrinsic',
      'extrinsics',
      'extrinsicSections',
      'tokenBalances',
      'tokenTransfers',
    ] as const) {
      expect(typeof indexer[name], name).toBe('function');
    }
  });
});

describe('public exports', () => {
  it('are exactly these (a change here is an API change)', () => {
    expect(Object.keys(sdk).sort()).toEqual([
      'AbortError',
      'ApiError',
      'AssetHub',
      'BaseError',
      'ConnectionRefusedError',
      'DEFAULT_STATUS_RETRIES',
      'DEFAULT_STATUS_TIMEOUT_MS',
      'DEV_ACCOUNT_URIS',
      'DEV_PHRASE',
      'DevnetTools',
      'ExtrinsicNotFoundError',
      'HttpRequestError',
      'InputValidationError',
      'InvalidBuildAnswerError',
      'InvalidResponseError',
      'InvalidSecretError',
      'InvalidSignatureError',
      'NoAccountsError',
      'NoExtensionError',
      'NoInjectedWeb3Error',
      'NoSignerAddressError',
      'NoSignerError',
      'PolkadotExtensionAccount',
      'ResponseValidationError',
      'Sr25519Account',
      'SubstrateRpcError',
      'UniqueChain',
      'UniqueIndexer',
      'UniqueScan',
      'WalletMethodMissingError',
      'WalletNotFoundError',
      'buildExtrinsic',
      'connectPolkadotExtension',
      'createClient',
      'createHttpTransport',
      'decorateRoutes',
      'encodeExtrinsic',
      'extrinsicOperations',
      'fetchMetadataDefinition',
      'getExtrinsicFee',
      'getExtrinsicStatus',
      'indexerQuery',
      'listPolkadotWallets',
      'makeExtrinsicFn',
      'makeQueryFn',
      'mnemonicToMiniSecret',
      'offerMetadata',
      'parseSecretUri',
      'query',
      'signExtrinsic',
      'submitExtrinsic',
      'writeExtrinsic',
    ]);
  });
});
