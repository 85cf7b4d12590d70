import { ServerResponse } from 'node:http';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ETH_DEV_ACCOUNTS } from '../src/chain/ethDevAccounts.js';
import { GAS_PRICE } from '../src/runtime/evm/gas.js';
import { type Devnet, startDevnet } from '../src/server.js';
import { devKey, rpc, rpcOrigin, rpcRaw } from './helpers/ethRpc.js';

// In instant mode a transaction sent on its own over HTTP is answered first and its block produced right after the
// answer is written, before anything else is read: the block and the client's reading of the hash overlap. Whatever
// the client asks next must still find the block, and a batch's later requests must see its earlier ones' blocks.

let devnet: Devnet;
let origin: string;
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, dbPath: ':memory:', instant: true });
  origin = rpcOrigin(devnet.url);
});
afterAll(() => devnet.stop());
afterEach(() => vi.restoreAllMocks());

const sender = privateKeyToAccount(devKey(3));
const unlocked = ETH_DEV_ACCOUNTS[4]![0];
const recipient = '0x000000000000000000000000000000000000bEEF';

const transfer = async (nonce: number, value: bigint) =>
  sender.signTransaction({
    type: 'eip1559',
    chainId: 8884,
    nonce,
    to: recipient,
    value,
    gas: 21_000n,
    maxFeePerGas: GAS_PRICE,
    maxPriorityFeePerGas: 0n,
  });

const nonceOf = async (address: string) =>
  Number(BigInt((await rpc(origin, 'eth_getTransactionCount', [address, 'latest'])) as string));
const balanceOf = async (address: string) =>
  BigInt((await rpc(origin, 'eth_getBalance', [address, 'latest'])) as string);

/** What happened, in order: answers written (`answer`) and blocks produced (`block`). */
function watchOrder(): string[] {
  const order: string[] = [];
  const end = ServerResponse.prototype.end as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  vi.spyOn(ServerResponse.prototype, 'end').mockImplementation(function (
    this: ServerResponse,
    ...args: unknown[]
  ) {
    order.push('answer');
    return end.apply(this, args);
  } as ServerResponse['end']);
  const produce = devnet.chain.produceBlock.bind(devnet.chain);
  vi.spyOn(devnet.chain, 'produceBlock').mockImplementation((ts?: number) => {
    order.push('block');
    return produce(ts);
  });
  return order;
}

describe('an instant block after the answer', () => {
  it('eth_sendRawTransaction: the block comes right after the answer, and is there for what the client asks next', async () => {
    let nonce = await nonceOf(sender.address);
    for (let i = 0; i < 5; i++) {
      const head = Number(BigInt((await rpc(origin, 'eth_blockNumber')) as string));
      const before = await balanceOf(recipient);
      const raw = await transfer(nonce, 7n);
      const order = watchOrder();
      const hash = (await rpc(origin, 'eth_sendRawTransaction', [raw])) as string;
      expect(order).toEqual(['answer', 'block']);
      vi.restoreAllMocks();
      const receipt = (await rpc(origin, 'eth_getTransactionReceipt', [hash])) as {
        status: string;
        blockNumber: string;
      } | null;
      expect(receipt).toMatchObject({ status: '0x1', blockNumber: `0x${(head + 1).toString(16)}` });
      expect(await balanceOf(recipient)).toBe(before + 7n);
      expect(await nonceOf(sender.address)).toBe(++nonce);
    }
  });

  it('eth_sendTransaction from an unlocked account: the same', async () => {
    const nonce = await nonceOf(unlocked);
    const order = watchOrder();
    const hash = (await rpc(origin, 'eth_sendTransaction', [
      { from: unlocked, to: recipient, value: '0x5' },
    ])) as string;
    expect(order).toEqual(['answer', 'block']);
    vi.restoreAllMocks();
    expect(await rpc(origin, 'eth_getTransactionReceipt', [hash])).toMatchObject({ status: '0x1' });
    expect(await nonceOf(unlocked)).toBe(nonce + 1);
  });

  it('in a batch, each transaction is in a block before the next request runs', async () => {
    const nonce = await nonceOf(sender.address);
    const before = await balanceOf(recipient);
    const order = watchOrder();
    const { body } = await rpcRaw(origin, [
      { jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [await transfer(nonce, 11n)] },
      { jsonrpc: '2.0', id: 2, method: 'eth_getBalance', params: [recipient, 'latest'] },
      {
        jsonrpc: '2.0',
        id: 3,
        method: 'eth_sendTransaction',
        params: [{ from: unlocked, to: recipient, value: '0xd' }],
      },
      { jsonrpc: '2.0', id: 4, method: 'eth_getBalance', params: [recipient, 'latest'] },
    ]);
    expect(order).toEqual(['block', 'block', 'answer']);
    const results = (body as { id: number; result: string }[]).map((a) => a.result);
    expect(BigInt(results[1]!)).toBe(before + 11n);
    expect(BigInt(results[3]!)).toBe(before + 11n + 13n);
    expect(await rpc(origin, 'eth_getTransactionReceipt', [results[0]])).toMatchObject({ status: '0x1' });
  });

  it('a refused transaction answers its error and produces no block', async () => {
    const order = watchOrder();
    const stale = await transfer(0, 1n);
    await expect(rpc(origin, 'eth_sendRawTransaction', [stale])).rejects.toThrow(/nonce too low/);
    expect(order).toEqual(['answer']);
  });

  it('a block that fails after the answer leaves the transaction pooled, and the next block takes it', async () => {
    const nonce = await nonceOf(sender.address);
    const before = await balanceOf(recipient);
    const logged = vi.spyOn(devnet.app.log, 'error').mockImplementation(() => undefined);
    vi.spyOn(devnet.chain, 'produceBlock').mockImplementationOnce(() => {
      throw new Error('the disk is full');
    });
    const first = (await rpc(origin, 'eth_sendRawTransaction', [await transfer(nonce, 3n)])) as string;
    expect(logged).toHaveBeenCalledWith(expect.objectContaining({ message: 'the disk is full' }));
    vi.restoreAllMocks();
    expect(await rpc(origin, 'eth_getTransactionReceipt', [first])).toBeNull();
    // Still in the pool: the next nonce counts it.
    expect(await rpc(origin, 'eth_getTransactionCount', [sender.address, 'pending'])).toBe(
      `0x${(nonce + 1).toString(16)}`,
    );
    const second = (await rpc(origin, 'eth_sendRawTransaction', [await transfer(nonce + 1, 4n)])) as string;
    const [a, b] = (await Promise.all(
      [first, second].map((h) => rpc(origin, 'eth_getTransactionReceipt', [h])),
    )) as { status: string; blockNumber: string }[];
    expect(a).toMatchObject({ status: '0x1' });
    expect(b).toMatchObject({ status: '0x1', blockNumber: a!.blockNumber });
    expect(await balanceOf(recipient)).toBe(before + 7n);
  });
});
