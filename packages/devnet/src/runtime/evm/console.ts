import { format } from 'node:util';
import { bytesToHex } from '@nftkit/primitives';
import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * Hardhat's `console.log` for Solidity: `console.sol` encodes each log as a call to this address, which has no
 * code (the call succeeds and returns nothing, as on Hardhat's node); the node decodes the calldata and prints it.
 */
export const CONSOLE_ADDRESS = '0x000000000000000000636F6e736F6c652e6c6f67';

type ArgType = 'uint256' | 'int256' | 'string' | 'bool' | 'address' | 'bytes' | `bytes${number}`;

/**
 * The functions `console.sol` declares (facts of its ABI): `log()`; `log(T)` for one value of every type it takes;
 * and `log(A, B[, C[, D]])` for every combination of two to four of `uint256`, `string`, `bool` and `address`. Its
 * `logInt`, `logUint`, `logBytes4`, … encode as the `log(T)` of their type.
 */
function consoleSignatures(): ArgType[][] {
  const single: ArgType[] = ['int256', 'uint256', 'string', 'bool', 'address', 'bytes'];
  for (let n = 1; n <= 32; n++) single.push(`bytes${n}`);
  const out: ArgType[][] = [[], ...single.map((t) => [t])];
  const four: ArgType[] = ['uint256', 'string', 'bool', 'address'];
  let level: ArgType[][] = [[]];
  for (let arity = 1; arity <= 4; arity++) {
    level = level.flatMap((prefix) => four.map((t) => [...prefix, t]));
    if (arity >= 2) out.push(...level);
  }
  return out;
}

let selectors: Map<string, ArgType[]> | undefined;
/** Selector (8 hex digits) → the argument types of that `log` function. */
function consoleSelectors(): Map<string, ArgType[]> {
  if (!selectors) {
    selectors = new Map();
    for (const types of consoleSignatures()) {
      const digest = keccak_256(new TextEncoder().encode(`log(${types.join(',')})`));
      selectors.set(bytesToHex(digest.subarray(0, 4)).slice(2), types);
    }
  }
  return selectors;
}

const WORD = 32;

function wordAt(data: Uint8Array, at: number): bigint {
  let v = 0n;
  for (let i = at; i < at + WORD; i++) v = (v << 8n) | BigInt(data[i] ?? 0);
  return v;
}

/** A dynamic value (`string`, `bytes`) whose offset is at `at`: undefined when the calldata does not hold it. */
function dynamicAt(data: Uint8Array, at: number): Uint8Array | undefined {
  const offset = wordAt(data, at);
  if (offset + BigInt(WORD) > BigInt(data.length)) return undefined;
  const length = wordAt(data, Number(offset));
  const start = Number(offset) + WORD;
  if (BigInt(start) + length > BigInt(data.length)) return undefined;
  return data.subarray(start, start + Number(length));
}

/** One argument as Hardhat's node prints it (numbers in decimal, addresses and bytes in lower-case hex). */
function decodeArg(data: Uint8Array, type: ArgType, at: number): string | undefined {
  switch (type) {
    case 'uint256':
      return wordAt(data, at).toString();
    case 'int256': {
      const v = wordAt(data, at);
      return (v >= 1n << 255n ? v - (1n << 256n) : v).toString();
    }
    case 'bool':
      return data[at + WORD - 1] ? 'true' : 'false';
    case 'address':
      return bytesToHex(data.subarray(at + 12, at + WORD));
    case 'string': {
      const bytes = dynamicAt(data, at);
      return bytes && new TextDecoder().decode(bytes);
    }
    case 'bytes': {
      const bytes = dynamicAt(data, at);
      return bytes && bytesToHex(bytes);
    }
    default:
      return bytesToHex(data.subarray(at, at + Number(type.slice(5))));
  }
}

/**
 * The line a call to the console address prints, as Hardhat's node formats it: the arguments through Node's
 * `util.format`, the first one its format string (with `%d` and `%i` printed as `%s`, since a 256-bit number does
 * not fit a JavaScript number). Undefined when the calldata is not one of `console.sol`'s functions.
 */
export function consoleLine(calldata: Uint8Array): string | undefined {
  if (calldata.length < 4) return undefined;
  const types = consoleSelectors().get(bytesToHex(calldata.subarray(0, 4)).slice(2));
  if (!types) return undefined;
  const data = calldata.subarray(4);
  if (data.length < types.length * WORD) return undefined;
  const args: string[] = [];
  for (const [i, type] of types.entries()) {
    const arg = decodeArg(data, type, i * WORD);
    if (arg === undefined) return undefined;
    args.push(arg);
  }
  if (args.length > 0) args[0] = args[0]!.replace(/((?<!%)(?:%%)*)(%[di])/g, '$1%s');
  return format(...args);
}

/** Where the devnet's `console.log` lines go: a function given the lines of one run. */
export type ConsoleSink = (lines: readonly string[]) => void;

/** The lines printed on the devnet's standard output, under a `console.log:` heading as Hardhat's node prints them. */
export const printConsoleLines: ConsoleSink = (lines) => {
  process.stdout.write(`console.log:\n${lines.map((l) => `  ${l}\n`).join('')}`);
};

/** A `DispatchContext.console` that decodes a run's console calls and hands their lines to `sink`. */
export function consoleOf(sink: ConsoleSink): (calls: readonly Uint8Array[]) => void {
  return (calls) => {
    const lines: string[] = [];
    for (const c of calls) {
      const line = consoleLine(c);
      if (line !== undefined) lines.push(line);
    }
    if (lines.length > 0) sink(lines);
  };
}
