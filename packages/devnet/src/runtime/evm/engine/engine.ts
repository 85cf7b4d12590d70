import { bytesToHex, hexToBytes, toChecksumEthereumAddress } from '@nftkit/primitives';
import type { Hex } from 'viem';
import { atomically } from '../../../storage/savepoint.js';
import type { BytecodeRunner, DispatchContext } from '../../context.js';
import { GAS_PRICE } from '../gas.js';
import type { AccessList } from '../intrinsic.js';
import { evmStorage } from '../storage.js';
import type { EvmMessage, EvmOutcome } from '../types.js';
import { FastInterpreter } from './fast/run.js';
import { EvmUnavailableError } from './library/context.js';
import { type Execution, LibraryEvm } from './library/library.js';
import type { RunResult } from './library/protocol.js';
import { addr, fromTuple, Session } from './session.js';

export { EvmUnavailableError };

export type EvmEngineOptions = {
  /**
   * Whether a call may run on the fast interpreter (default true). Without it every run goes to the library: the
   * differential tests run one engine of each kind and compare them.
   */
  fastInterpreter?: boolean;
};

/** `run` all or nothing, its runtime events too: a run that throws leaves neither writes nor events behind. */
function wholeRun<T>(ctx: DispatchContext, run: () => T): T {
  const events = ctx.events.length;
  try {
    return atomically(ctx.storage.db, run);
  } catch (e) {
    ctx.events.length = events;
    throw e;
  }
}

/** How many runs an engine gave each side since it was made. */
export type EvmRuns = { fastInterpreter: number; library: number };

/**
 * The EVM: runs contract bytecode (calls and deploys) over the runtime's state, all-or-nothing. The one place that
 * chooses how: a call with no value that stays inside its contract runs on the devnet's fast interpreter when it
 * can; anything else, or a call the interpreter gives up on, on `@ethereumjs/evm` (in a V8 context of its own),
 * which calls native contracts back through the runtime. Each engine keeps what it learns about contracts (their
 * jump analysis, which functions the interpreter leaves to the library, which contracts reach native ones); a
 * chain has one (`Chain.evm`), and every dispatch reaches it as `DispatchContext.evm`.
 */
export class EvmEngine implements BytecodeRunner {
  readonly #fast: FastInterpreter | undefined;
  readonly #library = new LibraryEvm();
  readonly #runs: EvmRuns = { fastInterpreter: 0, library: 0 };

  constructor(options: EvmEngineOptions = {}) {
    this.#fast = (options.fastInterpreter ?? true) ? new FastInterpreter() : undefined;
  }

  call(ctx: DispatchContext, msg: EvmMessage, gasLimit: bigint): EvmOutcome {
    const execution = callExecution(ctx, msg, gasLimit);
    const fast = this.#fastRun(ctx, execution);
    // The fast interpreter only reads; its slot writes come back as a list. One that wrote nothing has nothing to
    // make all-or-nothing, so it needs no savepoint.
    if (fast?.writes.length === 0) return outcomeOf(fast);
    return wholeRun(ctx, () => outcomeOf(fast ? this.#applied(ctx, fast) : this.#libraryRun(ctx, execution)));
  }

  /**
   * A call whose writes would be thrown away (a simulation), when it can be run without writing anything: on the
   * fast interpreter, which reads the state and hands its writes back instead of making them. The outcome is the
   * one {@link call} gives, with the database left as it was; undefined when the call must run for real (in a
   * savepoint the caller rolls back).
   */
  dryCall(ctx: DispatchContext, msg: EvmMessage, gasLimit: bigint): EvmOutcome | undefined {
    const fast = this.#fastRun(ctx, callExecution(ctx, msg, gasLimit));
    return fast && outcomeOf(fast);
  }

  create(
    ctx: DispatchContext,
    caller: string,
    init: Hex,
    value: bigint,
    gasLimit: bigint,
    accessList?: AccessList,
  ): EvmOutcome & { address: string } {
    return wholeRun(ctx, () => {
      const r = this.#run(
        ctx,
        execution(
          ctx,
          'create',
          hexToBytes(caller),
          undefined,
          hexToBytes(init),
          value,
          gasLimit,
          accessList,
        ),
      );
      const address = r.createdAddress
        ? addr(r.createdAddress)
        : toChecksumEthereumAddress(`0x${'0'.repeat(40)}`);
      if (r.error === undefined && r.createdAddress) {
        const s = evmStorage(ctx.storage);
        s.putAccount(address, { ...s.account(address), deployer: caller });
      }
      return { ...outcomeOf(r), address };
    });
  }

  /**
   * How many runs (calls and creates, transactions and simulations alike) each side took so far: a call the
   * interpreter gave up on counts for the library. What a benchmark reads to tell whether its figures are the fast
   * interpreter's.
   */
  get runs(): EvmRuns {
    return { ...this.#runs };
  }

  /**
   * The fast interpreter when it can run it, else the library. A traced run goes to the library always: it is the
   * engine that reports each step, so a trace never shows a run other than the one that happened.
   */
  #run(ctx: DispatchContext, run: Execution): RunResult {
    const fast = this.#fastRun(ctx, run);
    return fast ? this.#applied(ctx, fast) : this.#libraryRun(ctx, run);
  }

  /** The fast interpreter's run, having written nothing; undefined when it cannot take it, or the run is traced. */
  #fastRun(ctx: DispatchContext, run: Execution): RunResult | undefined {
    const fast = ctx.trace ? undefined : this.#fast?.run(ctx, run);
    if (fast) this.#runs.fastInterpreter++;
    return fast;
  }

  /** Makes a fast run's slot writes. */
  #applied(ctx: DispatchContext, fast: RunResult): RunResult {
    const session = new Session(ctx);
    for (const write of fast.writes) session.handle(write);
    return fast;
  }

  #libraryRun(ctx: DispatchContext, run: Execution): RunResult {
    const trace = ctx.trace;
    this.#runs.library++;
    const r = this.#library.run(ctx, trace ? { ...run, trace: trace.options } : run);
    if (trace && r.trace) trace.record(r.trace, { returnData: r.returnData, error: r.error });
    if (r.consoleCalls.length > 0) ctx.console?.(r.consoleCalls);
    return r;
  }
}

/** A call as the engines take it. */
function callExecution(ctx: DispatchContext, msg: EvmMessage, gasLimit: bigint): Execution {
  return execution(
    ctx,
    'call',
    hexToBytes(msg.caller),
    hexToBytes(msg.to),
    hexToBytes(msg.data),
    msg.value,
    gasLimit,
    msg.accessList,
  );
}

/**
 * A run as the engines take it, with what the EVM sees of the block: its number and time, the base fee the header
 * states and the gas price every transaction pays (both `GAS_PRICE`: the devnet has no tip). One object literal of
 * one shape: a spread built a slow object per call. A call's nonce was bumped by the pallet already; a create
 * bumps it in the EVM.
 */
function execution(
  ctx: DispatchContext,
  kind: Execution['kind'],
  caller: Uint8Array,
  to: Uint8Array | undefined,
  data: Uint8Array,
  value: bigint,
  gasLimit: bigint,
  accessList: AccessList | undefined,
): Execution {
  return {
    kind,
    caller,
    to,
    data,
    value,
    gasLimit,
    blockNumber: BigInt(ctx.blockNumber),
    timestamp: BigInt(Math.floor(ctx.timestamp / 1000)),
    baseFee: GAS_PRICE,
    gasPrice: GAS_PRICE,
    accessList: accessListBytes(accessList),
    skipNonceIncrement: kind === 'call',
  };
}

function accessListBytes(list: AccessList | undefined): Execution['accessList'] {
  return (list ?? []).map((e) => ({
    address: hexToBytes(e.address),
    storageKeys: e.storageKeys.map((k) => hexToBytes(k)),
  }));
}

function outcomeOf(r: RunResult): EvmOutcome {
  if (r.error === undefined)
    return {
      ok: true,
      returnData: bytesToHex(r.returnData) as Hex,
      logs: r.logs.map(fromTuple),
      gasUsed: r.gasUsed,
      gasRefund: r.gasRefund,
    };
  return {
    ok: false,
    returnData: bytesToHex(r.returnData) as Hex,
    reason: r.error === 'revert' ? revertText(r.returnData) : r.error,
    gasUsed: r.gasUsed,
    gasRefund: 0n,
  };
}

/** `Error(string)` revert data as its text, else a generic "revert". */
function revertText(data: Uint8Array): string {
  if (data.length >= 68 && bytesToHex(data.subarray(0, 4)) === '0x08c379a0') {
    const len = Number(BigInt(bytesToHex(data.subarray(36, 68))));
    if (68 + len <= data.length) return new TextDecoder().decode(data.subarray(68, 68 + len));
  }
  return 'revert';
}
