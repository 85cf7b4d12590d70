import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH } from '../src/ethRpc/envelope.js';
import { devnetForFile } from './helpers/devnet.js';
import { rpc, rpcOrigin, rpcRaw } from './helpers/ethRpc.js';

const devnet = devnetForFile();
let origin: string;

beforeAll(async () => {
  origin = rpcOrigin(devnet.url);
});

describe('JSON-RPC 2.0 envelope (EIP-1474 errors)', () => {
  it('answers a single request and a batch in order, and nothing to notifications', async () => {
    expect(await rpcRaw(origin, { jsonrpc: '2.0', id: 'a', method: 'eth_chainId' })).toEqual({
      status: 200,
      body: { jsonrpc: '2.0', id: 'a', result: '0x22b4' },
    });
    const batch = await rpcRaw(origin, [
      { jsonrpc: '2.0', id: 1, method: 'net_version' },
      { jsonrpc: '2.0', method: 'eth_chainId' },
      { jsonrpc: '2.0', id: 2, method: 'eth_nope' },
      { jsonrpc: '2.0', id: 3, method: 'eth_syncing', params: [] },
    ]);
    expect(batch).toEqual({
      status: 200,
      body: [
        { jsonrpc: '2.0', id: 1, result: '8884' },
        {
          jsonrpc: '2.0',
          id: 2,
          error: { code: -32601, message: 'the method eth_nope does not exist/is not available' },
        },
        { jsonrpc: '2.0', id: 3, result: false },
      ],
    });
    expect((await rpcRaw(origin, { jsonrpc: '2.0', method: 'eth_chainId' })).status).toBe(204);
  });

  it('parse errors, invalid requests and oversized batches', async () => {
    expect((await rpcRaw(origin, '{"jsonrpc":')).body).toMatchObject({ id: null, error: { code: -32700 } });
    expect((await rpcRaw(origin, '')).body).toMatchObject({ id: null, error: { code: -32700 } });
    expect((await rpcRaw(origin, '[]')).body).toMatchObject({ id: null, error: { code: -32600 } });
    expect((await rpcRaw(origin, '7')).body).toMatchObject({ id: null, error: { code: -32600 } });
    expect((await rpcRaw(origin, { id: 4, method: 'eth_chainId' })).body).toMatchObject({
      id: 4,
      error: { code: -32600 },
    });
    expect((await rpcRaw(origin, { jsonrpc: '2.0', id: {}, method: 'eth_chainId' })).body).toMatchObject({
      id: null,
      error: { code: -32600 },
    });
    const big = Array.from({ length: MAX_BATCH + 1 }, (_, i) => ({
      jsonrpc: '2.0',
      id: i,
      method: 'eth_chainId',
    }));
    expect((await rpcRaw(origin, big)).body).toMatchObject({
      id: null,
      error: { code: -32600, message: /batch too large/ },
    });
  });

  it('bad params are -32602 naming the argument', async () => {
    const bad = (method: string, params: unknown) =>
      rpcRaw(origin, { jsonrpc: '2.0', id: 1, method, params }).then(
        (a) => (a.body as { error: unknown }).error,
      );
    expect(await bad('eth_getBalance', ['0x12'])).toEqual({
      code: -32602,
      message: 'invalid argument 0 (address): expected a 20-byte 0x hex address',
    });
    expect(await bad('eth_getBalance', [`0x${'11'.repeat(20)}`, 'newest'])).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^invalid argument 1 \(block\): /),
    });
    expect(await bad('eth_getBlockByNumber', [`0x${'f'.repeat(65)}`, false])).toMatchObject({ code: -32602 });
    expect(await bad('eth_chainId', [1])).toMatchObject({ code: -32602, message: /too many arguments/ });
    expect(await bad('eth_getBalance', { address: '0x' })).toMatchObject({ code: -32602 });
    expect(await bad('eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x2710' }])).toMatchObject({
      code: -32602,
      message: /block range .* over the cap/,
    });
    expect(await bad('eth_getLogs', [{ topics: [['0x12']] }])).toMatchObject({
      code: -32602,
      message: /invalid argument 0 \(filter\): topics\.0: /,
    });
  });

  it('a block that does not exist is null; state at a block not yet produced is refused', async () => {
    expect(await rpc(origin, 'eth_getBlockByNumber', ['0xffffff', false])).toBeNull();
    expect(await rpc(origin, 'eth_getBlockByHash', [`0x${'ab'.repeat(32)}`, true])).toBeNull();
    expect(await rpc(origin, 'eth_getTransactionReceipt', [`0x${'ab'.repeat(32)}`])).toBeNull();
    await expect(rpc(origin, 'eth_getBalance', [`0x${'11'.repeat(20)}`, '0xffffff'])).rejects.toMatchObject({
      code: -32000,
      message: 'header not found',
    });
    expect(await rpc(origin, 'eth_feeHistory', ['0x2', 'latest', [25, 75]])).toMatchObject({
      baseFeePerGas: ['0x1b19ea393da', '0x1b19ea393da'],
      reward: [['0x0', '0x0']],
    });
  });

  it('serves browsers: CORS preflight for the origin', async () => {
    const res = await fetch(origin, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
  });
});
