import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { DeadlineExceededError, msLeft } from '../deadline.js';
import type { CoreOptions, RunRequest, RunResult, StateRequest } from './protocol.js';
import { ownRealm } from './realm.js';

/** The EVM core's script as `scripts/bundle.mjs` writes it beside the built module. */
export const CORE_SCRIPT = 'evmCore.js';
/**
 * Built-ins the core's script gets as parameters: a global read inside a vm context goes through the context's
 * interceptor (it looks in the sandbox object first), and the EVM reads `Uint8Array` and friends on every step.
 */
const BUILTINS = [
  'Array',
  'ArrayBuffer',
  'BigInt',
  'BigInt64Array',
  'BigUint64Array',
  'DataView',
  'Error',
  'Float64Array',
  'Int32Array',
  'JSON',
  'Map',
  'Math',
  'Number',
  'Object',
  'Promise',
  'RangeError',
  'Reflect',
  'Set',
  'String',
  'Symbol',
  'TypeError',
  'Uint16Array',
  'Uint32Array',
  'Uint8Array',
  'WeakMap',
  'globalThis',
];

export class EvmUnavailableError extends Error {
  readonly code = 'EVM_UNAVAILABLE';
}

/**
 * The core's script: built beside this module (the package build and the CLI bundle), or, from the TypeScript
 * sources (tests, tsx), built now by the same script that builds it there.
 */
function coreScript(): string {
  const built = new URL(`./${CORE_SCRIPT}`, import.meta.url);
  if (existsSync(built)) return readFileSync(built, 'utf8');
  const bundler = fileURLToPath(new URL('../../../../../scripts/bundle.mjs', import.meta.url));
  if (!import.meta.url.endsWith('.ts') || !existsSync(bundler))
    throw new EvmUnavailableError(`The EVM core (${CORE_SCRIPT}) is missing from the build`);
  const dir = mkdtempSync(join(tmpdir(), 'nftkit-evm-core-'));
  try {
    const out = join(dir, CORE_SCRIPT);
    execFileSync(process.execPath, [bundler, '--evm-core', out], { stdio: ['ignore', 'ignore', 'inherit'] });
    return readFileSync(out, 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

type Context = vm.Context & {
  host: { ask(req: StateRequest): unknown };
  options: CoreOptions;
  run?: (req: RunRequest) => Promise<RunResult>;
  request?: RunRequest;
  result?: RunResult;
  failure?: unknown;
};

const runScript = new vm.Script(
  'result = undefined; failure = undefined; run(request).then((r) => { result = r; }, (e) => { failure = e; });',
  { filename: 'nftkit-evm-run.js' },
);

/**
 * The core's script compiled once for the process: it is code, the same for every context (V8 shares its compiled
 * functions between them), and building it from the sources runs the bundler.
 */
let compiledCore: vm.Script | undefined;
function compiledCoreScript(): vm.Script {
  if (!compiledCore) {
    const params = BUILTINS.join(', ');
    compiledCore = new vm.Script(`(function (${params}) {\n${coreScript()}\n})(${params});`, {
      filename: CORE_SCRIPT,
    });
  }
  return compiledCore;
}

/**
 * The EVM library in a V8 context of its own, whose microtasks run as soon as a call into it returns
 * (`microtaskMode: 'afterEvaluate'`): the library's promises over a state that answers synchronously settle before
 * `run` returns, so a run completes inside a synchronous dispatch, in this thread, with no thread to wake. The
 * context starts on the first run; one whose run was stopped mid-way is dropped and the next run starts another.
 */
export class CoreContext {
  #context: Context | undefined;
  #handler: ((req: StateRequest) => unknown) | undefined;
  #hostError: { error: unknown } | undefined;

  constructor(readonly options: CoreOptions) {}

  #start(): Context {
    if (this.#context) return this.#context;
    const ctx = vm.createContext(
      {
        TextEncoder,
        TextDecoder,
        host: {
          ask: (req: StateRequest) => {
            const handler = this.#handler;
            if (!handler) throw new EvmUnavailableError('No EVM run is in progress');
            try {
              return handler(req);
            } catch (error) {
              this.#hostError ??= { error };
              throw error;
            }
          },
        },
        options: this.options,
      },
      { name: 'nftkit-evm', microtaskMode: 'afterEvaluate', codeGeneration: { strings: false, wasm: false } },
    ) as Context;
    compiledCoreScript().runInContext(ctx);
    vm.runInContext('createEvmCore(host, options).then((r) => { run = r; }, (e) => { failure = e; });', ctx);
    if (!ctx.run) throw new EvmUnavailableError(`The EVM did not start: ${String(ctx.failure)}`);
    this.#context = ctx;
    return ctx;
  }

  /**
   * Runs one execution to its end; `handle` answers its state requests (synchronously, from the runtime's storage).
   * Throws the handler's own error if it threw, `DeadlineExceededError` if `deadline` (`Date.now()` ms) passed, else
   * `EvmUnavailableError` if the run failed or did not finish synchronously.
   */
  run(request: RunRequest, handle: (req: StateRequest) => unknown, deadline?: number): RunResult {
    if (this.#handler) throw new EvmUnavailableError('An EVM run is already in progress');
    // A timeout starts a watchdog thread for the run, a cost a short call feels: only a run with a deadline (a
    // simulation) has one; a transaction's is bounded by its gas limit (at most 30 M).
    const ctx = this.#start();
    const timeout = deadline === undefined ? undefined : { timeout: Math.ceil(msLeft(deadline)) };
    this.#handler = handle;
    this.#hostError = undefined;
    ctx.request = request;
    try {
      runScript.runInContext(ctx, timeout);
    } catch (e) {
      // A run that threw out of the context stopped mid-way: its context is not reused.
      this.#context = undefined;
      if (timeout && (e as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
        throw new DeadlineExceededError();
      throw new EvmUnavailableError(`The EVM run was stopped: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      this.#handler = undefined;
      ctx.request = undefined;
    }
    const failedHost = this.#takeHostError();
    if (failedHost) throw failedHost.error;
    if (ctx.failure !== undefined) throw new EvmUnavailableError(`The EVM failed: ${describe(ctx.failure)}`);
    if (!ctx.result) {
      this.#context = undefined;
      throw new EvmUnavailableError('The EVM run did not finish');
    }
    return ownRealm(ctx.result) as RunResult;
  }

  /** The error the state handler threw during the run, if it did (set from inside the context's call). */
  #takeHostError(): { error: unknown } | undefined {
    const e = this.#hostError;
    this.#hostError = undefined;
    return e;
  }
}

function describe(e: unknown): string {
  return e !== null && typeof e === 'object' && 'message' in e ? String(e.message) : String(e);
}
