import { bytesToHex, hexToBytes } from '@nftkit/primitives';
import fc from 'fast-check';
import { encodeDeployData, encodeFunctionData, type Hex } from 'viem';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Chain } from '../src/chain/chain.js';
import { ETH_DEV_ACCOUNTS } from '../src/chain/ethDevAccounts.js';
import { loadWasmCrypto } from '../src/crypto/wasm.js';
import type { DispatchContext } from '../src/runtime/context.js';
import { EvmEngine } from '../src/runtime/evm/engine/engine.js';
import { type FastExecution, FastInterpreter } from '../src/runtime/evm/engine/fast/run.js';
import { GAS_PRICE } from '../src/runtime/evm/gas.js';
import { evmStorage } from '../src/runtime/evm/storage.js';
import { alice } from './helpers/accounts.js';
import { makeChain } from './helpers/chain.js';
import { contract, probeContract } from './helpers/evm.js';

// The fast interpreter against the library it stands in for: the same call, on the same state, must give the
// same outcome (success, return data, logs, gas) and leave the same slots, whichever of the two ran it.
let chain: Chain;
let ctx: DispatchContext;
const [deployer, holder, spender] = ETH_DEV_ACCOUNTS.map(([address]) => address as Hex);
const t20 = contract('Token20');
let token: string;
// Two engines over the same state: the chain's own, which takes the fast path when it can, and one that runs every
// call on the library. A third interpreter only answers whether the fast path would take a call.
const fastEngine = new EvmEngine();
const libraryEngine = new EvmEngine({ fastInterpreter: false });
const probe = new FastInterpreter();

beforeAll(async () => {
  // KECCAK256 runs in wasm from here on, as in a running devnet (test/keccak.test.ts compares it with noble's).
  expect(await loadWasmCrypto()).toBe(true);
  chain = makeChain();
  ctx = {
    storage: chain.storage,
    origin: alice.address,
    blockNumber: 1,
    timestamp: 1_700_000_000_000,
    events: [],
    evm: fastEngine,
  };
  const created = fastEngine.create(
    ctx,
    deployer!,
    encodeDeployData({ abi: t20.abi, bytecode: t20.bytecode, args: ['Fast', 10n ** 24n] }),
    0n,
    5_000_000n,
  );
  if (!created.ok) throw new Error('deploy failed');
  token = created.address;
});

const slotsOf = (address: string) =>
  chain.storage.db
    .prepare('SELECT hex(slot) AS slot, hex(value) AS value FROM evm_storage WHERE address = ? ORDER BY slot')
    .all(address.toLowerCase());

const execution = (caller: string, to: string, data: Hex, gasLimit: bigint): FastExecution => ({
  kind: 'call',
  caller: hexToBytes(caller),
  to: hexToBytes(to),
  data: hexToBytes(data),
  value: 0n,
  gasLimit,
  blockNumber: 1n,
  timestamp: 1_700_000_000n,
  baseFee: GAS_PRICE,
  gasPrice: GAS_PRICE,
  accessList: [],
});

/** The call run by the library and by the fast path, each on the same state (the first rolled back). */
function both(caller: string, to: string, data: Hex, gasLimit = 1_000_000n) {
  const db = chain.storage.db;
  const msg = { caller, to, data, value: 0n, isStatic: false };
  const runWith = (engine: EvmEngine) => {
    db.exec('SAVEPOINT differential');
    try {
      return { outcome: engine.call({ ...ctx, evm: engine }, msg, gasLimit), slots: slotsOf(to) };
    } finally {
      db.exec('ROLLBACK TO differential');
      db.exec('RELEASE differential');
    }
  };
  const tookFastPath = probe.run(ctx, execution(caller, to, data, gasLimit)) !== undefined;
  return { library: runWith(libraryEngine), fast: runWith(fastEngine), tookFastPath };
}

function expectSame(caller: string, to: string, data: Hex, gasLimit?: bigint) {
  const r = both(caller, to, data, gasLimit);
  expect(r.fast).toEqual(r.library);
  return r;
}

const call = (functionName: string, args: unknown[] = []) =>
  encodeFunctionData({ abi: t20.abi, functionName, args } as never);

describe('fast interpreter: an ERC-20 contract', () => {
  it('transfers, approvals, reads and reverts match the library', () => {
    const cases: [string, Hex][] = [
      [deployer!, call('transfer', [holder, 1000n])],
      [deployer!, call('transfer', [deployer, 5n])],
      [deployer!, call('transfer', [holder, 0n])],
      [holder!, call('transfer', [deployer, 1n])], // no balance: reverts with a reason
      [deployer!, call('approve', [spender, 77n])],
      [spender!, call('transferFrom', [deployer, holder, 1n])], // no allowance yet
      [deployer!, call('balanceOf', [deployer])],
      [deployer!, call('totalSupply')],
      [deployer!, call('name')],
      [deployer!, call('allowance', [deployer, spender])],
      [deployer!, '0xdeadbeef'], // no such function
      [deployer!, '0x'],
    ];
    for (const [caller, data] of cases) {
      const r = expectSame(caller, token, data);
      expect(r.tookFastPath).toBe(true);
    }
  });

  it('state carried between calls: a transfer, then transfers of what was received, then an allowance spent', () => {
    const db = chain.storage.db;
    db.exec('SAVEPOINT carried');
    try {
      const steps: [string, Hex][] = [
        [deployer!, call('transfer', [holder, 500n])],
        [holder!, call('transfer', [spender, 200n])],
        [holder!, call('approve', [spender, 100n])],
        [spender!, call('transferFrom', [holder, deployer, 60n])],
        [spender!, call('transferFrom', [holder, deployer, 60n])], // over the allowance left
        [spender!, call('transfer', [holder, 200n])], // back to zero: a slot cleared
      ];
      for (const [caller, data] of steps) {
        expectSame(caller, token, data);
        fastEngine.call(ctx, { caller, to: token, data, value: 0n, isStatic: false }, 1_000_000n);
      }
    } finally {
      db.exec('ROLLBACK TO carried');
      db.exec('RELEASE carried');
    }
  });

  it('every gas limit around what a transfer needs gives the library’s outcome, out of gas included', () => {
    const data = call('transfer', [holder, 3n]);
    const used = both(deployer!, token, data).library.outcome.gasUsed;
    let outOfGas = 0;
    for (let gas = used - 40n; gas <= used + 40n; gas++) {
      const r = expectSame(deployer!, token, data, gas);
      expect(r.tookFastPath).toBe(true);
      if (!r.library.outcome.ok) outOfGas++;
    }
    for (const gas of [0n, 1n, 100n, 2300n, 2301n, 5000n, 22_000n, 25_000n]) {
      const r = expectSame(deployer!, token, data, gas);
      expect(r.library.outcome).toMatchObject({ ok: false, reason: 'out of gas', gasUsed: gas });
    }
    expect(outOfGas).toBe(40);
  });
});

/** Bytecode from opcodes and PUSH data. */
const asm = (...parts: (number | number[])[]) => new Uint8Array(parts.flat());
const push32 = (v: bigint) => [0x7f, ...hexToBytes(`0x${v.toString(16).padStart(64, '0')}`)];

let deployed = 0;
/** A contract with `code` and `slots` (key → value), at a fresh address. */
function deploy(code: Uint8Array, slots: [bigint, bigint][] = []): string {
  const address = `0x${(0xfa57_0000 + ++deployed).toString(16).padStart(40, '0')}`;
  const evm = evmStorage(chain.storage);
  evm.putAccount(address, { nonce: 1n, code, deployer: null });
  for (const [k, v] of slots)
    evm.putSlot(
      address,
      hexToBytes(`0x${k.toString(16).padStart(64, '0')}`),
      hexToBytes(`0x${v.toString(16).padStart(64, '0')}`),
    );
  return address;
}

describe('fast interpreter: every opcode it runs', () => {
  const WORDS = [
    0n,
    1n,
    2n,
    3n,
    7n,
    31n,
    32n,
    33n,
    255n,
    256n,
    2n ** 64n,
    2n ** 128n + 5n,
    2n ** 255n,
    2n ** 255n - 1n,
    2n ** 256n - 1n,
    2n ** 256n - 2n,
    0x1234_5678_9abc_def0n,
  ];
  const word = fc.oneof(fc.constantFrom(...WORDS), fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }));
  const small = fc.integer({ min: 0, max: 200 }).map(BigInt);
  /** A memory offset: mostly near the start, sometimes far enough that memory's quadratic cost counts. */
  const offset = fc.oneof({ arbitrary: small, weight: 3 }, fc.integer({ min: 0, max: 40_000 }).map(BigInt));
  /** Opcodes with their inputs: computed ones take any word, memory and storage ones small offsets and keys. */
  const ARITH = [
    0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15,
    0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d,
  ];
  const ARGS: Record<number, number> = { 8: 3, 9: 3, 21: 1, 25: 1 };
  // Each result is stored and logged (LOG0 of memory 0..32), so the outcome shows every one.
  const logged = [0x60, 0, 0x52, 0x60, 32, 0x60, 0, 0xa0];
  const step = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(fc.constantFrom(...ARITH), fc.array(word, { minLength: 3, maxLength: 3 }))
        .map(([op, args]) => [...args.slice(0, ARGS[op] ?? 2).flatMap(push32), op, ...logged]),
    },
    fc.tuple(offset, word).map(([o, v]) => [...push32(v), ...push32(o), 0x52]), // MSTORE
    fc.tuple(small, word).map(([o, v]) => [...push32(v), ...push32(o), 0x53]), // MSTORE8
    offset.map((o) => [...push32(o), 0x51, ...logged]), // MLOAD
    fc.tuple(offset, small).map(([o, s]) => [...push32(s), ...push32(o), 0x20, ...logged]), // KECCAK256
    fc.tuple(fc.integer({ min: 0, max: 3 }), word).map(([k, v]) => [...push32(v), 0x60, k, 0x55]), // SSTORE
    fc.integer({ min: 0, max: 3 }).map((k) => [0x60, k, 0x54, ...logged]), // SLOAD
    fc.tuple(fc.integer({ min: 0, max: 3 }), word).map(([k, v]) => [...push32(v), 0x60, k, 0x5d]), // TSTORE
    fc.integer({ min: 0, max: 3 }).map((k) => [0x60, k, 0x5c, ...logged]), // TLOAD
    fc.tuple(small, small, small).map(([d, s, n]) => [...push32(n), ...push32(s), ...push32(d), 0x5e]), // MCOPY
    fc
      .tuple(fc.constantFrom(0x37, 0x39), offset, small, small)
      .map(([op, d, s, n]) => [...push32(n), ...push32(s), ...push32(d), op]), // CALLDATACOPY CODECOPY
    small.map((i) => [...push32(i), 0x35, ...logged]), // CALLDATALOAD
    fc
      .tuple(fc.integer({ min: 0, max: 4 }), small, small, fc.array(word, { minLength: 4, maxLength: 4 }))
      .map(([n, o, s, topics]) => [
        ...topics.slice(0, n).flatMap(push32),
        ...push32(s),
        ...push32(o),
        0xa0 + n,
      ]),
    // An opcode with whatever the stack holds, so some are short of it.
    fc.constantFrom(0x01, 0x02, 0x15, 0x50, 0x80, 0x8f, 0x90, 0x9f, 0x56, 0x57, 0x5c, 0x5d),
    // Everything the environment gives but TIMESTAMP (the runner reads the clock, which may tick between the runs).
    fc
      .constantFrom(
        0x30,
        0x32,
        0x33,
        0x34,
        0x36,
        0x38,
        0x3a,
        0x3d,
        0x41,
        0x43,
        0x44,
        0x45,
        0x46,
        0x48,
        0x58,
        0x59,
        0x5a,
        0x5f,
      )
      .map((op) => [op, ...logged]),
    // DUPn and SWAPm over n distinct words, the top stored.
    fc
      .tuple(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 1, max: 16 }))
      .map(([n, m]) => [
        ...Array.from({ length: n }, (_, i) => [0x60, i + 1]).flat(),
        0x7f + n,
        0x8f + Math.min(m, n),
        ...logged,
        ...Array(n).fill(0x50),
      ]),
  );
  const ending = fc.oneof(
    fc.tuple(small, small).map(([o, s]) => [...push32(s), ...push32(o), 0xf3]),
    fc.tuple(small, small).map(([o, s]) => [...push32(s), ...push32(o), 0xfd]),
    fc.constant([0x00]),
    fc.constant([]),
  );

  it('random programs give the library’s outcome, gas and slots', () => {
    let ran = 0;
    let runs = 0;
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 12 }),
        ending,
        fc.uint8Array({ maxLength: 80 }),
        fc.oneof({ arbitrary: fc.constant(2_000_000n), weight: 4 }, fc.bigInt({ min: 0n, max: 30_000n })),
        (steps, end, calldata, gasLimit) => {
          const code = asm(...steps.flat(), ...end);
          const address = deploy(code, [
            [1n, 5n],
            [2n, 2n ** 200n],
          ]);
          const r = expectSame(deployer!, address, bytesToHex(calldata) as Hex, gasLimit);
          runs++;
          if (r.tookFastPath) ran++;
        },
      ),
      { numRuns: 1000 },
    );
    // Nearly all of them run on the fast path, halts included.
    expect(ran).toBeGreaterThan(runs * 0.9);
  });

  it('a loop with jumps, and a jump into PUSH data (a halt, left to the library)', () => {
    // i = 10; do { sum += i; i -= 1 } while (i); return sum  (i at memory 0, sum at 32)
    const loop = asm(
      [0x60, 10, 0x60, 0, 0x52],
      [0x5b], // 5
      [0x60, 0, 0x51, 0x60, 32, 0x51, 0x01, 0x60, 32, 0x52],
      [0x60, 1, 0x60, 0, 0x51, 0x03, 0x60, 0, 0x52],
      [0x60, 0, 0x51, 0x60, 5, 0x57],
      [0x60, 32, 0x60, 32, 0xf3],
    );
    const looped = expectSame(deployer!, deploy(loop), '0x');
    expect(looped.library.outcome.ok).toBe(true);
    expect(BigInt(looped.fast.outcome.returnData)).toBe(55n);
    expect(looped.tookFastPath).toBe(true);
    const intoData = deploy(asm([0x60, 4, 0x56, 0x60, 0x5b, 0x00]));
    const r = expectSame(deployer!, intoData, '0x');
    expect(r.tookFastPath).toBe(true);
    expect(r.library.outcome).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^invalid JUMP at 0x[0-9a-f]{64}\/0x0+fa57[0-9a-f]+:2$/),
    });
  });

  it('copies past the end of calldata or code write zeros over what memory held', () => {
    for (const copy of [0x37, 0x39]) {
      // mem[0..32] = all ones; copy 32 bytes from 2 bytes before the end of the calldata (or code); return them
      const code = asm(
        push32(2n ** 256n - 1n),
        [0x60, 0, 0x52],
        [0x60, 32, 0x60, 0, 0x60, 0, copy],
        [0x60, 32, 0x60, 0, 0xf3],
      );
      const source = copy === 0x37 ? hexToBytes('0xaabbccdd') : code;
      code[code.length - 9] = source.length - 2;
      const r = expectSame(deployer!, deploy(code), '0xaabbccdd');
      expect(r.tookFastPath).toBe(true);
      const out = hexToBytes(r.fast.outcome.returnData);
      expect(out.subarray(0, 2)).toEqual(source.subarray(source.length - 2));
      expect(out.subarray(2)).toEqual(new Uint8Array(30));
    }
  });

  it('answers exceptional halts as the library does: stack, invalid opcode, out-of-range return data', () => {
    const programs: [Uint8Array, string][] = [
      [asm([0x01]), 'stack underflow'], // ADD on an empty stack
      [asm(Array(1025).fill(0x5f)), 'stack overflow'],
      [asm([0xfe]), 'invalid opcode'],
      [asm([0x60, 1, 0x60, 0, 0x60, 0, 0x3e, 0x00]), 'out of gas'], // RETURNDATACOPY past the (empty) return data
      [asm(push32(2n ** 40n), [0x51]), 'out of gas'], // MLOAD far beyond what gas buys
    ];
    for (const [code, reason] of programs) {
      const r = expectSame(deployer!, deploy(code), '0x', 100_000n);
      expect(r.tookFastPath).toBe(true);
      expect(r.library.outcome).toMatchObject({ ok: false, reason, gasUsed: 100_000n });
    }
    // SSTORE needs more than 2 300 gas left (EIP-2200), even for a 100-gas write of the value already there.
    const noop = deploy(asm([0x60, 0, 0x54, 0x50], [0x60, 0, 0x60, 0, 0x55, 0x00]));
    const atSentry = expectSame(deployer!, noop, '0x', 2105n + 6n + 2300n);
    expect(atSentry.fast.outcome).toMatchObject({ ok: false, reason: 'out of gas' });
    const above = expectSame(deployer!, noop, '0x', 2105n + 6n + 2301n);
    expect(above.fast.outcome).toMatchObject({ ok: true, gasUsed: 2105n + 6n + 100n });
    // JUMPI's halt, named as the library names it (code hash, contract, offset).
    const r = expectSame(deployer!, deploy(asm([0x60, 1, 0x60, 9, 0x57])), '0x', 100_000n);
    expect(r.tookFastPath).toBe(true);
    expect(r.fast.outcome).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^invalid JUMP at .*:4$/),
    });
  });

  it('leaves to the library what it does not run: calls, balances, undefined opcodes, a short stack under dynamic gas', () => {
    const programs = [
      asm([0x60, 0, 0x60, 0, 0x60, 0, 0x60, 0, 0x60, 0, 0x30, 0x5a, 0xf1, 0x00]), // CALL to itself
      asm([0x30, 0x31, 0x00]), // BALANCE
      asm([0x47, 0x00]), // SELFBALANCE
      asm([0x0c]), // undefined opcode
      asm([0x60, 0, 0x52]), // MSTORE with one word: its gas is worked out before its stack is found short
    ];
    for (const code of programs) {
      const r = expectSame(deployer!, deploy(code), '0x', 100_000n);
      expect(r.tookFastPath).toBe(false);
    }
  });

  it('an engine built without the fast interpreter never asks it; the chain’s engine does', () => {
    const run = vi.spyOn(FastInterpreter.prototype, 'run');
    const msg = {
      caller: deployer!,
      to: token,
      data: call('balanceOf', [deployer]),
      value: 0n,
      isStatic: false,
    };
    try {
      expect(libraryEngine.call({ ...ctx, evm: libraryEngine }, msg, 1_000_000n).ok).toBe(true);
      expect(run).not.toHaveBeenCalled();
      expect(chain.evm.call({ ...ctx, evm: chain.evm }, msg, 1_000_000n).ok).toBe(true);
      expect(run).toHaveBeenCalledTimes(1);
    } finally {
      run.mockRestore();
    }
  });
});

describe('fast interpreter: refunds and the block context', () => {
  it('slot clears, slots put back and fee opcodes earn the same refunds and values as in the library', () => {
    const gasProbe = probeContract();
    const db = chain.storage.db;
    db.exec('SAVEPOINT refunds');
    try {
      const created = fastEngine.create(ctx, deployer!, gasProbe.bytecode, 0n, 5_000_000n);
      expect(created.ok).toBe(true);
      const at = created.address;
      const probeCall = (functionName: string, args: unknown[] = []) =>
        encodeFunctionData({ abi: gasProbe.abi, functionName, args } as never);
      fastEngine.call(
        ctx,
        { caller: deployer!, to: at, data: probeCall('fill', [20n]), value: 0n, isStatic: false },
        5_000_000n,
      );
      const cases: Hex[] = [
        probeCall('clear', [20n]),
        probeCall('clear', [3n]),
        probeCall('touch', [3n]),
        probeCall('touch', [30n]),
        probeCall('fill', [25n]),
        probeCall('fees'),
      ];
      for (const data of cases) {
        const r = expectSame(deployer!, at, data, 5_000_000n);
        expect(r.tookFastPath, data).toBe(true);
      }
      const cleared = expectSame(deployer!, at, probeCall('clear', [20n]), 5_000_000n);
      expect(cleared.fast.outcome.gasRefund).toBe(20n * 4800n);
      const fees = expectSame(deployer!, at, probeCall('fees'), 5_000_000n);
      expect(fees.fast.outcome.returnData).toBe(
        `0x${[GAS_PRICE, GAS_PRICE, 30_000_000n].map((v) => v.toString(16).padStart(64, '0')).join('')}`,
      );
    } finally {
      db.exec('ROLLBACK TO refunds');
      db.exec('RELEASE refunds');
    }
  });
});
