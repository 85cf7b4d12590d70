import { DeadlineExceededError } from '../runtime/evm/engine/deadline.js';

/** geth's `--rpc.evmtimeout`: how long a simulation may take before it is stopped. */
export const DEFAULT_EVM_TIMEOUT_MS = 5000;

/** The longest pause between two simulations. */
const PAUSE_MS = 50;
/** A simulation shorter than this is followed by no pause. */
const SHORT_MS = 5;

/** A duration as Go prints one (`5s`, `250ms`, `1.5s`, `1m30s`), which is how geth's message gives the timeout. */
function goDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  const seconds = `${(ms % 60_000) / 1000}s`;
  if (hours > 0) return `${hours}h${minutes}m${seconds}`;
  if (minutes > 0) return `${minutes}m${seconds}`;
  return seconds;
}

const GO_UNITS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/**
 * A duration written as Go's `time.ParseDuration` reads it (`5s`, `250ms`, `1.5s`, `1m30s`; no sign), in whole
 * milliseconds rounded up (so a positive one is never 0, which would mean no deadline); undefined when it is not one.
 */
export function parseGoDuration(text: string): number | undefined {
  if (
    text.length > 64 ||
    !/^(\d+(\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)((\d+(\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h))*$/.test(text)
  )
    return text === '0' ? 0 : undefined;
  let ms = 0;
  for (const [, value, unit] of text.matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/g))
    ms += Number(value) * GO_UNITS[unit!]!;
  return Number.isFinite(ms) ? Math.ceil(ms) : undefined;
}

/**
 * A simulation stopped at its deadline, with geth's words for it (`execution aborted (timeout = 5s)`): the
 * JSON-RPC face answers them as geth does (-32000), the REST face as a 503.
 */
export class SimulationAbortedError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`execution aborted (timeout = ${goDuration(timeoutMs)})`);
  }
}

/**
 * Simulations (`eth_call`, `eth_estimateGas`, the estimate `eth_sendTransaction` makes, REST's `/evm/*\/call`) take
 * turns on the thread that also answers every client and produces blocks, and a 30 M-gas call is hundreds of
 * milliseconds of CPU. So
 * they run one at a time, with a pause after a long one: what arrived meanwhile — a block, a transaction,
 * `eth_blockNumber`, a health check — is served between two simulations, never behind all of them. And each has a
 * deadline, counted from the start of its run as geth counts it (geth has no queue: its calls share the cores): the
 * EVM stops a run there (`DeadlineExceededError`), so no simulation holds the others for longer than the deadline.
 * `timeoutMs` 0: no deadline (as geth's 0).
 */
export class SimulationTurns {
  #tail: Promise<void> = Promise.resolve();

  constructor(readonly timeoutMs: number = DEFAULT_EVM_TIMEOUT_MS) {
    if (!Number.isInteger(timeoutMs) || timeoutMs < 0)
      throw new RangeError(`the EVM timeout must be a whole number of milliseconds, got ${timeoutMs}`);
  }

  /**
   * Runs `body` in its turn with the simulation's deadline (`Date.now()` ms); a passed one is `SimulationAbortedError`.
   * `timeoutMs` (a trace's own `timeout`) shortens the node's deadline, never lengthens it: the node's bound is what
   * keeps one client from holding the others.
   */
  async run<T>(body: (deadline: number | undefined) => T, timeoutMs?: number): Promise<T> {
    const limit =
      timeoutMs === undefined || timeoutMs === 0
        ? this.timeoutMs
        : this.timeoutMs === 0
          ? timeoutMs
          : Math.min(timeoutMs, this.timeoutMs);
    const previous = this.#tail;
    let release = () => {};
    this.#tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: number | undefined;
    try {
      await previous;
      started = performance.now();
      return body(limit > 0 ? Date.now() + limit : undefined);
    } catch (e) {
      if (e instanceof DeadlineExceededError) throw new SimulationAbortedError(limit);
      throw e;
    } finally {
      // After a long one the next simulation waits as long as this one ran (at most PAUSE_MS), and the event loop
      // serves what arrived meanwhile: a request takes several turns of it (connection, headers, body, answer), so
      // one turn between two simulations left a poll behind the whole queue. A short one holds nobody: the next
      // goes at once (a pause of even 1 ms would cap the rate of small calls).
      const ran = started === undefined ? 0 : performance.now() - started;
      if (ran < SHORT_MS) release();
      else setTimeout(release, Math.min(ran, PAUSE_MS));
    }
  }
}
