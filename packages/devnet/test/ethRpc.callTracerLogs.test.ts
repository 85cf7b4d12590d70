import { readFileSync } from 'node:fs';
import { type Abi, encodeDeployData, encodeFunctionData, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Peer, startPeer } from '../bench/peers.js';
import { COLLECTION_HELPERS_ADDRESS } from '../src/runtime/evm/contracts/addresses.js';
import { COLLECTION_HELPERS_ABI } from '../src/runtime/evm/contracts/collectionHelpers.abi.js';
import { type Devnet, startDevnet } from '../src/server.js';
import { devKey, expectRpcRefusal, rpc, rpcOrigin } from './helpers/ethRpc.js';

// `callTracer` with `withLog` side by side with anvil, which gives geth's shape: the same transaction (a call tree
// that logs before, between and after its calls, in callees, and in a callee that reverts) traced on both; every
// frame and log must be equal but for gas, which anvil reports its own way for the outermost frame.
type Compiled = { abi: Abi; bytecode: Hex };
const { contracts } = JSON.parse(
  readFileSync(new URL('./fixtures/evm/traceProbe.json', import.meta.url), 'utf8'),
) as { contracts: { LogProbe: Compiled } };
const logProbe = contracts.LogProbe;
const key = privateKeyToAccount(devKey(7));

type Log = { address: Hex; topics: Hex[]; data: Hex; position: Hex; index: Hex };
type Frame = { type: string; gas?: string; gasUsed?: string; calls?: Frame[]; logs?: Log[] };

let devnet: Devnet;
let anvil: Peer;
type Side = { origin: string; probe: Hex; hash: Hex; receipt: Receipt };
const traced = {} as Record<'devnet' | 'anvil', Side>;

async function receipt(origin: string, hash: Hex): Promise<Receipt> {
  for (;;) {
    const r = (await rpc(origin, 'eth_getTransactionReceipt', [hash])) as Receipt | null;
    if (r) return r;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type ReceiptLog = { address: Hex; topics: Hex[]; data: Hex };
type Receipt = { status: Hex; contractAddress: Hex | null; logs: ReceiptLog[] };

/** The logs of a frame tree in the order they were emitted: a successful transaction's receipt logs. */
function emitted(f: Frame): ReceiptLog[] {
  const all: Log[] = [];
  const walk = (x: Frame) => {
    all.push(...(x.logs ?? []));
    for (const c of x.calls ?? []) walk(c);
  };
  walk(f);
  return all
    .sort((a, b) => Number(BigInt(a.index) - BigInt(b.index)))
    .map(({ address, topics, data }) => ({ address, topics, data }));
}

/** Signs `key`'s transaction number `nonce` for the node at `origin`, sends it, and answers its successful receipt. */
async function sendFrom(origin: string, nonce: number, to: Hex | undefined, data: Hex, value = 0n) {
  const chainId = Number(BigInt((await rpc(origin, 'eth_chainId')) as string));
  const gasPrice = BigInt((await rpc(origin, 'eth_gasPrice')) as string);
  const raw = await key.signTransaction({
    type: 'eip1559',
    chainId,
    nonce,
    ...(to ? { to } : {}),
    data,
    value,
    gas: 5_000_000n,
    maxFeePerGas: gasPrice * 2n,
    maxPriorityFeePerGas: 0n,
  });
  const hash = (await rpc(origin, 'eth_sendRawTransaction', [raw])) as Hex;
  const r = await receipt(origin, hash);
  expect(r.status).toBe('0x1');
  return { hash, receipt: r };
}

/** Deploys the probe from a key with no transactions yet (so both nodes give it the same address) and runs it. */
async function runProbe(origin: string): Promise<{ probe: Hex; hash: Hex; receipt: Receipt }> {
  const send = (nonce: number, to: Hex | undefined, data: Hex) => sendFrom(origin, nonce, to, data);
  const deployed = await send(
    0,
    undefined,
    encodeDeployData({ abi: logProbe.abi, bytecode: logProbe.bytecode }),
  );
  const probe = deployed.receipt.contractAddress!;
  const run = await send(
    1,
    probe,
    encodeFunctionData({ abi: logProbe.abi, functionName: 'run', args: [7n] }),
  );
  return { probe, hash: run.hash, receipt: run.receipt };
}

/** A frame without its gas figures, for comparing two nodes' trees. */
function withoutGas(f: Frame): Frame {
  const { gas: _gas, gasUsed: _gasUsed, calls, ...rest } = f;
  return { ...rest, ...(calls ? { calls: calls.map(withoutGas) } : {}) };
}

beforeAll(async () => {
  [devnet, anvil] = await Promise.all([
    startDevnet({ port: 0, dbPath: ':memory:', instant: true, logLevel: 'silent' }),
    startPeer('anvil'),
  ]);
  for (const [side, origin] of [
    ['devnet', rpcOrigin(devnet.url)],
    ['anvil', anvil.url],
  ] as const)
    traced[side] = { origin, ...(await runProbe(origin)) };
}, 120_000);
afterAll(async () => {
  await Promise.all([devnet?.stop(), anvil?.stop()]);
});

const trace = (side: keyof typeof traced, config: object) =>
  rpc(traced[side].origin, 'debug_traceTransaction', [traced[side].hash, config]) as Promise<Frame>;

describe('callTracer withLog', () => {
  it('gives every frame’s logs as anvil does: position among its calls, index in the run, none of a failed frame', async () => {
    const config = { tracer: 'callTracer', tracerConfig: { withLog: true } };
    const [mine, theirs] = await Promise.all([trace('devnet', config), trace('anvil', config)]);
    expect(withoutGas(mine)).toEqual(withoutGas(theirs));
    // What the comparison stands on, spelled out: the probe's logs at positions 0, 2 and 3, the failed callee's
    // log (index 2) left out, the other callees' logs in their own frames.
    expect(mine.logs?.map((l) => [l.position, l.index, l.topics.length])).toEqual([
      ['0x0', '0x0', 2],
      ['0x2', '0x3', 1],
      ['0x3', '0x5', 0],
    ]);
    expect(mine.calls?.map((c) => c.logs?.map((l) => l.index))).toEqual([['0x1'], undefined, ['0x4']]);
    expect(emitted(mine)).toEqual(
      traced.devnet.receipt.logs.map(({ address, topics, data }) => ({
        address: address.toLowerCase() as Hex,
        topics,
        data,
      })),
    );
  });

  it('gives a native contract’s events in its frame, in the order the receipt has them', async () => {
    const origin = traced.devnet.origin;
    const fee = BigInt(
      (await rpc(origin, 'eth_call', [
        {
          to: COLLECTION_HELPERS_ADDRESS,
          data: encodeFunctionData({ abi: COLLECTION_HELPERS_ABI, functionName: 'collectionCreationFee' }),
        },
      ])) as Hex,
    );
    const { hash, receipt: mined } = await sendFrom(
      origin,
      2,
      traced.devnet.probe,
      encodeFunctionData({
        abi: logProbe.abi,
        functionName: 'createThrough',
        args: [COLLECTION_HELPERS_ADDRESS],
      }),
      fee,
    );
    const frame = (await rpc(origin, 'debug_traceTransaction', [
      hash,
      { tracer: 'callTracer', tracerConfig: { withLog: true } },
    ])) as Frame;
    const helpers = frame.calls?.[0];
    expect(helpers?.logs?.length).toBeGreaterThan(0);
    expect(helpers?.logs?.every((l) => l.address === COLLECTION_HELPERS_ADDRESS.toLowerCase())).toBe(true);
    expect(frame.logs?.map((l) => [l.position, l.index])).toEqual([['0x0', '0x0']]);
    expect(emitted(frame)).toEqual(
      mined.logs.map(({ address, topics, data }) => ({
        address: address.toLowerCase() as Hex,
        topics,
        data,
      })),
    );
  });

  it('keeps the outermost frame’s logs with onlyTopCall, and gives none without withLog', async () => {
    const top = await trace('devnet', {
      tracer: 'callTracer',
      tracerConfig: { onlyTopCall: true, withLog: true },
    });
    expect(top.calls).toBeUndefined();
    expect(top.logs).toHaveLength(3);
    const plain = await trace('devnet', { tracer: 'callTracer' });
    expect(plain.logs).toBeUndefined();
    expect(plain.calls?.every((c) => c.logs === undefined)).toBe(true);
  });

  it('refuses a withLog that is not a boolean, naming it', async () => {
    await expectRpcRefusal(
      devnet,
      () => trace('devnet', { tracer: 'callTracer', tracerConfig: { withLog: 'yes' } }),
      { code: -32602, message: /tracerConfig\.withLog: expected true or false/ },
    );
  });
});
