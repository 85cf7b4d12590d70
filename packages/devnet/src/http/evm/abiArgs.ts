import { bigintsToStrings } from '@nftkit/api';
import {
  collectionAddressToId,
  collectionIdToAddress,
  isCollectionAddress,
  isEthereumAddress,
  isNestingAddress,
  isSubstrateAddress,
  substrateToEthereumMirror,
  toChecksumEthereumAddress,
} from '@nftkit/primitives';
import {
  type Abi,
  type AbiFunction,
  type AbiParameter,
  concatHex,
  encodeAbiParameters,
  type Hex,
  toFunctionSelector,
} from 'viem';
import { badRequest, HttpError } from '../errors.js';

const INT = /^u?int(\d*)$/;
const ARRAY = /^(.*)\[(\d*)\]$/;

/** An address argument: an Ethereum address, or a substrate address standing for its Ethereum mirror. */
export function ethAddressArg(value: unknown, field: string): Hex {
  if (typeof value === 'string' && isEthereumAddress(value)) return toChecksumEthereumAddress(value) as Hex;
  if (typeof value === 'string' && isSubstrateAddress(value)) return substrateToEthereumMirror(value) as Hex;
  throw badRequest(`Validation Error: ${field}: expected an Ethereum or substrate address`);
}

/**
 * A JSON argument as viem wants it for `param`: integers from numbers or decimal strings to bigint, addresses
 * checksummed, tuples and arrays element by element. What cannot be converted is a 400 naming the argument.
 */
function coerce(param: AbiParameter, value: unknown, field: string): unknown {
  const array = ARRAY.exec(param.type);
  if (array) {
    if (!Array.isArray(value)) throw badRequest(`Validation Error: ${field}: expected an array`);
    const inner = { ...param, type: array[1] ?? '' } as AbiParameter;
    return value.map((v, i) => coerce(inner, v, `${field}.${i}`));
  }
  if (param.type === 'tuple') {
    const components = (param as { components?: readonly AbiParameter[] }).components ?? [];
    if (Array.isArray(value)) return components.map((c, i) => coerce(c, value[i], `${field}.${i}`));
    if (value === null || typeof value !== 'object')
      throw badRequest(`Validation Error: ${field}: expected an object or an array`);
    const obj = value as Record<string, unknown>;
    return Object.fromEntries(
      components.map((c, i) => [
        c.name ?? String(i),
        coerce(c, obj[c.name ?? String(i)], `${field}.${c.name ?? i}`),
      ]),
    );
  }
  if (INT.test(param.type)) {
    if (typeof value === 'bigint') return value;
    if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
    if (typeof value === 'string' && /^-?(0|[1-9]\d*)$/.test(value.trim())) return BigInt(value.trim());
    if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return BigInt(value);
    throw badRequest(`Validation Error: ${field}: expected an integer (number or decimal string)`);
  }
  if (param.type === 'address') return ethAddressArg(value, field);
  if (param.type === 'bool') {
    if (typeof value === 'boolean') return value;
    throw badRequest(`Validation Error: ${field}: expected a boolean`);
  }
  if (param.type === 'string') {
    if (typeof value === 'string') return value;
    throw badRequest(`Validation Error: ${field}: expected a string`);
  }
  if (param.type.startsWith('bytes')) {
    if (typeof value === 'string' && /^0x(?:[0-9a-fA-F]{2})*$/.test(value)) return value;
    throw badRequest(`Validation Error: ${field}: expected 0x-prefixed hex bytes`);
  }
  return value;
}

type Found = AbiFunction & { selector: Hex };
/** Lookups per ABI object: the built-in ABIs are looked up on every call. */
const found = new WeakMap<Abi, Map<string, Found>>();

/** The function `name` of `abi` taking `args.length` arguments (overloads are told apart by their count). */
export function findFunction(abi: Abi, name: string, args: readonly unknown[]): Found {
  let cache = found.get(abi);
  const key = `${name}/${args.length}`;
  const hit = cache?.get(key);
  if (hit) return hit;
  const candidates = abi.filter((i): i is AbiFunction => i.type === 'function' && i.name === name);
  if (candidates.length === 0) throw badRequest(`Validation Error: functionName: ${name} is not in the ABI`);
  // A request's ABI may omit `inputs`/`outputs`; they mean none.
  const complete = candidates.map((f) => ({ ...f, inputs: f.inputs ?? [], outputs: f.outputs ?? [] }));
  const fn = complete.find((f) => f.inputs.length === args.length);
  if (!fn)
    throw badRequest(
      `Validation Error: functionArgs: ${name} takes ${complete.map((f) => f.inputs.length).join(' or ')} arguments, got ${args.length}`,
    );
  let selector: Hex;
  try {
    selector = toFunctionSelector(fn);
  } catch (e) {
    throw badRequest(`Validation Error: contract.abi: ${(e as Error).message.split('\n')[0]}`);
  }
  const entry = { ...fn, selector };
  if (!cache) {
    cache = new Map();
    found.set(abi, cache);
  }
  cache.set(key, entry);
  return entry;
}

/** Calldata for `functionName(functionArgs)` by the ABI. */
export function encodeCall(
  abi: Abi,
  functionName: string,
  args: readonly unknown[],
): { fn: AbiFunction; data: Hex } {
  const fn = findFunction(abi, functionName, args);
  try {
    const values = fn.inputs.map((p, i) => coerce(p, args[i], `functionArgs.${i}`));
    return { fn, data: concatHex([fn.selector, encodeAbiParameters(fn.inputs, values)]) };
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw badRequest(`Validation Error: functionArgs: ${(e as Error).message.split('\n')[0]}`);
  }
}

/** Which addresses a built-in contract route takes: collections, refungible token addresses, the native coin's. */
export type AddressKind = 'collection' | 'token' | 'native';
const NATIVE_COIN_ADDRESS = collectionIdToAddress(0);

/** `contract.address` of a built-in contract route, checked against the addresses of its kind (400 otherwise). */
export function checkAddress(address: string, kind: AddressKind): string {
  if (kind === 'collection' && isCollectionAddress(address) && collectionAddressToId(address) !== 0)
    return address;
  if (kind === 'token' && isNestingAddress(address)) return address;
  if (kind === 'native' && address.toLowerCase() === NATIVE_COIN_ADDRESS.toLowerCase()) return address;
  const expected = {
    collection: 'not a collection address',
    token: 'not a token address (0xf8238ccfff8ed887463fd5e0 + collection id + token id)',
    native: `not the native coin's address ${NATIVE_COIN_ADDRESS}`,
  }[kind];
  throw badRequest(`Validation Error: contract.address: ${expected}`);
}

/** A decoded value as JSON: bigints become decimal strings. */
export const toJson = (value: unknown): unknown => bigintsToStrings(value);

/** A request's ABI (JSON) as viem's type; viem validates it when it is used, and a failure there is a 400. */
export const asAbi = (abi: readonly unknown[]): Abi => abi as Abi;
