import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Abi,
  decodeFunctionResult,
  encodeDeployData,
  encodeFunctionData,
  type Hex,
  parseAbi,
  parseEventLogs,
} from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COLLECTION_HELPERS_ADDRESS,
  CONTRACT_HELPERS_ADDRESS,
} from '../src/runtime/evm/contracts/addresses.js';
import { COLLECTION_HELPERS_ABI } from '../src/runtime/evm/contracts/collectionHelpers.abi.js';
import { GAS_PRICE } from '../src/runtime/evm/gas.js';
import { type Devnet, startDevnet } from '../src/server.js';
import { devKey, rpc, rpcOrigin } from './helpers/ethRpc.js';
import { contract, probeContract } from './helpers/evm.js';
import { type HardhatNode, startHardhatNode } from './helpers/hardhatNode.js';
import { spawnDevnet } from './helpers/process.js';

// Traces side by side with Hardhat's node (Cancun): the same signed transactions sent to both, then each traced on
// both with the default struct logger; every step's pc, op, gas, gasCost, depth and stack must be equal.
type Compiled = { abi: Abi; bytecode: Hex };
const probeFile = JSON.parse(
  readFileSync(new URL('./fixtures/evm/traceProbe.json', import.meta.url), 'utf8'),
) as { contracts: { TraceProbe: Compiled } };
const probe = probeFile.contracts.TraceProbe;
const t20 = contract('Token20');
const sender = privateKeyToAccount(devKey(9));
const EOA = '0x00000000000000000000000000000000000Ab0Ba';

let devnet: Devnet;
let hardhat: HardhatNode;
let origins: { devnet: string; hardhat: string };
let nonce = 0;

beforeAll(async () => {
  [devnet, hardhat] = await Promise.all([
    startDevnet({ port: 0, dbPath: ':memory:', instant: true, logLevel: 'silent' }),
    startHardhatNode('cancun', 8884),
  ]);
  origins = { devnet: rpcOrigin(devnet.url), hardhat: hardhat.url };
});
afterAll(async () => {
  await Promise.all([devnet?.stop(), hardhat?.stop()]);
});

type Receipt = { transactionHash: Hex; status: Hex; contractAddress: Hex | null; gasUsed: Hex };
type StructLog = { pc: number; op: string; gas: number; gasCost: number; depth: number; stack?: string[] };
type StructTrace = { gas: number; failed: boolean; returnValue: string; structLogs: StructLog[] };
type Frame = {
  type: string;
  from: string;
  to?: string;
  value?: string;
  gas: string;
  gasUsed: string;
  input: string;
  output?: string;
  error?: string;
  revertReason?: string;
  calls?: Frame[];
};
type Sides = { devnet: Receipt; hardhat: Receipt };

async function receiptOf(origin: string, hash: Hex): Promise<Receipt> {
  for (;;) {
    const r = (await rpc(origin, 'eth_getTransactionReceipt', [hash])) as Receipt | null;
    if (r) return r;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Sends `key`'s transactions to one node in nonce order, each with `gas`, and answers each one's receipt. */
function senderTo(origin: string, key: PrivateKeyAccount, gas: bigint) {
  let n = 0;
  return async (to: Hex | undefined, data: Hex, value = 0n) => {
    const raw = await key.signTransaction({
      type: 'eip1559',
      chainId: 8884,
      nonce: n++,
      ...(to ? { to } : {}),
      data,
      value,
      gas,
      maxFeePerGas: GAS_PRICE * 2n,
      maxPriorityFeePerGas: 0n,
    });
    return receiptOf(origin, (await rpc(origin, 'eth_sendRawTransaction', [raw])) as Hex);
  };
}

/** Sends one signed transaction to both nodes (Hardhat answers a reverted one with an error that carries its hash). */
async function sendBoth(
  to: Hex | undefined,
  data: Hex,
  extra: { accessList?: unknown } = {},
): Promise<Sides> {
  const raw = await sender.signTransaction({
    type: 'eip1559',
    chainId: 8884,
    nonce: nonce++,
    ...(to ? { to } : {}),
    data,
    gas: 3_000_000n,
    maxFeePerGas: GAS_PRICE * 2n,
    maxPriorityFeePerGas: 0n,
    ...(extra as object),
  });
  const out = {} as Sides;
  for (const side of ['devnet', 'hardhat'] as const) {
    let hash: Hex;
    try {
      hash = (await rpc(origins[side], 'eth_sendRawTransaction', [raw])) as Hex;
    } catch (e) {
      hash = (e as { data?: { txHash?: Hex } }).data?.txHash as Hex;
      if (!hash) throw e;
    }
    out[side] = await receiptOf(origins[side], hash);
  }
  expect(out.devnet.status).toBe(out.hardhat.status);
  return out;
}

const steps = (t: StructTrace) =>
  t.structLogs.map(({ pc, op, gas, gasCost, depth, stack }) => ({ pc, op, gas, gasCost, depth, stack }));

/** Both nodes' struct logs of the transaction, compared step by step. */
async function sameTrace(name: string, sides: Sides): Promise<StructTrace> {
  const [mine, theirs] = (await Promise.all([
    rpc(origins.devnet, 'debug_traceTransaction', [sides.devnet.transactionHash]),
    rpc(origins.hardhat, 'debug_traceTransaction', [sides.hardhat.transactionHash]),
  ])) as [StructTrace, StructTrace];
  expect(mine.structLogs.length, `${name}: steps`).toBe(theirs.structLogs.length);
  const a = steps(mine);
  const b = steps(theirs);
  for (let i = 0; i < a.length; i++) expect(a[i], `${name}: step ${i}`).toEqual(b[i]);
  expect({ gas: mine.gas, failed: mine.failed, returnValue: mine.returnValue }, name).toEqual({
    gas: theirs.gas,
    failed: theirs.failed,
    returnValue: theirs.returnValue,
  });
  return mine;
}

const call = (abi: Abi, functionName: string, args: unknown[] = []) =>
  encodeFunctionData({ abi, functionName, args });

describe('debug_traceTransaction: struct logs equal to Hardhat', () => {
  let probeAddress: Hex;
  const mined: Record<string, Sides> = {};

  it('a create, an ERC-20 deploy and transfer, a transfer to an EOA', async () => {
    mined.deploy = await sendBoth(undefined, probe.bytecode);
    probeAddress = mined.deploy.devnet.contractAddress!;
    expect(probeAddress.toLowerCase()).toBe(mined.deploy.hardhat.contractAddress?.toLowerCase());
    const deployTrace = await sameTrace('deploy', mined.deploy);
    expect(deployTrace.structLogs.length).toBeGreaterThan(0);

    const token = await sendBoth(
      undefined,
      encodeDeployData({ abi: t20.abi, bytecode: t20.bytecode, args: ['Trace', 1_000_000n] }),
    );
    mined.erc20 = await sendBoth(token.devnet.contractAddress!, call(t20.abi, 'transfer', [EOA, 5n]));
    const erc20 = await sameTrace('ERC-20 transfer', mined.erc20);
    expect(erc20.structLogs.some((s) => s.op === 'SSTORE')).toBe(true);

    mined.eoa = await sendBoth(EOA, '0x');
    const eoa = await sameTrace('transfer to an EOA', mined.eoa);
    expect(eoa).toEqual({ gas: 21000, failed: false, returnValue: '', structLogs: [] });
  });

  it('a create from a contract, a nested call, a caught nested revert, a revert with a custom error', async () => {
    mined.spawn = await sendBoth(probeAddress, call(probe.abi, 'spawn', [7n]));
    const spawn = await sameTrace('CREATE from a contract', mined.spawn);
    expect(spawn.structLogs.some((s) => s.op === 'CREATE' && s.depth === 1)).toBe(true);
    expect(spawn.structLogs.some((s) => s.depth === 2)).toBe(true);

    mined.nested = await sendBoth(probeAddress, call(probe.abi, 'nested', [9n]));
    await sameTrace('nested call', mined.nested);
    mined.nestedFail = await sendBoth(probeAddress, call(probe.abi, 'nestedFail'));
    await sameTrace('nested revert', mined.nestedFail);

    mined.refuse = await sendBoth(probeAddress, call(probe.abi, 'refuse', [5n]));
    expect(mined.refuse.devnet.status).toBe('0x0');
    const refuse = await sameTrace('revert', mined.refuse);
    expect(refuse.failed).toBe(true);
    expect(refuse.structLogs.at(-1)?.op).toBe('REVERT');
  });

  it('debug_traceCall equals Hardhat too, and keeps nothing', async () => {
    const req = {
      from: sender.address,
      to: probeAddress,
      data: call(probe.abi, 'nested', [42n]),
      gas: '0xf4240',
    };
    const before = await rpc(origins.devnet, 'eth_getStorageAt', [probeAddress, '0x1', 'latest']);
    const [mine, theirs] = (await Promise.all([
      rpc(origins.devnet, 'debug_traceCall', [req, 'latest']),
      rpc(origins.hardhat, 'debug_traceCall', [req, 'latest']),
    ])) as [StructTrace, StructTrace];
    expect(steps(mine)).toEqual(steps(theirs));
    expect(mine.gas).toBe(theirs.gas);
    expect(await rpc(origins.devnet, 'eth_getStorageAt', [probeAddress, '0x1', 'latest'])).toBe(before);
  });

  it('options: disableStack, enableMemory, storage on SLOAD/SSTORE, limit', async () => {
    const hash = mined.nested!.devnet.transactionHash;
    const bare = (await rpc(origins.devnet, 'debug_traceTransaction', [
      hash,
      { disableStack: true, disableStorage: true },
    ])) as StructTrace & { structLogs: Record<string, unknown>[] };
    expect(bare.structLogs.every((s) => !('stack' in s) && !('storage' in s) && !('memory' in s))).toBe(true);
    const full = (await rpc(origins.devnet, 'debug_traceTransaction', [hash, { enableMemory: true }])) as {
      structLogs: { op: string; memory?: string[]; storage?: Record<string, string> }[];
    };
    expect(full.structLogs.every((s) => Array.isArray(s.memory))).toBe(true);
    const sstore = full.structLogs.find((s) => s.op === 'SSTORE');
    // `nested` bumps `counter` (slot 1) from 0 to 1 first.
    expect(sstore?.storage).toEqual({ [`${'0'.repeat(63)}1`]: `${'0'.repeat(63)}1` });
    const limited = (await rpc(origins.devnet, 'debug_traceTransaction', [
      hash,
      { limit: 5 },
    ])) as StructTrace;
    expect(limited.structLogs).toHaveLength(5);
  });

  it('a trace past the size bound is refused by name; the same run traced lighter is answered', async () => {
    // A thousand zeros pushed, then a 256-round loop over them: a step's stack is up to ~67 KB of JSON, so the
    // struct logs pass 32 MiB around the end of the pushes (cheap steps: no memory to copy).
    const loop = 2003; // the JUMPDEST's pc, after the thousand PUSH1 0 and the PUSH2
    const code = `0x${'6000'.repeat(1000)}610100${'5b'}600190038061${loop.toString(16).padStart(4, '0')}5700`;
    const at = '0x2000000000000000000000000000000000000002';
    const req = { from: sender.address, to: at, gas: '0x2dc6c0' };
    const stateOverrides = { [at]: { code } };
    const e = (await rpc(origins.devnet, 'debug_traceCall', [req, 'latest', { stateOverrides }]).catch(
      (err: unknown) => err,
    )) as { code: number; message: string };
    expect(e.code).toBe(-32000);
    expect(e.message).toMatch(/^trace too large: .* "limit"/);
    const light = (await rpc(origins.devnet, 'debug_traceCall', [
      req,
      'latest',
      { stateOverrides, disableStack: true },
    ])) as StructTrace;
    expect(light.failed).toBe(false);
    expect(light.structLogs).toHaveLength(1000 + 1 + 256 * 7 + 1);
  });

  it('callTracer: frames in geth shape, onlyTopCall, a transfer to an EOA', async () => {
    const fail = (await rpc(origins.devnet, 'debug_traceTransaction', [
      mined.nestedFail!.devnet.transactionHash,
      { tracer: 'callTracer' },
    ])) as Frame;
    expect(fail).toMatchObject({
      type: 'CALL',
      from: sender.address.toLowerCase(),
      to: probeAddress.toLowerCase(),
      value: '0x0',
      gas: '0x2dc6c0',
      gasUsed: mined.nestedFail!.devnet.gasUsed,
      input: call(probe.abi, 'nestedFail'),
    });
    expect(fail.calls).toHaveLength(1);
    expect(fail.calls![0]).toMatchObject({
      type: 'STATICCALL',
      from: probeAddress.toLowerCase(),
      error: 'execution reverted',
      revertReason: 'child says no',
    });
    expect(fail.calls![0]!.value).toBeUndefined();

    const spawn = (await rpc(origins.devnet, 'debug_traceTransaction', [
      mined.spawn!.devnet.transactionHash,
      { tracer: 'callTracer' },
    ])) as Frame;
    const create = spawn.calls?.[0];
    expect(create?.type).toBe('CREATE');
    expect(create?.to).toMatch(/^0x[0-9a-f]{40}$/);
    expect(create?.output?.length).toBeGreaterThan(2);

    const top = (await rpc(origins.devnet, 'debug_traceTransaction', [
      mined.spawn!.devnet.transactionHash,
      { tracer: 'callTracer', tracerConfig: { onlyTopCall: true } },
    ])) as Frame;
    expect(top.calls).toBeUndefined();
    expect(top.type).toBe('CALL');

    const revert = (await rpc(origins.devnet, 'debug_traceTransaction', [
      mined.refuse!.devnet.transactionHash,
      { tracer: 'callTracer' },
    ])) as Frame;
    expect(revert.error).toBe('execution reverted');
    expect(revert.output).toBe(`0x590a5151${'0'.repeat(63)}5`);

    const eoa = (await rpc(origins.devnet, 'debug_traceTransaction', [
      mined.eoa!.devnet.transactionHash,
      { tracer: 'callTracer' },
    ])) as Frame;
    expect(eoa).toEqual({
      type: 'CALL',
      from: sender.address.toLowerCase(),
      to: EOA.toLowerCase(),
      value: '0x0',
      gas: '0x2dc6c0',
      gasUsed: '0x5208',
      input: '0x',
    });
  });

  it('a native Unique contract is one frame with its output, no steps inside it', async () => {
    const data = encodeFunctionData({
      abi: parseAbi(['function contractOwner(address) view returns (address)']),
      args: [probeAddress],
    });
    const req = { from: sender.address, to: CONTRACT_HELPERS_ADDRESS, data };
    const logs = (await rpc(origins.devnet, 'debug_traceCall', [req, 'latest'])) as StructTrace;
    const owner = `0x${'0'.repeat(24)}${sender.address.slice(2).toLowerCase()}`;
    expect(logs).toMatchObject({ failed: false, returnValue: owner, structLogs: [] });
    const frame = (await rpc(origins.devnet, 'debug_traceCall', [
      req,
      'latest',
      { tracer: 'callTracer' },
    ])) as Frame;
    expect(frame).toMatchObject({
      type: 'CALL',
      to: CONTRACT_HELPERS_ADDRESS.toLowerCase(),
      input: data,
      output: owner,
    });
    expect(frame.calls).toBeUndefined();
    // Mined, then traced by re-running it: the same frame, the output recorded from the native contract.
    const other = privateKeyToAccount(devKey(5));
    const raw = await other.signTransaction({
      type: 'eip1559',
      chainId: 8884,
      nonce: 0,
      to: CONTRACT_HELPERS_ADDRESS as Hex,
      data,
      gas: 100_000n,
      maxFeePerGas: GAS_PRICE * 2n,
      maxPriorityFeePerGas: 0n,
    });
    const hash = (await rpc(origins.devnet, 'eth_sendRawTransaction', [raw])) as Hex;
    expect((await receiptOf(origins.devnet, hash)).status).toBe('0x1');
    const mined = (await rpc(origins.devnet, 'debug_traceTransaction', [hash])) as StructTrace;
    expect(mined).toMatchObject({ failed: false, returnValue: owner, structLogs: [] });
  });

  it('a contract calling a Unique collection: the collection is a frame with its output, no steps inside it', async () => {
    const maker = privateKeyToAccount(devKey(6));
    const sendTo = senderTo(origins.devnet, maker, 5_000_000n);
    const send = async (to: Hex | undefined, data: Hex, value = 0n) => {
      const r = await sendTo(to, data, value);
      expect(r.status).toBe('0x1');
      return r as Receipt & { logs: { topics: Hex[]; data: Hex }[] };
    };
    const fee = BigInt(
      (await rpc(origins.devnet, 'eth_call', [
        {
          to: COLLECTION_HELPERS_ADDRESS,
          data: encodeFunctionData({ abi: COLLECTION_HELPERS_ABI, functionName: 'collectionCreationFee' }),
        },
      ])) as Hex,
    );
    const created = await send(
      COLLECTION_HELPERS_ADDRESS as Hex,
      encodeFunctionData({
        abi: COLLECTION_HELPERS_ABI,
        functionName: 'createNFTCollection',
        args: ['Traced', 'a collection a trace goes through', 'TRC'],
      }),
      fee,
    );
    const [event] = parseEventLogs({
      abi: COLLECTION_HELPERS_ABI,
      logs: created.logs as never,
      eventName: 'CollectionCreated',
    });
    const collection = event!.args.collectionId.toLowerCase();
    // A native call with value, traced by re-running it: one frame, no steps.
    const creation = (await rpc(origins.devnet, 'debug_traceTransaction', [
      created.transactionHash,
      { tracer: 'callTracer' },
    ])) as Frame;
    expect(creation).toMatchObject({
      type: 'CALL',
      to: COLLECTION_HELPERS_ADDRESS.toLowerCase(),
      value: `0x${fee.toString(16)}`,
    });
    expect(creation.calls).toBeUndefined();

    const caller = contract('CollectionCaller');
    const callerAddress = (await send(undefined, caller.bytecode)).contractAddress!;
    // A mined call of the contract that reads the collection's name through it.
    const read = encodeFunctionData({ abi: caller.abi, functionName: 'collectionName', args: [collection] });
    const mint = await send(callerAddress, read);
    const frames = (await rpc(origins.devnet, 'debug_traceTransaction', [
      mint.transactionHash,
      { tracer: 'callTracer' },
    ])) as Frame;
    const inner = frames.calls?.[0];
    expect(inner).toMatchObject({ type: 'STATICCALL', from: callerAddress.toLowerCase(), to: collection });
    expect(
      decodeFunctionResult({
        abi: parseAbi(['function name() view returns (string)']),
        data: inner!.output as Hex,
      }),
    ).toBe('Traced');
    expect(inner!.calls).toBeUndefined();
    const logs = (await rpc(origins.devnet, 'debug_traceTransaction', [mint.transactionHash])) as StructTrace;
    expect(logs.failed).toBe(false);
    expect(logs.structLogs.some((s) => s.op === 'STATICCALL')).toBe(true);
    expect(logs.structLogs.every((s) => s.depth === 1)).toBe(true);
  });

  it('debug_traceBlockByNumber and ByHash: each transaction of the block', async () => {
    const receipt = mined.nested!.devnet as Receipt & { blockNumber: Hex; blockHash: Hex };
    const full = (await rpc(origins.devnet, 'eth_getTransactionReceipt', [receipt.transactionHash])) as {
      blockNumber: Hex;
      blockHash: Hex;
    };
    const byNumber = (await rpc(origins.devnet, 'debug_traceBlockByNumber', [
      full.blockNumber,
      { tracer: 'callTracer' },
    ])) as { txHash: Hex; result: Frame }[];
    expect(byNumber.map((t) => t.txHash)).toEqual([receipt.transactionHash]);
    expect(byNumber[0]!.result.calls?.[0]?.type).toBe('CALL');
    const byHash = await rpc(origins.devnet, 'debug_traceBlockByHash', [
      full.blockHash,
      { tracer: 'callTracer' },
    ]);
    expect(byHash).toEqual(byNumber);
  });

  it('eth_createAccessList: the list geth builds, whose gas Hardhat charges', async () => {
    const data = call(probe.abi, 'nested', [11n]);
    const answer = (await rpc(origins.devnet, 'eth_createAccessList', [
      { from: sender.address, to: probeAddress, data },
      'latest',
    ])) as { accessList: { address: Hex; storageKeys: Hex[] }[]; gasUsed: Hex };
    const addresses = answer.accessList.map((e) => e.address);
    // The callee stays in with its slots; the sender is warm anyway and left out; the child it calls is in.
    expect(addresses[0]).toBe(probeAddress.toLowerCase());
    expect(addresses).not.toContain(sender.address.toLowerCase());
    expect(answer.accessList[0]!.storageKeys).toContain(`0x${'0'.repeat(63)}1`);
    expect(answer.accessList).toHaveLength(2);
    const sent = await sendBoth(probeAddress, data, { accessList: answer.accessList });
    expect(answer.gasUsed).toBe(sent.hardhat.gasUsed);
    expect(sent.devnet.gasUsed).toBe(sent.hardhat.gasUsed);
    const failing = (await rpc(origins.devnet, 'eth_createAccessList', [
      { from: sender.address, to: probeAddress, data: call(probe.abi, 'refuse', [1n]) },
    ])) as { error?: string };
    expect(failing.error).toBe('execution reverted');
  });
});

describe('bad input: geth errors, nothing changed', () => {
  const refusal = async (method: string, params: unknown[]) => {
    const head = await rpc(origins.devnet, 'eth_blockNumber');
    const e = (await rpc(origins.devnet, method, params).then(
      () => undefined,
      (err: unknown) => err,
    )) as { code: number; message: string } | undefined;
    expect(await rpc(origins.devnet, 'eth_blockNumber')).toBe(head);
    return e;
  };

  it('an unknown hash, a bad tracer, options of the wrong type', async () => {
    expect(await refusal('debug_traceTransaction', [`0x${'11'.repeat(32)}`])).toMatchObject({
      code: -32000,
      message: 'transaction not found',
    });
    expect(await refusal('debug_traceTransaction', ['0x1234'])).toMatchObject({ code: -32602 });
    const tracer = await refusal('debug_traceCall', [{ to: EOA }, 'latest', { tracer: 'prestateTracr' }]);
    expect(tracer).toMatchObject({ code: -32000 });
    expect(tracer?.message).toContain('prestateTracr');
    expect(await refusal('debug_traceCall', [{ to: EOA }, 'latest', { disableStack: 'yes' }])).toMatchObject({
      code: -32602,
      message: 'invalid argument 2 (options): disableStack: expected true or false',
    });
    expect(await refusal('debug_traceCall', [{ to: EOA }, 'latest', { limit: -1 }])).toMatchObject({
      code: -32602,
    });
    expect(
      await refusal('debug_traceCall', [
        { to: EOA },
        'latest',
        { stateOverrides: { [EOA]: { balance: 'lots' } } },
      ]),
    ).toMatchObject({ code: -32602 });
    expect(await refusal('debug_traceBlockByNumber', ['0xffffff'])).toMatchObject({ code: -32000 });
    expect(await refusal('debug_traceTransaction', [`0x${'11'.repeat(32)}`, { tracer: 7 }])).toMatchObject({
      code: -32602,
    });
    expect(await refusal('debug_traceBlockByHash', [`0x${'22'.repeat(32)}`])).toMatchObject({ code: -32000 });
  });
});

describe('a transaction the devnet cannot re-run as it ran', () => {
  it('is refused, not traced wrong: its funds came from a test helper just before it', async () => {
    const fresh = privateKeyToAccount(`0x${'5a'.repeat(32)}`);
    await rpc(origins.devnet, 'hardhat_setBalance', [fresh.address, '0xde0b6b3a7640000']);
    const raw = await fresh.signTransaction({
      type: 'eip1559',
      chainId: 8884,
      nonce: 0,
      to: EOA,
      value: 1n,
      gas: 21_000n,
      maxFeePerGas: GAS_PRICE * 2n,
      maxPriorityFeePerGas: 0n,
    });
    const hash = (await rpc(origins.devnet, 'eth_sendRawTransaction', [raw])) as Hex;
    expect((await receiptOf(origins.devnet, hash)).status).toBe('0x1');
    const e = (await rpc(origins.devnet, 'debug_traceTransaction', [hash]).catch((err: unknown) => err)) as {
      code: number;
      message: string;
    };
    expect(e.code).toBe(-32000);
    expect(e.message).toContain('cannot re-run transaction');
  });
});

describe("console.log: printed by the devnet's process as Hardhat's node prints it", () => {
  it('a mined transaction and an eth_call print their lines; the calls succeed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nftkit-devnet-console-'));
    const { child, url, output } = await spawnDevnet([
      '--port',
      '0',
      '--db',
      join(dir, 'chain.sqlite'),
      '--reset',
      '--instant',
    ]);
    try {
      const origin = rpcOrigin(url);
      const key = privateKeyToAccount(devKey(3));
      const send = senderTo(origin, key, 3_000_000n);
      const address = (await send(undefined, probe.bytecode)).contractAddress!;
      expect((await send(address, call(probe.abi, 'shout', [3n]))).status).toBe('0x1');
      // The lines Hardhat's node 2.29 printed for this same transaction.
      const lines = [
        'hello from the probe',
        'n is 3',
        `${key.address.toLowerCase()} true`,
        '-3',
        'four args 3 false',
        '0x7521d1cadbcfa91eec65aa16715b94ffc1c9654ba57ea2ef1a2127bca1127a83',
        '0xc0ffee',
      ];
      const printed = `console.log:\n${lines.map((l) => `  ${l}\n`).join('')}`;
      await expect.poll(() => output().includes(printed), { timeout: 30_000 }).toBe(true);
      const view = await rpc(origin, 'eth_call', [{ to: address, data: call(probe.abi, 'shoutView') }]);
      expect(BigInt(view as Hex)).toBe(3n);
      await expect
        .poll(() => output().includes('console.log:\n  a view logs 3\n'), { timeout: 30_000 })
        .toBe(true);
      // A call that logs and then reverts still prints, as on Hardhat.
      await rpc(origin, 'eth_call', [{ to: address, data: call(probe.abi, 'shoutThenRevert') }]).catch(
        () => {},
      );
      await expect.poll(() => output().includes('  about to revert\n'), { timeout: 30_000 }).toBe(true);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("traces run under the simulations' deadline", () => {
  it('a trace that runs past --evm-timeout is stopped with geth’s error, the chain untouched', async () => {
    const slow = await startDevnet({
      port: 0,
      dbPath: ':memory:',
      instant: true,
      logLevel: 'silent',
      evmTimeoutMs: 1,
    });
    try {
      const origin = rpcOrigin(slow.url);
      const key = privateKeyToAccount(devKey(4));
      const send = senderTo(origin, key, 25_000_000n);
      const gasProbe = probeContract();
      const address = (await send(undefined, gasProbe.bytecode)).contractAddress!;
      // A thousand fresh slots: tens of thousands of steps, far past a 1 ms deadline once traced.
      const fill = call(gasProbe.abi, 'fill', [1000n]);
      const mined = await send(address, fill);
      expect(mined.status).toBe('0x1');
      const head = await rpc(origin, 'eth_blockNumber');
      for (const [method, params] of [
        ['debug_traceTransaction', [mined.transactionHash, { limit: 1 }]],
        [
          'debug_traceCall',
          [{ to: address, data: fill, gas: '0x17d7840' }, 'latest', { tracer: 'callTracer' }],
        ],
      ] as const) {
        const e = (await rpc(origin, method, [...params]).catch((err: unknown) => err)) as {
          code: number;
          message: string;
        };
        expect(e, method).toMatchObject({ code: -32000, message: 'execution aborted (timeout = 1ms)' });
      }
      expect(await rpc(origin, 'eth_blockNumber')).toBe(head);
    } finally {
      await slow.stop();
    }
  });
});
