import { bytesToHex } from '@nftkit/primitives';
import type { DispatchContext } from '../../../context.js';
import { ETH_CHAIN_ID } from '../../../ethereum/transaction.js';
import { checksum } from '../../memo.js';
import { evmStorage } from '../../storage.js';
import type { RunRequest, RunResult } from '../library/protocol.js';
import { interpret } from './interpreter.js';
import { jumpDestinations } from './jumps.js';
import { word32 } from './words.js';

type Program = { code: Uint8Array; jumpdests: Uint8Array };

const CACHE_LIMIT = 1024;
/** Code and its jump analysis by code hash (the code of a hash never changes). */
const programs = new Map<string, Program>();
/**
 * Contract functions (code hash and selector) whose last run reached an opcode left to the library: their next
 * runs go to the library directly instead of running twice.
 */
const leftToLibrary = new Set<string>();
/** The largest gas a run may have here: gas is counted in a double, exactly. */
const MAX_GAS = 2n ** 48n;

export type FastExecution = Pick<
  RunRequest,
  'kind' | 'caller' | 'to' | 'data' | 'value' | 'gasLimit' | 'blockNumber' | 'timestamp'
>;

/**
 * Runs a call on the fast interpreter when it can: a call with no value to contract code (no create, nothing to
 * move). Answers the result as the library would, its slot writes for the runtime to apply; or undefined, having
 * written nothing, when the library must run it (an opcode the interpreter leaves to it).
 */
export function runFast(ctx: DispatchContext, run: FastExecution): RunResult | undefined {
  if (run.kind !== 'call' || !run.to || run.value !== 0n || run.gasLimit > MAX_GAS) return undefined;
  const to = run.to;
  const address = checksum(bytesToHex(to));
  const evm = evmStorage(ctx.storage);
  const codeHash = evm.header(address).codeHash;
  if (!codeHash) return undefined;
  const hash = bytesToHex(codeHash);
  const fn = `${hash}:${bytesToHex(run.data.subarray(0, 4))}`;
  if (leftToLibrary.has(fn)) return undefined;
  const program = programOf(hash, () => evm.account(address).code);
  const out = interpret({
    ...program,
    address: to,
    caller: run.caller,
    data: run.data,
    gasLimit: Number(run.gasLimit),
    blockNumber: run.blockNumber,
    timestamp: run.timestamp,
    chainId: BigInt(ETH_CHAIN_ID),
    slot: (key) => evm.slot(address, key),
  });
  if ('givenUp' in out) {
    if (out.givenUp === 'opcode') {
      if (leftToLibrary.size >= CACHE_LIMIT) leftToLibrary.clear();
      leftToLibrary.add(fn);
    }
    return undefined;
  }
  return {
    error: out.error,
    returnData: out.returnData,
    gasUsed: BigInt(out.gasUsed),
    logs: out.logs,
    createdAddress: undefined,
    writes: out.writes.map(({ key, value }) => ({
      op: 'putStorage',
      address: to,
      key: word32(key),
      value: word32(value),
    })),
    needsRelay: false,
  };
}

function programOf(hash: string, read: () => Uint8Array): Program {
  let p = programs.get(hash);
  if (!p) {
    const code = read();
    p = { code, jumpdests: jumpDestinations(code) };
    if (programs.size >= CACHE_LIMIT) programs.clear();
    programs.set(hash, p);
  }
  return p;
}
