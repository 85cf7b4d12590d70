import { devnetRoutes, type QueryRoute } from '@nftkit/api';
import { hexToBytes, isEthereumAddress, toChecksumEthereumAddress } from '@nftkit/primitives';
import type { FastifyInstance } from 'fastify';
import type * as z from 'zod/mini';
import type { Chain } from '../../chain/chain.js';
import { DevToolError } from '../../chain/devToolError.js';
import {
  dropTransaction,
  impersonate,
  increaseTime,
  mineBlocks,
  resetChain,
  revertTo,
  setAccountBalance,
  setAccountCode,
  setAccountNonce,
  setAccountStorageAt,
  setAutomine,
  setHead,
  setIntervalMining,
  setNextBlockTimestamp,
  stopImpersonating,
  takeSnapshot,
  timeTravel,
} from '../../chain/devTools.js';
import { badRequest } from '../errors.js';
import { toAccountId } from '../extrinsics/helpers.js';
import { parseWith } from './validate.js';

type Routes = typeof devnetRoutes;
type Handlers = {
  [K in keyof Routes]: (chain: Chain, input: z.output<Routes[K]['input']>) => unknown;
};

const head = (chain: Chain) => ({ head: { number: chain.headNumber, hash: chain.headHash } });
/** An address as the chain keys it: a checksummed Ethereum address, or SS58 with prefix 42. */
const accountOf = (address: string) =>
  isEthereumAddress(address) ? toChecksumEthereumAddress(address) : toAccountId(address);

/** The REST face of the test helpers (chain/devTools.ts): the same operations as their JSON-RPC names. */
const HANDLERS: Handlers = {
  snapshot: (chain) => ({ snapshotId: takeSnapshot(chain), ...head(chain) }),
  revert: (chain, { snapshotId }) => {
    revertTo(chain, BigInt(snapshotId));
    return head(chain);
  },
  mine: async (chain, { blocks, interval, timestamp }) => {
    await mineBlocks(
      chain,
      BigInt(blocks ?? 1),
      BigInt(interval ?? 1),
      timestamp === undefined ? undefined : BigInt(timestamp),
    );
    return head(chain);
  },
  increaseTime: (chain, { seconds }) => ({ offsetSeconds: increaseTime(chain, BigInt(seconds)) }),
  setNextBlockTimestamp: (chain, { timestamp }) => {
    setNextBlockTimestamp(chain, BigInt(timestamp));
    return { timestamp: Number(timestamp) };
  },
  timeTravel: (chain, { date }) => {
    const ms = typeof date === 'number' ? date : Date.parse(date);
    if (Number.isNaN(ms)) throw new DevToolError('date', `not a date: ${date}`, 'invalid');
    return { timestamp: timeTravel(chain, ms) };
  },
  setMiningMode: (chain, { automine, intervalMs }) => {
    if (intervalMs !== undefined)
      setIntervalMining(
        chain,
        typeof intervalMs === 'string' ? BigInt(intervalMs) : [BigInt(intervalMs[0]), BigInt(intervalMs[1])],
      );
    if (automine !== undefined) setAutomine(chain, automine);
    const mode = chain.miningMode;
    return { automine: mode.automine, intervalMs: mode.intervalMs };
  },
  setBalance: (chain, { address, balance }) => {
    setAccountBalance(chain, accountOf(address), BigInt(balance));
    return { address: accountOf(address), balance };
  },
  setNonce: (chain, { address, nonce }) => {
    setAccountNonce(chain, accountOf(address), BigInt(nonce));
    return { address: accountOf(address), nonce };
  },
  setCode: (chain, { address, code }) => {
    setAccountCode(chain, accountOf(address), hexToBytes(code));
    return { address: accountOf(address) };
  },
  setStorageAt: (chain, { address, slot, value }) => {
    setAccountStorageAt(chain, accountOf(address), BigInt(slot), hexToBytes(value));
    return { address: accountOf(address) };
  },
  impersonateAccount: (chain, { address }) => ({
    address: accountOf(address),
    started: impersonate(chain, accountOf(address)),
  }),
  stopImpersonatingAccount: (chain, { address }) => ({
    address: accountOf(address),
    stopped: stopImpersonating(chain, accountOf(address)),
  }),
  dropTransaction: (chain, { hash }) => ({ dropped: dropTransaction(chain, hash) }),
  setHead: (chain, { hashOrNumber }) => {
    setHead(chain, hashOrNumber);
    return head(chain);
  },
  reset: (chain) => {
    resetChain(chain);
    return head(chain);
  },
};

/** The helpers' parameter names where the route's field is named otherwise. */
const FIELD_OF: Readonly<Record<string, string>> = { interval: 'intervalMs' };

/** `POST <basePath>/devnet/…`: each route of the api's `devnetRoutes`, its body checked by the route's schema. */
export function registerDevToolRoutes(app: FastifyInstance, chain: Chain, basePath: string): void {
  for (const [name, route] of Object.entries(devnetRoutes) as [keyof Routes, QueryRoute][]) {
    const handle = HANDLERS[name] as (chain: Chain, input: unknown) => unknown;
    app.post(basePath + route.path, async (request) => {
      const input = parseWith(route.input, request.body ?? {});
      try {
        return await handle(chain, input);
      } catch (e) {
        if (!(e instanceof DevToolError)) throw e;
        const field = name === 'setMiningMode' ? (FIELD_OF[e.param] ?? e.param) : e.param;
        throw badRequest(`Validation Error: ${field}: ${e.message}`);
      }
    });
  }
}
