import { bytesToHex, hexToBytes as hexBytes } from '@nftkit/primitives';
import type { Hex } from 'viem';
import { parseGoDuration } from '../chain/simulationTurns.js';
import { serverError } from '../jsonRpc/errors.js';
import type { TraceRecorder } from '../runtime/context.js';
import type {
  RunTrace,
  StructLog,
  TraceFrame,
  TraceLog,
  TraceOptions,
} from '../runtime/evm/engine/library/protocol.js';
import { quantity } from './format.js';
import type { Params } from './params.js';

/** What a struct log may weigh (its JSON, estimated while it is recorded) before the trace is refused. */
export const MAX_STRUCT_LOG_BYTES = 32 * 1024 * 1024;

/**
 * geth's tracers the devnet has: the struct logger (no `tracer`) and `callTracer`; `timeoutMs` the trace's own
 * `timeout`, when it gave one.
 */
export type TraceConfig = { timeoutMs?: number } & (
  | {
      tracer: 'structLogger';
      stack: boolean;
      memory: boolean;
      storage: boolean;
      returnData: boolean;
      limit: number;
    }
  | { tracer: 'callTracer'; onlyTopCall: boolean; withLog: boolean }
);

const STRUCT_FIELDS = [
  'disableStorage',
  'disableStack',
  'enableMemory',
  'enableReturnData',
  'disableMemory',
  'disableReturnData',
] as const;

/**
 * The options argument `i` of the `debug_trace*` methods (geth's `TraceConfig`): `tracer` (`callTracer`, or none
 * for the struct logger), `tracerConfig` (`onlyTopCall`, `withLog`), the struct logger's `disableStorage`, `disableStack`,
 * `enableMemory`, `enableReturnData`, `limit` (Hardhat's `disableMemory` is taken too). A value of the wrong type is
 * -32602 naming it; an unknown tracer is geth's -32000 naming it. `timeout` is a Go duration (`"500ms"`, `"2s"`),
 * which can shorten the node's deadline but not lengthen it (`SimulationTurns.run`); `reexec` is left alone, as
 * geth leaves fields it does not use.
 */
export function parseTraceConfig(p: Params, i: number, name = 'options'): TraceConfig {
  const o = p.has(i) ? p.object(i, name) : {};
  const timeoutMs = traceTimeout(p, i, name, o.timeout);
  const config = tracerConfig(p, i, name, o);
  return timeoutMs === undefined ? config : { ...config, timeoutMs };
}

function traceTimeout(p: Params, i: number, name: string, value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  const ms = typeof value === 'string' ? parseGoDuration(value) : undefined;
  if (ms === undefined) p.fail(i, name, 'timeout: expected a duration such as "5s" or "500ms"');
  return ms;
}

function tracerConfig(p: Params, i: number, name: string, o: Record<string, unknown>): TraceConfig {
  const bool = (field: string): boolean => {
    const v = o[field];
    if (v === undefined || v === null) return false;
    if (typeof v !== 'boolean') p.fail(i, name, `${field}: expected true or false`);
    return v;
  };
  const tracer = o.tracer;
  if (tracer !== undefined && tracer !== null && typeof tracer !== 'string')
    p.fail(i, name, 'tracer: expected a tracer name');
  const config = o.tracerConfig;
  if (config !== undefined && config !== null && (typeof config !== 'object' || Array.isArray(config)))
    p.fail(i, name, 'tracerConfig: expected an object');
  const cfg = (config ?? {}) as Record<string, unknown>;
  if (tracer === undefined || tracer === null || tracer === '') {
    for (const f of STRUCT_FIELDS) bool(f);
    const limit = o.limit ?? 0;
    if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 0)
      p.fail(i, name, 'limit: expected a whole number of steps');
    return {
      tracer: 'structLogger',
      stack: !bool('disableStack'),
      memory: bool('enableMemory'),
      storage: !bool('disableStorage'),
      returnData: bool('enableReturnData'),
      limit,
    };
  }
  if (tracer === 'callTracer') {
    for (const [field, v] of Object.entries(cfg)) {
      if (v === undefined || v === null) continue;
      if (field !== 'onlyTopCall' && field !== 'withLog')
        p.fail(i, name, `tracerConfig.${field.slice(0, 40)}: unknown field`);
      if (typeof v !== 'boolean') p.fail(i, name, `tracerConfig.${field}: expected true or false`);
    }
    return { tracer: 'callTracer', onlyTopCall: cfg.onlyTopCall === true, withLog: cfg.withLog === true };
  }
  throw serverError(
    `tracer not found: ${tracer.slice(0, 64)} (the devnet has the default struct logger and callTracer)`,
  );
}

/** What the EVM is asked to record for a config. */
export function traceOptions(config: TraceConfig): TraceOptions {
  if (config.tracer === 'callTracer') return { calls: true, callLogs: config.withLog };
  return {
    structLogs: {
      stack: config.stack,
      memory: config.memory,
      storage: config.storage,
      returnData: config.returnData,
      limit: config.limit > 0 ? config.limit : Number.MAX_SAFE_INTEGER,
      maxBytes: MAX_STRUCT_LOG_BYTES,
    },
  };
}

/** Keeps what a traced run recorded: the last (outermost) run's trace and outcome. */
export class TraceCollector implements TraceRecorder {
  trace: RunTrace | undefined;
  outcome: { returnData: Uint8Array; error: string | undefined } | undefined;
  constructor(readonly options: TraceOptions) {}
  record(trace: RunTrace, outcome: { returnData: Uint8Array; error: string | undefined }): void {
    this.trace = trace;
    this.outcome = outcome;
  }
}

/** A transaction (or call) as traced: its request, and what it came to. */
export type TracedRun = {
  from: string;
  to: string | null;
  value: bigint;
  input: Hex;
  /** The gas limit, and the gas charged (intrinsic gas included, refund taken off). */
  gas: bigint;
  gasUsed: bigint;
  ok: boolean;
  returnData: Hex;
  /** The EVM's error when it failed (`revert`, `out of gas`, …). */
  error: string | undefined;
  createdAddress: string | null;
};

/** geth's and Hardhat's struct logger answer. */
export type StructLoggerResult = {
  gas: number;
  failed: boolean;
  returnValue: Hex | '';
  structLogs: StructLog[];
};

/** A struct logger's answer: a trace that passed the size bound is refused, never cut short unannounced. */
export function structLoggerResult(run: TracedRun, trace: RunTrace | undefined): StructLoggerResult {
  if (trace?.overflow)
    throw serverError(
      `trace too large: the struct logs passed ${MAX_STRUCT_LOG_BYTES / 1024 / 1024} MiB after ${trace.structLogs.length} steps; trace again with a "limit", or with "disableStack" / "disableStorage"`,
    );
  return {
    gas: Number(run.gasUsed),
    failed: !run.ok,
    // Hardhat's node answers an empty return value as an empty string.
    returnValue: run.returnData === '0x' ? '' : run.returnData,
    structLogs: trace?.structLogs ?? [],
  };
}

/** geth's `callTracer` frame. */
export type CallFrame = {
  type: string;
  from: string;
  to?: string;
  value?: Hex;
  gas: Hex;
  gasUsed: Hex;
  input: Hex;
  output?: Hex;
  error?: string;
  revertReason?: string;
  calls?: CallFrame[];
  logs?: CallLog[];
};

/** A log of a {@link CallFrame} (`withLog`), as geth and anvil give it. */
export type CallLog = { address: Hex; topics: Hex[]; data: Hex; position: Hex; index: Hex };

/** The library's exception texts in geth's words (what geth's tracers report). */
const GETH_ERRORS: Record<string, string> = {
  revert: 'execution reverted',
  'out of gas': 'out of gas',
  'invalid JUMP': 'invalid jump destination',
  'invalid opcode': 'invalid opcode',
  'stack underflow': 'stack underflow',
  'stack overflow': 'stack limit reached 1024',
  'static state change': 'write protection',
  'code store out of gas': 'contract creation code storage out of gas',
  'code size to deposit exceeds maximum code size': 'max code size exceeded',
  'create collision': 'contract address collision',
  'insufficient balance': 'insufficient balance for transfer',
  'invalid bytecode deployed': 'invalid code: must not begin with 0xef',
};

const lower = (b: Uint8Array) => bytesToHex(b).toLowerCase();

/** `Error(string)` revert data as its text (geth's `revertReason`). */
function revertReason(data: Uint8Array): string | undefined {
  if (data.length < 68 || lower(data.subarray(0, 4)) !== '0x08c379a0') return undefined;
  const offset = Number(BigInt(lower(data.subarray(4, 36))));
  if (offset + 36 > data.length) return undefined;
  const length = Number(BigInt(lower(data.subarray(4 + offset, 36 + offset))));
  const start = 36 + offset;
  if (start + length > data.length) return undefined;
  return new TextDecoder().decode(data.subarray(start, start + length));
}

function logOf(l: TraceLog): CallLog {
  return {
    address: lower(l.address) as Hex,
    topics: l.topics.map((t) => lower(t) as Hex),
    data: lower(l.data) as Hex,
    position: quantity(BigInt(l.position)),
    index: quantity(BigInt(l.index)),
  };
}

/**
 * A frame in geth's shape. A failed frame's logs, and those of every frame under it, are left out (what it emitted
 * was undone); a frame that emitted none has no `logs`.
 */
function frameOf(f: TraceFrame, onlyTop: boolean, failedAbove = false): CallFrame {
  const out = { type: f.type, from: lower(f.from) } as CallFrame;
  if (f.to) out.to = lower(f.to);
  if (f.value !== undefined) out.value = quantity(f.value);
  out.gas = quantity(f.gas);
  out.gasUsed = quantity(f.gasUsed);
  out.input = lower(f.input) as Hex;
  const reverted = f.error === 'revert';
  if (f.output.length > 0 && (f.error === undefined || reverted)) out.output = lower(f.output) as Hex;
  if (f.error !== undefined) {
    out.error = GETH_ERRORS[f.error] ?? f.error;
    const reason = reverted ? revertReason(f.output) : undefined;
    if (reason !== undefined) out.revertReason = reason;
  }
  const failed = failedAbove || f.error !== undefined;
  if (!onlyTop && f.calls.length > 0) out.calls = f.calls.map((c) => frameOf(c, false, failed));
  if (!failed && f.logs.length > 0) out.logs = f.logs.map(logOf);
  return out;
}

/**
 * geth's `callTracer` answer: the frames the EVM recorded, the outermost one with the transaction's gas limit and
 * the gas it was charged (as geth gives them); a run that reached no bytecode is its one frame.
 */
export function callTracerResult(run: TracedRun, trace: RunTrace | undefined, onlyTop: boolean): CallFrame {
  const frame: TraceFrame = trace?.frame ?? {
    type: run.to === null ? 'CREATE' : 'CALL',
    from: hexBytes(run.from),
    to: run.to === null ? (run.createdAddress ? hexBytes(run.createdAddress) : undefined) : hexBytes(run.to),
    value: run.value,
    gas: run.gas,
    gasUsed: run.gasUsed,
    input: hexBytes(run.input),
    output: hexBytes(run.returnData),
    error: run.error,
    calls: [],
    logs: [],
  };
  return frameOf({ ...frame, gas: run.gas, gasUsed: run.gasUsed }, onlyTop);
}

/** The answer of a trace for its config. */
export function traceResult(
  config: TraceConfig,
  run: TracedRun,
  trace: RunTrace | undefined,
): StructLoggerResult | CallFrame {
  return config.tracer === 'callTracer'
    ? callTracerResult(run, trace, config.onlyTopCall)
    : structLoggerResult(run, trace);
}
