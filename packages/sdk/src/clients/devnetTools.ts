import { devnetRoutes } from '@nftkit/api';
import { type ClientConfig, createClient } from './createClient.js';
import { decorateRoutes } from './decorateRoutes.js';

export type DevnetToolsOptions = Pick<ClientConfig, 'baseUrl' | 'headers' | 'fetch'>;

/**
 * A client for the test helpers of a local devnet (`@nftkit/devnet`, its `/devnet/…` routes): snapshots of the whole
 * chain, mining, time, balances, code, storage, impersonation — what Hardhat's `evm_*` / `hardhat_*` and chopsticks'
 * `dev_*` JSON-RPC methods do, for code that talks REST. A real network has none of these routes (it answers 404).
 *
 * @example
 * import { DevnetTools } from '@nftkit/sdk';
 * const tools = DevnetTools({ baseUrl: 'http://127.0.0.1:9944/v2/devnet' });
 * const { snapshotId } = await tools.snapshot();
 * await tools.increaseTime({ seconds: 3600 });
 * await tools.mine();
 * await tools.revert({ snapshotId });
 */
export function DevnetTools(options: DevnetToolsOptions) {
  const client = createClient(options);
  return { options, client, ...decorateRoutes(client, devnetRoutes) };
}

export type DevnetToolsInstance = ReturnType<typeof DevnetTools>;
