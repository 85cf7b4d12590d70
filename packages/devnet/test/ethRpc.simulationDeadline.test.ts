import type { ChildProcess } from 'node:child_process';
import { type Hex, numberToHex } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stateDigest } from '../src/runtime/digest.js';
import { type Devnet, startDevnet } from '../src/server.js';
import { rpc, rpcOrigin, rpcRaw } from './helpers/ethRpc.js';
import { spawnDevnet, stopChild } from './helpers/process.js';

/** Runtime code that loops until its gas runs out: JUMPDEST, PUSH1 0, JUMP. */
const LOOP = '0x5b600056';
const LOOPER = '0x1000000000000000000000000000000000000042';
const FULL_GAS = numberToHex(30_000_000);
const loopCall = (extra: Record<string, unknown> = {}) => [
  { to: LOOPER, gas: FULL_GAS, ...extra },
  'latest',
  { [LOOPER]: { code: LOOP } },
];

/**
 * Init code that emits a log (LOG0 of nothing) and deploys runtime code that emits one too: `PUSH1 0 PUSH1 0 LOG0`,
 * then the runtime `60006000a000` (the same log, STOP) returned from memory.
 */
const EMITTER_INIT: Hex = '0x60006000a06560006000a0006000526006601af3';

type RpcError = { code: number; message: string };
const errorOf = (body: unknown) => (body as { error?: RpcError }).error;

describe('a simulation has a deadline', () => {
  let devnet: Devnet;
  let origin: string;
  beforeAll(async () => {
    devnet = await startDevnet({
      port: 0,
      dbPath: ':memory:',
      instant: true,
      logLevel: 'silent',
      evmTimeoutMs: 20,
    });
    origin = rpcOrigin(devnet.url);
  });
  afterAll(async () => devnet.stop());

  it("a 30 M-gas loop is stopped at the deadline with geth's error, on the fast interpreter and on the library", async () => {
    const before = stateDigest(devnet.chain.storage.db);
    const runs = devnet.chain.evm.runs;
    const fast = errorOf((await rpcRaw(origin, req('eth_call', loopCall()))).body);
    expect(fast).toEqual({ code: -32000, message: 'execution aborted (timeout = 20ms)' });
    // Stopped on the fast interpreter: the library did not run it.
    expect(devnet.chain.evm.runs.library).toBe(runs.library);
    // An access list sends the run to the library (the fast interpreter leaves access lists to it). A first run
    // starts the library's context (seconds on a loaded machine, past the deadline): the loop then runs in it.
    const list = [{ address: LOOPER, storageKeys: [] }];
    const ret42 = '0x602a60005260206000f3';
    await rpcRaw(
      origin,
      req('eth_call', [{ to: LOOPER, accessList: list }, 'latest', { [LOOPER]: { code: ret42 } }]),
    );
    const lib = errorOf((await rpcRaw(origin, req('eth_call', loopCall({ accessList: list })))).body);
    expect(lib).toEqual({ code: -32000, message: 'execution aborted (timeout = 20ms)' });
    expect(devnet.chain.evm.runs.library).toBeGreaterThan(runs.library);
    const estimate = errorOf((await rpcRaw(origin, req('eth_estimateGas', loopCall()))).body);
    expect(estimate).toEqual({ code: -32000, message: 'execution aborted (timeout = 20ms)' });
    expect(stateDigest(devnet.chain.storage.db)).toBe(before);
  });

  it("a trace's timeout shortens the node's deadline, never lengthens it; one that is no duration is -32602", async () => {
    const before = stateDigest(devnet.chain.storage.db);
    const trace = async (timeout: unknown) =>
      errorOf(
        (
          await rpcRaw(
            origin,
            req('debug_traceCall', [
              { to: LOOPER, gas: FULL_GAS },
              'latest',
              { tracer: 'callTracer', timeout, stateOverrides: { [LOOPER]: { code: LOOP } } },
            ]),
          )
        ).body,
      );
    expect(await trace('5ms')).toEqual({ code: -32000, message: 'execution aborted (timeout = 5ms)' });
    expect(await trace('10s')).toEqual({ code: -32000, message: 'execution aborted (timeout = 20ms)' });
    for (const bad of ['soon', '5', '-1s', 5])
      expect(await trace(bad)).toEqual({
        code: -32602,
        message: 'invalid argument 2 (options): timeout: expected a duration such as "5s" or "500ms"',
      });
    expect(stateDigest(devnet.chain.storage.db)).toBe(before);
  });

  it('a short call is answered as before', async () => {
    const ret42 = '0x602a60005260206000f3';
    const out = await rpc(origin, 'eth_call', [{ to: LOOPER }, 'latest', { [LOOPER]: { code: ret42 } }]);
    expect(BigInt(out as Hex)).toBe(42n);
  });

  it('transactions have no deadline: a mined 30 M-gas loop runs out of gas, it is not aborted', async () => {
    // Init code returning LOOP as the contract's code: PUSH4 LOOP, PUSH1 0, MSTORE, PUSH1 4, PUSH1 28, RETURN.
    const deploy = (await rpc(origin, 'eth_sendTransaction', [
      { data: `0x63${LOOP.slice(2)}6000526004601cf3`, gas: numberToHex(100_000) },
    ])) as Hex;
    const { contractAddress } = (await receiptOf(origin, deploy)) as { contractAddress: Hex };
    expect(await rpc(origin, 'eth_getCode', [contractAddress, 'latest'])).toBe(LOOP);
    const hash = (await rpc(origin, 'eth_sendTransaction', [{ to: contractAddress, gas: FULL_GAS }])) as Hex;
    const receipt = (await receiptOf(origin, hash)) as { status: Hex; gasUsed: Hex };
    expect(receipt.status).toBe('0x0');
    expect(BigInt(receipt.gasUsed)).toBe(30_000_000n);

    // REST's `/evm/contract/call` is a simulation too: the same turns and deadline, a 503 with geth's words.
    const before = stateDigest(devnet.chain.storage.db);
    const call = await fetch(`${devnet.url}/evm/contract/call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        contract: {
          address: contractAddress,
          abi: [{ type: 'function', name: 'spin', inputs: [], outputs: [], stateMutability: 'view' }],
        },
        functionName: 'spin',
        functionArgs: [],
      }),
    });
    expect(call.status).toBe(503);
    expect(await call.json()).toEqual({ error: 'execution aborted (timeout = 20ms)' });
    expect(stateDigest(devnet.chain.storage.db)).toBe(before);
  });
});

describe('the default deadline', () => {
  it('is 5 s, written as geth writes it', async () => {
    const { DEFAULT_EVM_TIMEOUT_MS, SimulationAbortedError } = await import(
      '../src/chain/simulationTurns.js'
    );
    const aborted = (ms: number) => new SimulationAbortedError(ms).message;
    expect(DEFAULT_EVM_TIMEOUT_MS).toBe(5000);
    expect(aborted(5000)).toBe('execution aborted (timeout = 5s)');
    expect(aborted(1500)).toBe('execution aborted (timeout = 1.5s)');
    expect(aborted(250)).toBe('execution aborted (timeout = 250ms)');
    expect(aborted(90_000)).toBe('execution aborted (timeout = 1m30s)');
  });

  it("reads Go's durations as a trace's timeout gives them, in whole milliseconds rounded up", async () => {
    const { parseGoDuration } = await import('../src/chain/simulationTurns.js');
    expect(parseGoDuration('5s')).toBe(5000);
    expect(parseGoDuration('1m30s')).toBe(90_000);
    expect(parseGoDuration('1.5s')).toBe(1500);
    expect(parseGoDuration('250ms')).toBe(250);
    expect(parseGoDuration('100us')).toBe(1);
    expect(parseGoDuration('1h')).toBe(3_600_000);
    expect(parseGoDuration('0')).toBe(0);
    for (const bad of ['', '5', '-1s', '1d', 's', '1s2', ' 1s', `${'9'.repeat(70)}s`])
      expect(parseGoDuration(bad)).toBeUndefined();
  });
});

/** The receipt once the transaction is in a committed block (asked again until then). */
async function receiptOf(origin: string, hash: Hex): Promise<unknown> {
  for (;;) {
    const r = await rpc(origin, 'eth_getTransactionReceipt', [hash]);
    if (r !== null) return r;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function req(method: string, params: unknown[]) {
  return { jsonrpc: '2.0', id: 1, method, params };
}

// The devnet in a process of its own (the CLI, as users run it), so that the clients' own work is not on its thread.
describe('one client cannot freeze the node', () => {
  let devnet: { child: ChildProcess; url: string };
  let origin: string;
  beforeAll(async () => {
    devnet = await spawnDevnet(['--port', '0', '--db', ':memory:', '--instant', '--evm-timeout', '250']);
    origin = rpcOrigin(devnet.url);
  }, 120_000);
  afterAll(async () => stopChild(devnet.child));

  it('20 concurrent 30 M-gas eth_calls: eth_blockNumber, health and a transaction are answered meanwhile', async () => {
    // Warm: the first requests of a process load and compile code, whatever the design.
    await rpc(origin, 'eth_blockNumber');
    await fetch(`${devnet.url}/health`);
    await rpcRaw(origin, req('eth_call', loopCall()));
    const flood = Array.from({ length: 20 }, () => rpcRaw(origin, req('eth_call', loopCall())));
    let done = false;
    const settled = Promise.all(flood).finally(() => {
      done = true;
    });
    const polls: number[] = [];
    let rounds = 0;
    while (!done || rounds < 3) {
      rounds++;
      let t = performance.now();
      await rpc(origin, 'eth_blockNumber');
      polls.push(performance.now() - t);
      t = performance.now();
      const health = await fetch(`${devnet.url}/health`);
      expect(health.status).toBe(200);
      polls.push(performance.now() - t);
      if (rounds === 2) {
        t = performance.now();
        // With its gas given, a send needs no estimate, so it does not wait for the simulations' turns.
        const send = { to: LOOPER, value: '0x1', gas: '0x5208' };
        const hash = (await rpc(origin, 'eth_sendTransaction', [send])) as Hex;
        const receipt = (await receiptOf(origin, hash)) as { status: Hex } | null;
        expect(receipt?.status).toBe('0x1');
        polls.push(performance.now() - t);
      }
    }
    const answers = await settled;
    // Generous bounds: a poll waits at most for one simulation (each stopped at 250 ms), never for the flood.
    expect(Math.max(...polls)).toBeLessThan(1000);
    for (const a of answers) {
      const e = errorOf(a.body);
      // Each loop ends at the deadline, or out of gas if this machine ran 30 M gas within it.
      expect(
        e?.message === 'execution aborted (timeout = 250ms)' || /out of gas/.test(e?.message ?? ''),
        JSON.stringify(a.body),
      ).toBe(true);
    }
  });

  it('--evm-timeout sets the deadline', async () => {
    // 1 ms: no machine runs 30 M gas of a loop within it.
    const quick = await spawnDevnet(['--port', '0', '--db', ':memory:', '--instant', '--evm-timeout', '1']);
    try {
      const answer = await rpcRaw(rpcOrigin(quick.url), req('eth_call', loopCall()));
      expect(errorOf(answer.body)).toEqual({ code: -32000, message: 'execution aborted (timeout = 1ms)' });
    } finally {
      await stopChild(quick.child);
    }
  });

  it('a deploy that emits, then a call that emits: each receipt carries its log, under a flood', async () => {
    const flood = Array.from({ length: 10 }, () => rpcRaw(origin, req('eth_call', loopCall())));
    // A gas limit of their own: the transactions make no estimate, which is a simulation under the flood's short
    // deadline (a loaded machine can stop even a small one there); what is checked here is the receipts.
    const gas = numberToHex(200_000);
    for (let i = 0; i < 10; i++) {
      const deploy = (await rpc(origin, 'eth_sendTransaction', [{ data: EMITTER_INIT, gas }])) as Hex;
      const deployed = (await receiptOf(origin, deploy)) as {
        status: Hex;
        contractAddress: Hex;
        logs: unknown[];
      };
      expect(deployed.status).toBe('0x1');
      expect(deployed.logs).toHaveLength(1);
      const call = (await rpc(origin, 'eth_sendTransaction', [{ to: deployed.contractAddress, gas }])) as Hex;
      const called = (await receiptOf(origin, call)) as {
        status: Hex;
        logs: { address: string; transactionHash: string }[];
      };
      expect(called.status).toBe('0x1');
      expect(called.logs).toHaveLength(1);
      expect(called.logs[0]!.address.toLowerCase()).toBe(deployed.contractAddress.toLowerCase());
      expect(called.logs[0]!.transactionHash).toBe(call);
    }
    await Promise.all(flood);
  });
});
