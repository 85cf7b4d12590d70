import { routes } from '@nftkit/api';
import { batchAllOf } from './batchCalls.js';
import { type ClientConfig, createClient } from './createClient.js';
import { decorateRoutes } from './decorateRoutes.js';
import { extrinsicOperations } from './extrinsicOperations.js';

export type UniqueChainOptions = ClientConfig;

/**
 * A client for the Unique chain's REST API v2 with the real `@unique-nft/sdk` `UniqueChain` surface
 * (`balance`, `account`, `collection`, `token`, `fungible`, `refungible`, `evm`, `utility`), built from the route
 * table of `@nftkit/api`. Queries are `fn(params)`; writes are `fn(params, buildOptions?, account?, statusOptions?)`.
 *
 * @example
 * import { Sr25519Account, UniqueChain } from '@nftkit/sdk';
 * const sdk = UniqueChain({ baseUrl: 'https://rest.unique.network/v2/opal', account: Sr25519Account.fromUri('//Alice') });
 * const { result } = await sdk.token.setProperties({ collectionId: 42, tokenId: 1, properties: [{ key: 'score', value: '120' }] });
 * const token = await sdk.token.get({ collectionId: 42, tokenId: 1 });
 */
export function UniqueChain(options: UniqueChainOptions) {
  const client = createClient(options);
  const methods = decorateRoutes(client, routes);
  const batchAll = batchAllOf(client);
  return {
    options,
    client,
    extrinsic: extrinsicOperations(client),
    ...methods,
    utility: { ...methods.utility, batchAll },
  };
}

export type UniqueChainInstance = ReturnType<typeof UniqueChain>;
