import { privateKeyToAccount } from 'viem/accounts';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { RPC_METHODS } from '../src/ethRpc/methods/index.js';
import { devnetForFile } from './helpers/devnet.js';
import { devKey, rpcOrigin, rpcRaw } from './helpers/ethRpc.js';
import { chainSnapshot } from './helpers/snapshot.js';

const devnet = devnetForFile();
let origin: string;

beforeAll(async () => {
  origin = rpcOrigin(devnet.url);
  // Something to find: a block with an Ethereum transaction and its receipt.
  const account = privateKeyToAccount(devKey(7));
  const raw = await account.signTransaction({
    type: 'eip1559',
    chainId: 8884,
    nonce: 0,
    to: account.address,
    value: 1n,
    gas: 21_000n,
    maxFeePerGas: 1_862_382_359_514n,
    maxPriorityFeePerGas: 0n,
  });
  await rpcRaw(origin, { jsonrpc: '2.0', id: 1, method: 'eth_sendRawTransaction', params: [raw] });
});

/** A small seeded generator (mulberry32): a failure names its seed and replays. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function generator(seed: number) {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const hex = (bytes: number) =>
    `0x${Array.from({ length: bytes }, () =>
      Math.floor(r() * 256)
        .toString(16)
        .padStart(2, '0'),
    ).join('')}`;
  const value = (depth: number): unknown => {
    switch (Math.floor(r() * 16)) {
      case 0:
        return null;
      case 1:
        return pick([true, false]);
      case 2:
        return pick([0, -1, 1.5, 2 ** 53, -(2 ** 63), Number.MAX_VALUE, 1e308, 7]);
      case 3:
        return pick([
          'latest',
          'pending',
          'earliest',
          'safe',
          'finalized',
          'newest',
          '',
          '0x',
          '0x0',
          '0x00',
          '0X1',
        ]);
      case 4:
        return hex(pick([0, 1, 19, 20, 21, 31, 32, 33, 100]));
      case 5:
        return `0x${'f'.repeat(pick([1, 16, 63, 64, 65, 200]))}`;
      case 6:
        return 'x'.repeat(pick([1, 100, 100_000]));
      case 7:
        return `0x${'0'.repeat(39)}g`;
      case 8:
        return pick(['0x22b4', '0x1', '0xffffffffffffffff', '0x1b19ea393da']);
      case 9:
        return depth > 2 ? [] : Array.from({ length: Math.floor(r() * 5) }, () => value(depth + 1));
      case 10:
      case 11: {
        if (depth > 2) return {};
        const keys = [
          'from',
          'to',
          'data',
          'input',
          'value',
          'gas',
          'gasPrice',
          'maxFeePerGas',
          'nonce',
          'fromBlock',
          'toBlock',
          'address',
          'topics',
          'blockHash',
          'blockNumber',
          '__proto__',
          'constructor',
        ];
        const o: Record<string, unknown> = {};
        for (let i = Math.floor(r() * 5); i > 0; i--) o[pick(keys)] = value(depth + 1);
        return o;
      }
      case 12:
        return hex(pick([0, 2, 100, 1000]));
      case 13:
        return devnet.chain.headHash;
      case 14:
        return '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
      default:
        return Math.floor(r() * 100);
    }
  };
  const params = (): unknown => {
    if (r() < 0.1) return value(1);
    return Array.from({ length: Math.floor(r() * 5) }, () => value(0));
  };
  return { params };
}

const ALLOWED_CODES = new Set([-32700, -32600, -32601, -32602, -32000, -32005, 3]);

/**
 * The test helpers (Hardhat's `evm_*`/`hardhat_*`, anvil's, chopsticks' `dev_*`) change the chain when their
 * parameters make sense, which random ones often do (`evm_mine` takes none): they are fuzzed on their own, for their
 * answers only. So is `eth_sendTransaction`: the node signs for its dev accounts, and a random request naming one
 * (the generator's address is dev account #0) is a valid transaction.
 */
const changesTheChain = (method: string) =>
  /^(evm|hardhat|anvil|dev)_/.test(method) || method === 'eth_sendTransaction';
const readers = () => [...RPC_METHODS.keys()].filter((m) => !changesTheChain(m));

describe('JSON-RPC fuzz: malformed params', () => {
  it('every method answers a JSON-RPC result or a known error, never a 5xx or an internal error, and changes nothing', async () => {
    await devnet.chain.whenCommitted();
    const before = chainSnapshot(devnet.chain);
    const head = devnet.chain.headNumber;
    const { params } = generator(1313);
    const failures: unknown[] = [];
    for (const method of readers()) {
      for (let i = 0; i < 40; i++) {
        const p = params();
        const answer = await rpcRaw(origin, { jsonrpc: '2.0', id: i, method, params: p });
        const body = answer.body as {
          jsonrpc?: string;
          result?: unknown;
          error?: { code: number; message: string };
        };
        const ok =
          answer.status === 200 &&
          body.jsonrpc === '2.0' &&
          (body.error === undefined ? 'result' in body : ALLOWED_CODES.has(body.error.code));
        if (!ok) failures.push({ method, params: JSON.stringify(p).slice(0, 200), answer });
      }
    }
    expect(failures).toEqual([]);
    await devnet.chain.whenCommitted();
    expect(devnet.chain.headNumber).toBe(head);
    expect(chainSnapshot(devnet.chain)).toEqual(before);
    expect((await rpcRaw(origin, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).body).toMatchObject({
      result: '0x22b4',
    });
  }, 120_000);

  it('garbage bodies and envelopes are answered, never a 5xx', async () => {
    const r = rng(99);
    const bodies = [
      '',
      'null',
      '{',
      '[1,2,3]',
      '[[]]',
      '"eth_chainId"',
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: 'x' }),
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 1 }),
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'x'.repeat(10_000) }),
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: '__proto__' }),
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'constructor' }),
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'toString' }),
      ...Array.from({ length: 30 }, () =>
        Array.from({ length: Math.floor(r() * 40) }, () => String.fromCharCode(Math.floor(r() * 128))).join(
          '',
        ),
      ),
    ];
    for (const body of bodies) {
      const answer = await rpcRaw(origin, body);
      expect(answer.status, body).toBe(200);
      const b = answer.body as { error?: { code: number } } | { error?: { code: number } }[];
      const errors = Array.isArray(b) ? b.map((x) => x.error) : [b.error];
      for (const e of errors) if (e) expect(ALLOWED_CODES.has(e.code), body).toBe(true);
    }
  });

  it('over a WebSocket too, eth_subscribe included: every answer known, the connection kept, nothing changed', async () => {
    await devnet.chain.whenCommitted();
    const before = chainSnapshot(devnet.chain);
    const sock = new WebSocket(origin.replace(/^http/, 'ws'));
    await new Promise((resolve, reject) => sock.once('open', resolve).once('error', reject));
    type Answer = { id?: number; jsonrpc?: string; result?: unknown; error?: { code: number } };
    const answers = new Map<number, Answer>();
    sock.on('message', (data) => {
      const msg = JSON.parse(String(data)) as Answer;
      if (typeof msg.id === 'number') answers.set(msg.id, msg);
    });
    const { params } = generator(2626);
    const sent: { id: number; method: string; params: unknown }[] = [];
    for (const method of readers())
      for (let i = 0; i < 20; i++) {
        const request = { jsonrpc: '2.0', id: sent.length, method, params: params() };
        sent.push(request);
        sock.send(JSON.stringify(request));
      }
    for (let i = 0; i < 600 && answers.size < sent.length; i++) await new Promise((r) => setTimeout(r, 50));
    const failures = sent.filter(({ id }) => {
      const a = answers.get(id);
      return !(
        a?.jsonrpc === '2.0' && (a.error === undefined ? 'result' in a : ALLOWED_CODES.has(a.error.code))
      );
    });
    expect(failures.map((f) => ({ ...f, answer: answers.get(f.id) }))).toEqual([]);
    expect(sock.readyState).toBe(WebSocket.OPEN);
    sock.close();
    await devnet.chain.whenCommitted();
    expect(chainSnapshot(devnet.chain)).toEqual(before);
  }, 120_000);

  it('the test helpers answer every call with a result or a known error, never an internal one', async () => {
    const { params } = generator(3939);
    const failures: unknown[] = [];
    for (const method of RPC_METHODS.keys()) {
      if (!changesTheChain(method)) continue;
      for (let i = 0; i < 40; i++) {
        const p = params();
        const answer = await rpcRaw(origin, { jsonrpc: '2.0', id: i, method, params: p });
        const body = answer.body as { jsonrpc?: string; result?: unknown; error?: { code: number } };
        const ok =
          answer.status === 200 &&
          body.jsonrpc === '2.0' &&
          (body.error === undefined ? 'result' in body : ALLOWED_CODES.has(body.error.code));
        if (!ok) failures.push({ method, params: JSON.stringify(p).slice(0, 200), answer });
      }
    }
    expect(failures).toEqual([]);
    expect((await rpcRaw(origin, { jsonrpc: '2.0', id: 1, method: 'eth_chainId' })).body).toMatchObject({
      result: '0x22b4',
    });
  }, 120_000);
});
