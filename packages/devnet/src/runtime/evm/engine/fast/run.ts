import { bytesToHex } from '@nftkit/primitives';
import type { DispatchContext } from '../../../context.js';
import { ETH_CHAIN_ID } from '../../../ethereum/transaction.js';
import { evmStorage } from '../../storage.js';
import { word32 } from '../../words.js';
import { DeadlineExceededError } from '../deadline.js';
import type { RunRequest, RunResult } from '../library/protocol.js';
import { interpret } from './interpreter.js';
import { jumpDestinations } from './jumps.js';

/**
 * A contract's code with its jump analysis, and its functions (by selector; by the calldata's hex when shorter than a
 * selector) whose last run reached an opcode left to the library: their next runs go to the library directly
 * instead of running twice.
 */
type Program = { code: Uint8Array; jumpdests: Uint8Array; leftToLibrary: Set<number | string> };

const CACHE_LIMIT = 1024;
/** The largest gas a run may have here: gas is counted in a double, exactly. */
const MAX_GAS = 2n ** 48n;

export type FastExecution = Pick<
  RunRequest,
  | 'kind'
  | 'caller'
  | 'to'
  | 'data'
  | 'value'
  | 'gasLimit'
  | 'blockNumber'
  | 'timestamp'
  | 'baseFee'
  | 'gasPrice'
  | 'accessList'
>;

/**
 * The fast interpreter with what it has learnt: each code's jump analysis, and the contract functions it leaves
 * to the library. An `EvmEngine` holds one.
 */
export class FastInterpreter {
  /**
   * Each contract's program, with the code hash it was made for: a run checks the account's code hash against it,
   * so new code (a test helper's `setCode`) is never run as the old.
   */
  readonly #programs = new Map<string, { codeHash: Uint8Array; program: Program }>();

  /**
   * Runs a call when it can: a call with no value to contract code (no create, nothing to move). Answers the result
   * as the library would, its slot writes for the runtime to apply; or undefined, having written nothing, when the
   * library must run it (an opcode the interpreter leaves to it).
   */
  run(ctx: DispatchContext, run: FastExecution): RunResult | undefined {
    // An access list warms accounts and slots beyond the callee's own: the library keeps that journal.
    if (
      run.kind !== 'call' ||
      !run.to ||
      run.value !== 0n ||
      run.gasLimit > MAX_GAS ||
      run.accessList.length > 0
    )
      return undefined;
    const to = run.to;
    // Lower-case hex: what the EVM storage keys accounts by.
    const address = bytesToHex(to);
    const evm = evmStorage(ctx.storage);
    const codeHash = evm.header(address).codeHash;
    if (!codeHash) return undefined;
    const program = this.#program(address, codeHash, () => evm.account(address).code);
    const fn = selectorOf(run.data);
    if (program.leftToLibrary.has(fn)) return undefined;
    // One object literal of fixed shape: spreading `program` and an optional `deadline` into it built a slow
    // object every run, which cost more than interpreting a small view call.
    const out = interpret({
      code: program.code,
      jumpdests: program.jumpdests,
      address: to,
      caller: run.caller,
      data: run.data,
      gasLimit: Number(run.gasLimit),
      blockNumber: run.blockNumber,
      timestamp: run.timestamp,
      chainId: BigInt(ETH_CHAIN_ID),
      baseFee: run.baseFee,
      gasPrice: run.gasPrice,
      slot: (key) => evm.slotWord(address, key),
      deadline: ctx.deadline,
    });
    if ('givenUp' in out) {
      if (out.givenUp === 'deadline') throw new DeadlineExceededError();
      if (out.givenUp === 'opcode') {
        if (program.leftToLibrary.size >= CACHE_LIMIT) program.leftToLibrary.clear();
        program.leftToLibrary.add(fn);
      }
      return undefined;
    }
    return {
      error: out.error,
      returnData: out.returnData,
      gasUsed: BigInt(out.gasUsed),
      gasRefund: BigInt(out.gasRefund),
      logs: out.logs,
      createdAddress: undefined,
      writes: out.writes.map(({ key, value }) => ({
        op: 'putStorage',
        address: to,
        key: word32(key),
        value: word32(value),
      })),
      needsRelay: false,
      consoleCalls: [],
    };
  }

  #program(address: string, codeHash: Uint8Array, read: () => Uint8Array): Program {
    const known = this.#programs.get(address);
    if (known && sameBytes(known.codeHash, codeHash)) return known.program;
    const code = read();
    const program = { code, jumpdests: jumpDestinations(code), leftToLibrary: new Set<number | string>() };
    if (this.#programs.size >= CACHE_LIMIT) this.#programs.clear();
    this.#programs.set(address, { codeHash, program });
    return program;
  }
}

/** A call's function: its selector as a number, or the calldata's hex when shorter than a selector. */
function selectorOf(data: Uint8Array): number | string {
  if (data.length < 4) return bytesToHex(data);
  return ((data[0]! << 24) | (data[1]! << 16) | (data[2]! << 8) | data[3]!) >>> 0;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
