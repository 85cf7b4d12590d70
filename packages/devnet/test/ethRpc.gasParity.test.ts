import {
  type Abi,
  decodeEventLog,
  decodeFunctionResult,
  encodeDeployData,
  encodeFunctionData,
  type Hex,
  hexToBytes,
  keccak256,
  pad,
  toHex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAS_PRICE } from '../src/runtime/evm/gas.js';
import { MAX_GAS_LIMIT } from '../src/runtime/evm/transact.js';
import { type Devnet, startDevnet } from '../src/server.js';
import { devKey, rpc, rpcOrigin } from './helpers/ethRpc.js';
import { contract, corpusContract, probeContract } from './helpers/evm.js';
import { type HardhatNode, startHardhatNode } from './helpers/hardhatNode.js';

// Ethereum's gas side by side with Hardhat's node on Cancun: the same signed transactions sent to both, the same
// `gasUsed` in their receipts and the same `eth_estimateGas` before them. Both nodes start from the test mnemonic's
// accounts, so a fresh account's nonces, and the addresses of what it deploys, are the same on both.
const probe = probeContract();
const corpus = corpusContract();
const t20 = contract('Token20');
const t721 = contract('Token721');
const owner = privateKeyToAccount(devKey(7));
const spender = privateKeyToAccount(devKey(8));
const recipient = '0x00000000000000000000000000000000000Ab0Ba';

let devnet: Devnet;
let hardhat: HardhatNode;
let origins: { devnet: string; hardhat: string };
const nonces = new Map<string, number>();

beforeAll(async () => {
  [devnet, hardhat] = await Promise.all([
    startDevnet({ port: 0, dbPath: ':memory:', instant: true, logLevel: 'silent' }),
    startHardhatNode('cancun', 8884, { blockGasLimit: MAX_GAS_LIMIT }),
  ]);
  origins = { devnet: rpcOrigin(devnet.url), hardhat: hardhat.url };
});
afterAll(async () => {
  await Promise.all([devnet?.stop(), hardhat?.stop()]);
});

type Request = {
  to?: Hex;
  data: Hex;
  value?: bigint;
  gas?: bigint;
  accessList?: { address: Hex; storageKeys: Hex[] }[];
};
type Receipt = {
  gasUsed: Hex;
  status: Hex;
  contractAddress: Hex | null;
  logs: { data: Hex; topics: Hex[] }[];
};
type Both = { devnet: bigint; hardhat: bigint };

async function sign(from: typeof owner, req: Request, gas: bigint): Promise<Hex> {
  const nonce = nonces.get(from.address) ?? 0;
  nonces.set(from.address, nonce + 1);
  return from.signTransaction({
    type: 'eip1559',
    chainId: 8884,
    nonce,
    ...(req.to ? { to: req.to } : {}),
    data: req.data,
    ...(req.value ? { value: req.value } : {}),
    gas,
    maxFeePerGas: GAS_PRICE * 2n,
    maxPriorityFeePerGas: 0n,
    ...(req.accessList ? { accessList: req.accessList } : {}),
  });
}

async function receiptOf(origin: string, hash: Hex): Promise<Receipt> {
  for (;;) {
    const r = (await rpc(origin, 'eth_getTransactionReceipt', [hash])) as Receipt | null;
    if (r) return r;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function callObject(from: typeof owner, req: Request) {
  return {
    from: from.address,
    ...(req.to ? { to: req.to } : {}),
    data: req.data,
    ...(req.value ? { value: toHex(req.value) } : {}),
    ...(req.accessList ? { accessList: req.accessList } : {}),
  };
}

/** Estimates on both, then sends the same signed transaction to both: the receipts' gas and the estimates. */
async function sendBoth(from: typeof owner, req: Request) {
  const estimate = {} as Both;
  for (const side of ['devnet', 'hardhat'] as const)
    estimate[side] = BigInt((await rpc(origins[side], 'eth_estimateGas', [callObject(from, req)])) as Hex);
  const raw = await sign(from, req, req.gas ?? 3_000_000n);
  const gasUsed = {} as Both;
  const receipts = {} as Record<'devnet' | 'hardhat', Receipt>;
  for (const side of ['devnet', 'hardhat'] as const) {
    const hash = (await rpc(origins[side], 'eth_sendRawTransaction', [raw])) as Hex;
    receipts[side] = await receiptOf(origins[side], hash);
    expect(receipts[side].status, side).toBe('0x1');
    gasUsed[side] = BigInt(receipts[side].gasUsed);
  }
  return { estimate, gasUsed, receipts };
}

const call = (to: Hex, abi: Abi, functionName: string, args: unknown[]): Request => ({
  to,
  data: encodeFunctionData({ abi, functionName, args }),
});

/** 10 KiB of calldata, zero and non-zero bytes mixed. */
const KIB10 = toHex(Uint8Array.from({ length: 10 * 1024 }, (_, i) => (i % 3 === 0 ? 0 : i % 251)));

describe('gas parity with Hardhat (Cancun)', () => {
  const figures: Record<string, { gasUsed: Both; estimate: Both }> = {};
  let token: Hex;
  let gasProbe: Hex;

  const row = async (name: string, from: typeof owner, req: Request) => {
    const r = await sendBoth(from, req);
    figures[name] = { gasUsed: r.gasUsed, estimate: r.estimate };
    expect(r.gasUsed.devnet, `${name} gasUsed`).toBe(r.gasUsed.hardhat);
    expect(r.estimate.devnet, `${name} estimate`).toBe(r.estimate.hardhat);
    return r;
  };

  afterAll(() => {
    // The figures side by side, for the report and the commit message.
    console.log(JSON.stringify(figures, (_, v) => (typeof v === 'bigint' ? Number(v) : v)));
  });

  it('deploys: ERC-20 and ERC-721 (creation charge, initcode words, calldata)', async () => {
    const erc20 = await row('ERC-20 deploy', owner, {
      data: encodeDeployData({ abi: t20.abi, bytecode: t20.bytecode, args: ['Gas', 1_000_000n] }),
    });
    token = erc20.receipts.devnet.contractAddress!;
    expect(erc20.receipts.hardhat.contractAddress?.toLowerCase()).toBe(token.toLowerCase());
    await row('ERC-721 deploy', owner, { data: t721.bytecode });
    const p = await row('probe deploy', owner, { data: probe.bytecode });
    gasProbe = p.receipts.devnet.contractAddress!;
  });

  it('ERC-20 transfer, approve, transferFrom, and sending a whole balance (a refund)', async () => {
    await row('transfer', owner, call(token, t20.abi, 'transfer', [recipient, 5n]));
    await row('approve', owner, call(token, t20.abi, 'approve', [spender.address, 1_000n]));
    await row(
      'transferFrom',
      spender,
      call(token, t20.abi, 'transferFrom', [owner.address, spender.address, 100n]),
    );
    await row('whole balance', spender, call(token, t20.abi, 'transfer', [recipient, 100n]));
  });

  it('clearing 20 slots earns a refund, capped at a fifth of the gas used', async () => {
    await row('fill 20 slots', owner, call(gasProbe, probe.abi, 'fill', [20n]));
    const r = await row('clear 20 slots', owner, call(gasProbe, probe.abi, 'clear', [20n]));
    // 20 clears earn 96,000, more than a fifth: the cap decides.
    expect(r.gasUsed.devnet).toBeLessThan(125_000n);
    await row('slot put back', owner, call(gasProbe, probe.abi, 'touch', [3n]));
  });

  it('10 KiB of calldata to an account, and a call with a one-entry access list', async () => {
    await row('10 KiB calldata', owner, { to: recipient, data: KIB10 });
    const balanceSlot = keccak256(`${pad(owner.address)}${pad('0x00').slice(2)}` as Hex);
    await row('access list, one entry', owner, {
      ...call(token, t20.abi, 'transfer', [recipient, 1n]),
      accessList: [{ address: token, storageKeys: [balanceSlot] }],
    });
    await row('access list, another address', owner, {
      ...call(token, t20.abi, 'transfer', [recipient, 1n]),
      accessList: [{ address: recipient, storageKeys: [] }],
    });
  });

  it('refuses a gas limit below the intrinsic gas, as Hardhat does, at submit and in calls', async () => {
    const req = { to: recipient as Hex, data: KIB10 };
    const zeros = BigInt(hexToBytes(KIB10).filter((b) => b === 0).length);
    const want = 21_000n + 4n * zeros + 16n * (10_240n - zeros);
    const raw = await sign(owner, req, 30_000n);
    // The nonce was not used: the next row signs it again.
    nonces.set(owner.address, (nonces.get(owner.address) ?? 1) - 1);
    await expect(rpc(origins.devnet, 'eth_sendRawTransaction', [raw])).rejects.toMatchObject({
      code: -32000,
      message: `intrinsic gas too low: have 30000, want ${want}`,
    });
    const hardhatRefusal = await rpc(origins.hardhat, 'eth_sendRawTransaction', [raw]).catch((e: Error) => e);
    console.log('hardhat refusal:', (hardhatRefusal as Error).message);
    expect(hardhatRefusal).toBeInstanceOf(Error);
    const low = { ...callObject(owner, req), gas: toHex(30_000n) };
    for (const method of ['eth_call', 'eth_estimateGas'])
      await expect(rpc(origins.devnet, method, [low, 'latest'])).rejects.toMatchObject({
        code: -32000,
        message: `intrinsic gas too low: have 30000, want ${want}`,
      });
  });
});

// Beyond the table: each operation Ethereum prices apart, as a transaction of its own, through the library and the
// fast interpreter alike (which of the two runs a message is the engine's choice, not the test's).
describe('gas parity with Hardhat (Cancun): a corpus of operations', () => {
  const from = privateKeyToAccount(devKey(6));
  const figures: Record<string, Both> = {};
  const engines: Record<string, { fast: number; library: number }> = {};
  let at: Hex;
  const rowOf = async (name: string, req: Request) => {
    const runs = { ...devnet.chain.evm.runs };
    const r = await sendBoth(from, req);
    engines[name] = {
      fast: devnet.chain.evm.runs.fastInterpreter - runs.fastInterpreter,
      library: devnet.chain.evm.runs.library - runs.library,
    };
    figures[name] = r.gasUsed;
    expect(r.gasUsed.devnet, `${name} gasUsed`).toBe(r.gasUsed.hardhat);
    expect(r.estimate.devnet, `${name} estimate`).toBe(r.estimate.hardhat);
  };
  const op = (name: string, functionName: string, args: unknown[] = [], value?: bigint) =>
    rowOf(name, { ...call(at, corpus.abi, functionName, args), ...(value ? { value } : {}) });

  afterAll(() => {
    console.log(JSON.stringify(figures, (_, v) => (typeof v === 'bigint' ? Number(v) : v)));
    console.log(JSON.stringify(engines));
  });

  it('deploys the corpus', async () => {
    const { receipts } = await sendBoth(from, { data: corpus.bytecode });
    at = receipts.devnet.contractAddress!;
    expect(receipts.hardhat.contractAddress?.toLowerCase()).toBe(at.toLowerCase());
  });

  it('memory, hashing, EXP, logs', async () => {
    await op('memory 4 KiB', 'memory_', [4096n]);
    await op('memory 64 KiB', 'memory_', [65_536n]);
    await op('keccak of 1 KiB', 'hash', [toHex(new Uint8Array(1024).fill(7))]);
    await op('exp, 1-byte exponent', 'power', [3n, 200n]);
    await op('exp, 32-byte exponent', 'power', [3n, 2n ** 255n + 1n]);
    await op('logs with 300 bytes', 'logs', [toHex(new Uint8Array(300).fill(1))]);
  });

  it('account access, cold and warm; value to a new and to an existing account', async () => {
    await op('accounts: a contract', 'accounts', [at]);
    await op('accounts: an empty address', 'accounts', ['0x00000000000000000000000000000000c0ffee01']);
    await op('pay a new account', 'pay', ['0x00000000000000000000000000000000c0ffee02'], 1_000n);
    await op('pay an existing account', 'pay', ['0x00000000000000000000000000000000c0ffee02'], 1_000n);
  });

  it('storage transitions and their refunds', async () => {
    await op('storage: fresh slots', 'storage_', [10n]);
    await op('storage: the same slots again', 'storage_', [10n]);
  });

  it('creation, CREATE2 with value, and self-destruct (EIP-6780)', async () => {
    await op('create and create2', 'create', [1n], 4_000n);
    await op('create, destroy in the same call, destroy an older child', 'destroy', [], 1_000n);
  });

  it("Cancun's transient storage and MCOPY", async () => {
    await op('tstore/tload x20', 'transient_', [20n]);
    await op('mcopy 1 KiB', 'copy', [1024n]);
  });

  it('precompiles 0x01–0x09', async () => {
    await op('precompiles', 'precompiles');
  });

  it('nested calls, a failing static call, a caught revert, an INVALID inside a call', async () => {
    await op('nest 10 deep', 'nest', [10n]);
    await op('static call that writes', 'staticWrite');
    await op('caught revert after 5 writes', 'caughtRevert', [5n]);
    await op('INVALID inside a call', 'invalidInside');
  });

  it('priced rows on both engines: the fast interpreter and the library', () => {
    const rows = Object.values(engines);
    expect(rows.filter((r) => r.fast > 0 && r.library === 0).length).toBeGreaterThan(5);
    expect(rows.filter((r) => r.library > 0).length).toBeGreaterThan(5);
  });
});

describe('block context inside the EVM', () => {
  let probeAt: Hex;
  it("a transaction sees its own block's header: parent hash, base fee, gas price, coinbase, prevrandao, gas limit, time", async () => {
    const deployer = privateKeyToAccount(devKey(9));
    const { receipts } = await sendBoth(deployer, { data: probe.bytecode });
    const at = receipts.devnet.contractAddress!;
    probeAt = at;
    // A few blocks, so BLOCKHASH reaches a block other than genesis.
    for (let i = 0; i < 3; i++) await sendBoth(deployer, call(at, probe.abi, 'fill', [1n]));
    const raw = await sign(deployer, call(at, probe.abi, 'record', []), 200_000n);
    const hash = (await rpc(origins.devnet, 'eth_sendRawTransaction', [raw])) as Hex;
    const receipt = (await receiptOf(origins.devnet, hash)) as Receipt & {
      blockNumber: Hex;
      effectiveGasPrice: Hex;
    };
    const block = (await rpc(origins.devnet, 'eth_getBlockByNumber', [receipt.blockNumber, false])) as Record<
      string,
      Hex
    >;
    const log = receipt.logs[0]!;
    const { args } = decodeEventLog({
      abi: probe.abi,
      data: log.data,
      topics: log.topics as [Hex],
    }) as unknown as {
      args: {
        parentHash: Hex;
        baseFee: bigint;
        gasPrice: bigint;
        coinbase: Hex;
        prevrandao: bigint;
        gasLimit: bigint;
        timestamp: bigint;
        number: bigint;
      };
    };
    expect(args.number).toBe(BigInt(block.number!));
    expect(args.parentHash).toBe(block.parentHash);
    expect(args.parentHash).not.toBe(pad('0x00'));
    expect(args.baseFee).toBe(BigInt(block.baseFeePerGas!));
    expect(args.gasPrice).toBe(BigInt(receipt.effectiveGasPrice));
    expect(args.coinbase.toLowerCase()).toBe(block.miner);
    expect(toHex(args.prevrandao, { size: 32 })).toBe(block.mixHash);
    expect(args.gasLimit).toBe(BigInt(block.gasLimit!));
    expect(args.timestamp).toBe(BigInt(block.timestamp!));
  });

  it('a view reads the same base fee, gas price and gas limit', async () => {
    const [baseFee, gasPrice, gasLimit] = decodeFunctionResult({
      abi: probe.abi,
      functionName: 'fees',
      data: (await rpc(origins.devnet, 'eth_call', [
        { to: probeAt, data: encodeFunctionData({ abi: probe.abi, functionName: 'fees' }) },
        'latest',
      ])) as Hex,
    }) as [bigint, bigint, bigint];
    const head = (await rpc(origins.devnet, 'eth_getBlockByNumber', ['latest', false])) as Record<
      string,
      Hex
    >;
    expect(baseFee).toBe(BigInt(head.baseFeePerGas!));
    expect(gasPrice).toBe(GAS_PRICE);
    expect(gasLimit).toBe(BigInt(head.gasLimit!));
  });
});
