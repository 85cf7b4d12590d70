import { keccak_256 } from '@noble/hashes/sha3.js';
import { createPublicClient, createWalletClient, defineChain, http, type LocalAccount, toHex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { expect } from 'vitest';
import { ETH_DEV_ACCOUNTS } from '../../src/chain/ethDevAccounts.js';
import { stateDigest } from '../../src/runtime/digest.js';
import type { Devnet } from '../../src/server.js';

/** The origin a devnet serves JSON-RPC at (its REST URL without the base path). */
export const rpcOrigin = (devnetUrl: string) => new URL(devnetUrl).origin;

/** viem's clients for a devnet's JSON-RPC at `origin` (chain 8884), the wallet signing as `account`. */
export function viemClients(origin: string, account: LocalAccount) {
  const chain = defineChain({
    id: 8884,
    name: 'nftkit devnet',
    nativeCurrency: { name: 'DEV', symbol: 'DEV', decimals: 18 },
    rpcUrls: { default: { http: [origin] } },
  });
  return {
    pub: createPublicClient({ chain, transport: http(origin) }),
    wallet: createWalletClient({ chain, transport: http(origin), account }),
  };
}

/** The private key of Ethereum dev account `i` (the public test mnemonic). */
export const devKey = (i: number) => ETH_DEV_ACCOUNTS[i]![1] as `0x${string}`;

export type RpcAnswer = { status: number; body: unknown };

/** One raw JSON-RPC exchange: `body` is sent as is (a string) or as JSON. */
export async function rpcRaw(origin: string, body: unknown): Promise<RpcAnswer> {
  const res = await fetch(origin, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
}

/** Calls `method`; answers its `result` or throws its `error` (`{code, message, data}`). */
export async function rpc(origin: string, method: string, params: unknown[] = []): Promise<unknown> {
  const { body } = await rpcRaw(origin, { jsonrpc: '2.0', id: 1, method, params });
  const b = body as { result?: unknown; error?: { code: number; message: string } };
  if (b.error) throw Object.assign(new Error(b.error.message), b.error);
  return b.result;
}

/**
 * A throw-away account derived from `seed` and a signed EIP-1559 transfer of `nonce` wei to itself at that nonce
 * (for tests of decoding and sender recovery).
 */
export async function signedSelfTransfer(seed: string, nonce: number, chainId = 8884) {
  const account = privateKeyToAccount(toHex(keccak_256(new TextEncoder().encode(seed))));
  const raw = await account.signTransaction({
    type: 'eip1559',
    chainId,
    nonce,
    to: account.address,
    value: BigInt(nonce),
    gas: 21_000n,
    maxFeePerGas: 10n ** 12n,
    maxPriorityFeePerGas: 0n,
  });
  return { account, raw };
}

/** Runs `fn`, expecting the JSON-RPC `error`, and checks that the devnet's state, pool and head did not move. */
export async function expectRpcRefusal(
  devnet: Pick<Devnet, 'chain'>,
  fn: () => Promise<unknown>,
  error: { code: number; message: RegExp | string },
): Promise<void> {
  const before = stateDigest(devnet.chain.storage.db);
  const pool = devnet.chain.pool.size;
  const head = devnet.chain.headNumber;
  const e = (await fn().then(
    () => undefined,
    (x: unknown) => x,
  )) as { code: number; message: string } | undefined;
  expect(e, 'expected a JSON-RPC error').toBeDefined();
  expect(e!.code).toBe(error.code);
  expect(e!.message).toMatch(error.message);
  expect(stateDigest(devnet.chain.storage.db)).toBe(before);
  expect(devnet.chain.pool.size).toBe(pool);
  expect(devnet.chain.headNumber).toBe(head);
}
