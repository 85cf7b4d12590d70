import { nftsPalletRoutes, routes } from '@nftkit/api';
import { batchAllOf } from './batchCalls.js';
import { type ClientConfig, createClient } from './createClient.js';
import { decorateRoutes } from './decorateRoutes.js';
import { extrinsicOperations } from './extrinsicOperations.js';

export type AssetHubOptions = ClientConfig;

/**
 * A client for an Asset Hub REST API, with the real `AssetHub(...)` surface for what `@nftkit/api` covers:
 * `balance`, `utility.batchAll`, and `nftsPallet` (the alternative NFT pallet: `collection`, `item`, `attributes`,
 * `account`, `trade`, `utility`).
 *
 * @example
 * const hub = AssetHub({ baseUrl, account: Sr25519Account.fromUri('//Alice') });
 * const { result } = await hub.nftsPallet.collection.create({});
 * await hub.nftsPallet.item.mint({ collectionId: result.collectionId, itemId: 1, mintTo: hub.options.account!.address });
 */
export function AssetHub(options: AssetHubOptions) {
  const client = createClient(options);
  const chain = decorateRoutes(client, { balance: routes.balance, account: routes.account });
  const pallet = decorateRoutes(client, nftsPalletRoutes);
  const batchAll = batchAllOf(client);
  return {
    options,
    client,
    extrinsic: extrinsicOperations(client),
    balance: chain.balance,
    utility: { batchAll },
    nftsPallet: { ...pallet, account: { ...pallet.account, nextIndex: chain.account.nextIndex } },
  };
}

export type AssetHubInstance = ReturnType<typeof AssetHub>;
