import { bytesToHex } from '@nftkit/primitives';
import type { DispatchContext } from '../../../context.js';
import { ETH_CHAIN_ID } from '../../../ethereum/transaction.js';
import { checksum } from '../../memo.js';
import { evmStorage } from '../../storage.js';
import { word32 } from '../../words.js';
import { DeadlineExceededError } from '../deadline.js';
import type { RunRequest, RunResult } from '../library/protocol.js';
import { interpret } from './interpreter.js';
import { jumpDestinations } from './jumps.js';

type Program = { code: Uint8Array; jumpdests: Uint8Array };

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
  /** Code and its jump analysis by code hash (the code of a hash never changes). */
  readonly #programs = new Map<string, Program>();
  /**
   * Contract functions (code hash and selector) whose last run reached an opcode left to the library: their next
   * runs go to the library directly instead of running twice.
   */
  readonly #leftToLibrary = new Set<string>();

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
    const address = checksum(bytesToHex(to));
    const evm = evmStorage(ctx.storage);
    const codeHash = evm.header(address).codeHash;
    if (!codeHash) return undefined;
    const hash = bytesToHex(codeHash);
    const fn = `${hash}:${bytesToHex(run.data.subarray(0, 4))}`;
    if (this.#leftToLibrary.has(fn)) return undefined;
    const program = this.#program(hash, () => evm.account(address).code);
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
        if (this.#leftToLibrary.size >= CACHE_LIMIT) this.#leftToLibrary.clear();
        this.#leftToLibrary.add(fn);
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

  #program(hash: string, read: () => Uint8Array): Program {
    let p = this.#programs.get(hash);
    if (!p) {
      const code = read();
      p = { code, jumpdests: jumpDestinations(code) };
      if (this.#programs.size >= CACHE_LIMIT) this.#programs.clear();
      this.#programs.set(hash, p);
    }
    return p;
  }
}
