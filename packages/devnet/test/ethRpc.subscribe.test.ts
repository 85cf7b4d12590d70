import { ethers } from 'ethers';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  type Log,
  parseEther,
  webSocket,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ETH_DEV_ACCOUNTS } from '../src/chain/ethDevAccounts.js';
import { MAX_SUBSCRIPTIONS_PER_CONNECTION } from '../src/ethRpc/subscriptions.js';
import { devnetForFile } from './helpers/devnet.js';
import { contract } from './helpers/evm.js';

// eth_subscribe over a WebSocket at the devnet's origin, with viem's and ethers' own WebSocket clients,
// and the protocol's edges with a bare socket.

const devnet = devnetForFile();
let http: string;
let ws: string;
const keys = ETH_DEV_ACCOUNTS.map(([, key]) => key as Hex);
const alice = privateKeyToAccount(keys[2]!);
const bob = privateKeyToAccount(keys[3]!);

beforeAll(async () => {
  http = new URL(devnet.url).origin;
  ws = http.replace(/^http/, 'ws');
});

const until = async (what: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!what()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** A bare WebSocket speaking JSON-RPC: `call` answers the response to its id; notifications are collected. */
async function bareSocket(url = ws) {
  const sock = new WebSocket(url);
  await new Promise<void>((resolve, reject) => {
    sock.once('open', () => resolve());
    sock.once('error', reject);
  });
  const answers = new Map<number, Record<string, unknown>>();
  const notifications: { subscription: string; result: Record<string, unknown> }[] = [];
  const order: string[] = [];
  sock.on('message', (data) => {
    const msg = JSON.parse(String(data)) as Record<string, unknown>;
    if (msg.method === 'eth_subscription') {
      const params = msg.params as { subscription: string; result: Record<string, unknown> };
      notifications.push(params);
      order.push(`notify:${params.subscription}`);
    } else if (typeof msg.id === 'number') {
      answers.set(msg.id, msg);
      order.push(`answer:${msg.id}`);
    } else answers.set(-1, msg);
  });
  let id = 0;
  const call = async (method: string, params: unknown[] = []) => {
    const mine = ++id;
    sock.send(JSON.stringify({ jsonrpc: '2.0', id: mine, method, params }));
    await until(() => answers.has(mine));
    return answers.get(mine)!;
  };
  return { sock, call, notifications, order, answers };
}

const devChain = () =>
  defineChain({
    id: 8884,
    name: 'nftkit devnet',
    nativeCurrency: { name: 'DEV', symbol: 'DEV', decimals: 18 },
    rpcUrls: { default: { http: [http], webSocket: [ws] } },
  });

describe('eth_subscribe with viem (webSocket transport)', () => {
  it('answers every method over the socket, and watches new blocks and a contract’s events', async () => {
    const chain = devChain();
    const transport = webSocket(ws);
    const pub = createPublicClient({ chain, transport });
    const wallet = createWalletClient({ chain, transport, account: alice });
    expect(await pub.getChainId()).toBe(8884);
    expect(await pub.getBalance({ address: alice.address })).toBeGreaterThan(0n);

    const t20 = contract('Token20');
    const deployed = await pub.waitForTransactionReceipt({
      hash: await wallet.deployContract({ abi: t20.abi, bytecode: t20.bytecode, args: ['Sub', 1000n] }),
    });
    const other = await pub.waitForTransactionReceipt({
      hash: await wallet.deployContract({ abi: t20.abi, bytecode: t20.bytecode, args: ['Other', 1000n] }),
    });
    const token = deployed.contractAddress!;

    const heads: bigint[] = [];
    const events: Log[] = [];
    const stopBlocks = pub.watchBlockNumber({ onBlockNumber: (n) => heads.push(n) });
    const stopEvents = pub.watchContractEvent({
      address: token,
      abi: t20.abi,
      eventName: 'Transfer',
      onLogs: (logs) => events.push(...logs),
    });
    // The subscriptions are open once the devnet answered them: a cheap request over the same socket orders us after.
    await pub.getBlockNumber();
    await new Promise((r) => setTimeout(r, 100));

    const sent = await wallet.writeContract({
      address: token,
      abi: t20.abi,
      functionName: 'transfer',
      args: [bob.address, 7n],
    });
    // A transfer of the other token is not this filter's.
    await wallet.writeContract({
      address: other.contractAddress!,
      abi: t20.abi,
      functionName: 'transfer',
      args: [bob.address, 1n],
    });
    const receipt = await pub.waitForTransactionReceipt({ hash: sent });
    await until(() => events.length >= 1 && heads.length >= 2);
    await new Promise((r) => setTimeout(r, 200));
    stopBlocks();
    stopEvents();

    expect(heads).toContain(receipt.blockNumber);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      transactionHash: sent,
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
      eventName: 'Transfer',
      args: { from: alice.address, to: bob.address, value: 7n },
    });
    expect(events[0]!.logIndex).toBe(receipt.logs[0]!.logIndex);
  });
});

describe('eth_subscribe with ethers (WebSocketProvider)', () => {
  it('hears blocks and filtered events', async () => {
    const provider = new ethers.WebSocketProvider(ws);
    try {
      expect((await provider.getNetwork()).chainId).toBe(8884n);
      // ethers caches identical requests for 250 ms, the pending nonce too: with instant blocks its nonce manager
      // is how a script sends back to back.
      const signer = new ethers.NonceManager(new ethers.Wallet(keys[4]!, provider));
      const t20 = contract('Token20');
      const factory = new ethers.ContractFactory(t20.abi as ethers.InterfaceAbi, t20.bytecode, signer);
      const token = await factory.deploy('Ethers', 1000n);
      await token.waitForDeployment();

      const blocks: number[] = [];
      const transfers: bigint[] = [];
      await provider.on('block', (n: number) => blocks.push(n));
      await token.on('Transfer', (_from: string, to: string, value: bigint) => {
        if (to === bob.address) transfers.push(value);
      });
      await new Promise((r) => setTimeout(r, 200));
      const tx = (await token.getFunction('transfer')(bob.address, 5n)) as ethers.TransactionResponse;
      const receipt = await tx.wait();
      await until(() => transfers.length >= 1 && blocks.includes(receipt!.blockNumber));
      expect(transfers).toEqual([5n]);
    } finally {
      await provider.destroy();
    }
  });
});

describe('eth_subscribe: the protocol’s edges', () => {
  it('is refused over HTTP with geth’s “notifications not supported”', async () => {
    const res = await fetch(http, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }),
    });
    const body = (await res.json()) as { error: { code: number; message: string } };
    expect(res.status).toBe(200);
    expect(body.error.code).toBe(-32601);
    expect(body.error.message).toMatch(/notifications not supported.*WebSocket/);
  });

  it('answers the subscription id before its first notification, and stops after eth_unsubscribe', async () => {
    const s = await bareSocket();
    try {
      const wallet = createWalletClient({ chain: devChain(), transport: webSocket(ws), account: alice });
      // The subscription and a transfer in one batch: the transfer's block comes after the answer, never before.
      const raw = await wallet.signTransaction({
        to: bob.address,
        value: parseEther('0.01'),
        nonce: Number(
          BigInt((await s.call('eth_getTransactionCount', [alice.address, 'pending'])).result as string),
        ),
        gas: 21_000n,
        maxFeePerGas: BigInt((await s.call('eth_gasPrice')).result as string),
        maxPriorityFeePerGas: 0n,
      });
      s.sock.send(
        JSON.stringify([
          { jsonrpc: '2.0', id: 100, method: 'eth_subscribe', params: ['newHeads'] },
          { jsonrpc: '2.0', id: 101, method: 'eth_sendRawTransaction', params: [raw] },
        ]),
      );
      await until(() => s.notifications.length >= 1);
      const batch = s.answers.get(-1) as unknown as { id: number; result: string }[];
      const id = batch.find((a) => a.id === 100)!.result;
      expect(id).toMatch(/^0x[0-9a-f]{32}$/);
      const head = s.notifications[0]!;
      expect(head.subscription).toBe(id);
      expect(head.result).toMatchObject({ number: expect.stringMatching(/^0x/), hash: expect.any(String) });
      expect(head.result).not.toHaveProperty('transactions');
      const block = (await s.call('eth_getBlockByNumber', [head.result.number, false])).result as {
        hash: string;
        parentHash: string;
        transactions: string[];
      };
      expect(head.result.hash).toBe(block.hash);
      expect(head.result.parentHash).toBe(block.parentHash);
      expect(block.transactions).toEqual([batch.find((a) => a.id === 101)!.result]);

      expect((await s.call('eth_unsubscribe', [id])).result).toBe(true);
      expect((await s.call('eth_unsubscribe', [id])).result).toBe(false);
      const heard = s.notifications.length;
      await wallet.sendTransaction({ to: bob.address, value: 1n });
      await new Promise((r) => setTimeout(r, 300));
      expect(s.notifications.length).toBe(heard);
    } finally {
      s.sock.close();
    }
  });

  it('refuses bad subscriptions naming the parameter, and caps them per connection', async () => {
    const s = await bareSocket();
    try {
      const refused = async (params: unknown[], pattern: RegExp) => {
        const a = (await s.call('eth_subscribe', params)) as { error: { code: number; message: string } };
        expect(a.error.code).toBe(-32602);
        expect(a.error.message).toMatch(pattern);
      };
      await refused([], /argument 0 \(subscriptionType\): missing value/);
      await refused(['newPendingTransactions', true], /fullTx.*pending transaction hashes only/);
      await refused(['syncing'], /subscriptionType.*unsupported subscription type/);
      await refused(['x'.repeat(10_000)], /unsupported subscription type/);
      await refused(['newHeads', {}], /argument 1 \(options\)/);
      await refused(['logs', { topics: ['0x12'] }], /argument 1 \(filter\): topics\.0/);
      await refused(['logs', { address: 'nope' }], /argument 1 \(filter\): address/);
      await refused(['logs', { fromBlock: '0x0' }], /filter\): fromBlock/);
      await refused(['logs', { address: Array(101).fill(bob.address) }], /more than 100 addresses/);
      expect(((await s.call('eth_unsubscribe', [{}])) as { error: { code: number } }).error.code).toBe(
        -32602,
      );

      for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_CONNECTION; i++)
        expect((await s.call('eth_subscribe', ['logs', { address: bob.address }])).result).toMatch(/^0x/);
      const over = (await s.call('eth_subscribe', ['newHeads'])) as {
        error: { code: number; message: string };
      };
      expect(over.error.code).toBe(-32005);
      expect(over.error.message).toMatch(/too many subscriptions/);
      // A malformed message is a parse error on the socket, which stays open.
      s.sock.send('{not json');
      await until(() => s.answers.has(-1));
      expect((s.answers.get(-1) as { error: { code: number } }).error.code).toBe(-32700);
      expect((await s.call('eth_chainId')).result).toBe('0x22b4');
    } finally {
      s.sock.close();
    }
  });

  it('closes a connection whose frame is over the body limit, and upgrades only at /', async () => {
    const s = await bareSocket();
    const closed = new Promise<number>((resolve) => s.sock.once('close', (code) => resolve(code)));
    s.sock.send('x'.repeat(5 * 1024 * 1024 + 1));
    expect(await closed).toBe(1009);
    await expect(bareSocket(`${ws}/v2/devnet`)).rejects.toThrow(/404/);
    const health = await fetch(`${devnet.url}/health`);
    expect(health.status).toBe(200);
  });
});
