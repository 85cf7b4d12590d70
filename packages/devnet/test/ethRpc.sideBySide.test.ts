import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Wallet } from 'ethers';
import { keccak256, pad, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devnetForFile } from './helpers/devnet.js';
import { devKey, rpcOrigin, rpcRaw } from './helpers/ethRpc.js';

// The same requests to the devnet and to Hardhat's own node (2.x, Cancun, automine), where Ethereum's answer does not
// depend on the chain: the answers (or the error codes) must be equal.
const pkg = fileURLToPath(new URL('..', import.meta.url));
const devnet = devnetForFile();
let hardhat: ChildProcess;
let dir: string;
let nodes: { devnet: string; hardhat: string };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

beforeAll(async () => {
  mkdirSync(join(pkg, 'dist'), { recursive: true });
  dir = mkdtempSync(join(pkg, 'dist', '.hardhat-side-'));
  writeFileSync(
    join(dir, 'hardhat.config.cjs'),
    "module.exports = { networks: { hardhat: { hardfork: 'cancun' } } };\n",
  );
  const port = await freePort();
  const cli = createRequire(import.meta.url).resolve('hardhat/internal/cli/cli.js');
  hardhat = spawn(process.execPath, [cli, 'node', '--hostname', '127.0.0.1', '--port', String(port)], {
    cwd: dir,
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let text = '';
    hardhat.stdout!.on('data', (d: Buffer) => {
      text += d.toString();
      if (text.includes('Started HTTP')) resolve();
    });
    hardhat.once('exit', (code) => reject(new Error(`hardhat node exited with ${code}: ${text}`)));
  });
  nodes = { devnet: rpcOrigin(devnet.url), hardhat: `http://127.0.0.1:${port}` };
}, 120_000);
afterAll(async () => {
  hardhat?.kill();
  rmSync(dir, { recursive: true, force: true });
});

type Answer = { result?: unknown; error?: { code: number } };
async function both(method: string, params: unknown[]): Promise<{ devnet: Answer; hardhat: Answer }> {
  const ask = async (origin: string) =>
    (await rpcRaw(origin, { jsonrpc: '2.0', id: 1, method, params })).body as Answer;
  return { devnet: await ask(nodes.devnet), hardhat: await ask(nodes.hardhat) };
}
async function expectSameResult(method: string, params: unknown[]) {
  const a = await both(method, params);
  expect(a.devnet.error, JSON.stringify(a.devnet)).toBeUndefined();
  expect(a.devnet.result, method).toEqual(a.hardhat.result);
}
async function expectSameErrorCode(method: string, params: unknown[]) {
  const a = await both(method, params);
  expect(a.hardhat.error, JSON.stringify(a.hardhat)).toBeDefined();
  expect(a.devnet.error?.code, `${method} ${JSON.stringify(a.devnet)}`).toBe(a.hardhat.error?.code);
}

const ACCOUNT = new Wallet(devKey(2)).address;
const EMPTY = '0x1000000000000000000000000000000000000001';

describe('side by side with Hardhat', () => {
  it('the first 10 accounts, and their signatures', async () => {
    const a = await both('eth_accounts', []);
    expect(a.devnet.result).toEqual((a.hardhat.result as string[]).slice(0, 10));
    await expectSameResult('eth_sign', [ACCOUNT, '0xdeadbeef']);
    await expectSameResult('personal_sign', ['0xdeadbeef', ACCOUNT]);
    const typed = {
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }],
        Mail: [
          { name: 'contents', type: 'string' },
          { name: 'n', type: 'uint256' },
        ],
      },
      primaryType: 'Mail',
      domain: { name: 'x' },
      message: { contents: 'hi', n: '5' },
    };
    await expectSameResult('eth_signTypedData_v4', [ACCOUNT, typed]);
    await expectSameResult('web3_sha3', ['0x68656c6c6f']);
    await expectSameResult('web3_sha3', ['0x']);
    await expectSameErrorCode('web3_sha3', ['hello']);
    await expectSameErrorCode('eth_sign', ['0x0000000000000000000000000000000000000001', '0x00']);
    await expectSameErrorCode('personal_sign', ['hello', ACCOUNT]);
  });

  it('eth_call with state overrides (code, balance, stateDiff) and to precompiles', async () => {
    await expectSameResult('eth_call', [
      { to: EMPTY },
      'latest',
      { [EMPTY]: { code: '0x602a60005260206000f3' } },
    ]);
    // SLOAD(1) returned, slot 1 set by stateDiff; CALLER's BALANCE returned.
    await expectSameResult('eth_call', [
      { to: EMPTY },
      'latest',
      { [EMPTY]: { code: '0x60015460005260206000f3', stateDiff: { [pad('0x1')]: pad('0xbeef') } } },
    ]);
    await expectSameResult('eth_call', [
      { from: EMPTY, to: '0x2000000000000000000000000000000000000002' },
      'latest',
      {
        '0x2000000000000000000000000000000000000002': { code: '0x333160005260206000f3' },
        [EMPTY]: { balance: '0x1234' },
      },
    ]);
    await expectSameResult('eth_call', [
      { to: '0x0000000000000000000000000000000000000002', data: '0x616263' },
      'latest',
    ]);
    await expectSameResult('eth_call', [
      { to: '0x0000000000000000000000000000000000000003', data: '0x616263' },
      'latest',
    ]);
    await expectSameResult('eth_call', [
      { to: '0x0000000000000000000000000000000000000004', data: '0xc0ffee' },
      'latest',
    ]);
    const signer = new Wallet(devKey(0));
    const digest = keccak256('0x1234');
    const sig = signer.signingKey.sign(digest);
    await expectSameResult('eth_call', [
      {
        to: '0x0000000000000000000000000000000000000001',
        data: `${digest}${pad(toHex(sig.v)).slice(2)}${sig.r.slice(2)}${sig.s.slice(2)}`,
      },
      'latest',
    ]);
    await expectSameErrorCode('eth_call', [{ to: EMPTY }, 'latest', { [EMPTY]: { balance: 'zz' } }]);
    await expectSameErrorCode('eth_call', [
      { to: EMPTY },
      'latest',
      { [EMPTY]: { state: {}, stateDiff: {} } },
    ]);
  });

  it('eth_feeHistory has the keys of Hardhat’s, with and without reward percentiles', async () => {
    for (const percentiles of [[], [25, 75]]) {
      const a = await both('eth_feeHistory', ['0x2', 'latest', percentiles]);
      const keys = (r: unknown) => Object.keys(r as object).sort();
      expect(keys(a.devnet.result), JSON.stringify(percentiles)).toEqual(keys(a.hardhat.result));
    }
  });

  it('filters: a block filter answers the new block once, then nothing; uninstall answers true then false', async () => {
    for (const origin of [nodes.devnet, nodes.hardhat]) {
      const ask = async (method: string, params: unknown[] = []) =>
        ((await rpcRaw(origin, { jsonrpc: '2.0', id: 1, method, params })).body as Answer).result;
      const id = await ask('eth_newBlockFilter');
      await ask('eth_sendTransaction', [{ from: ACCOUNT, to: ACCOUNT, value: '0x1' }]);
      const changes = (await ask('eth_getFilterChanges', [id])) as string[];
      // Hardhat also names the block that was the head when the filter was made; geth and the devnet only new ones.
      expect(changes.length, origin).toBe(origin === nodes.devnet ? 1 : 2);
      expect(changes.at(-1)).toBe(
        ((await ask('eth_getBlockByNumber', ['latest', false])) as { hash: string }).hash,
      );
      expect(await ask('eth_getFilterChanges', [id])).toEqual([]);
      expect(await ask('eth_uninstallFilter', [id])).toBe(true);
      expect(await ask('eth_uninstallFilter', [id])).toBe(false);
    }
  });

  it('a transaction of each type carries v as Hardhat gives it: the y parity when typed, EIP-155 when legacy', async () => {
    for (const origin of [nodes.devnet, nodes.hardhat]) {
      const ask = async (method: string, params: unknown[] = []) =>
        ((await rpcRaw(origin, { jsonrpc: '2.0', id: 1, method, params })).body as Answer).result;
      const gasPrice = (await ask('eth_gasPrice')) as string;
      const chainId = BigInt((await ask('eth_chainId')) as string);
      for (const [type, extra] of [
        ['0x0', { gasPrice }],
        ['0x1', { gasPrice, accessList: [] }],
        ['0x2', {}],
      ] as const) {
        const hash = await ask('eth_sendTransaction', [{ from: ACCOUNT, to: EMPTY, value: '0x1', ...extra }]);
        const tx = (await ask('eth_getTransactionByHash', [hash])) as Record<string, string>;
        const where = `${origin === nodes.devnet ? 'devnet' : 'hardhat'} type ${type}`;
        expect(tx.type, where).toBe(type);
        const v = BigInt(tx.v!);
        if (type === '0x0') expect([chainId * 2n + 35n, chainId * 2n + 36n], where).toContain(v);
        else {
          expect([0n, 1n], where).toContain(v);
          if (tx.yParity !== undefined) expect(BigInt(tx.yParity), where).toBe(v);
        }
      }
    }
  });

  it('receipts (also eth_getBlockReceipts) have the fields of Hardhat’s; the pool is empty after an instant block', async () => {
    const keys: string[][] = [];
    for (const origin of [nodes.devnet, nodes.hardhat]) {
      const ask = async (method: string, params: unknown[] = []) =>
        ((await rpcRaw(origin, { jsonrpc: '2.0', id: 1, method, params })).body as Answer).result;
      const hash = await ask('eth_sendTransaction', [{ from: ACCOUNT, to: ACCOUNT, value: '0x1' }]);
      const receipt = (await ask('eth_getTransactionReceipt', [hash])) as Record<string, unknown>;
      keys.push(Object.keys(receipt).sort());
      // Addresses in lower case on both, in the receipt and the transaction.
      const tx = (await ask('eth_getTransactionByHash', [hash])) as Record<string, unknown>;
      const lower = ACCOUNT.toLowerCase();
      expect([receipt.from, receipt.to, tx.from, tx.to], origin).toEqual([lower, lower, lower, lower]);
      if (origin === nodes.devnet) {
        expect(await ask('eth_getBlockReceipts', [receipt.blockNumber])).toEqual([receipt]);
        expect(await ask('txpool_status')).toEqual({ pending: '0x0', queued: '0x0' });
        const block = (await ask('eth_getBlockByNumber', ['latest', false])) as { miner: string };
        expect(await ask('eth_coinbase')).toBe(block.miner);
      }
    }
    // A receipt of the devnet has every field of Hardhat's.
    expect(keys[1]!.filter((k) => !keys[0]!.includes(k))).toEqual([]);
  });
});
