import { invalidParams } from '../jsonRpc/errors.js';

/**
 * Positional params as Substrate's server reads them: absent params are `[]`, a missing optional one is `undefined`
 * or `null`, and a refusal names the parameter (`-32602`).
 */
export function positional(params: unknown, max: number): unknown[] {
  if (params === undefined || params === null) return [];
  if (!Array.isArray(params))
    throw invalidParams('invalid params: expected an array of positional parameters');
  if (params.length > max)
    throw invalidParams(
      `invalid params: at most ${max} parameter${max === 1 ? '' : 's'}, got ${params.length}`,
    );
  return params;
}

const HASH = /^0x[0-9a-fA-F]{64}$/;
const HEX_BYTES = /^0x(?:[0-9a-fA-F]{2})*$/;

/** A block hash (`0x` + 64 hex digits), lower-cased; `undefined` when the optional parameter is absent. */
export function optionalHash(value: unknown, name: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !HASH.test(value))
    throw invalidParams(`invalid params: ${name} must be a 32-byte hex block hash`);
  return value.toLowerCase();
}

/** Hex bytes (a storage key or prefix), lower-cased. */
export function hexBytes(value: unknown, name: string, maxBytes: number): string {
  if (typeof value !== 'string' || !HEX_BYTES.test(value))
    throw invalidParams(`invalid params: ${name} must be 0x-prefixed hex bytes`);
  if ((value.length - 2) / 2 > maxBytes)
    throw invalidParams(`invalid params: ${name} is longer than ${maxBytes} bytes`);
  return value.toLowerCase();
}

/** A block number as Substrate takes it: a non-negative integer or its hex string. */
export function blockNumber(value: unknown, name: string): number {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,8}$/.test(value)) return Number.parseInt(value, 16);
  if (typeof value === 'string' && /^[0-9]{1,10}$/.test(value)) return Number(value);
  throw invalidParams(`invalid params: ${name} must be a block number (a non-negative integer or hex)`);
}

/** A list of hex storage keys, at most `max` of them. */
export function keyList(value: unknown, name: string, max: number, maxKeyBytes: number): string[] {
  if (!Array.isArray(value)) throw invalidParams(`invalid params: ${name} must be an array of storage keys`);
  if (value.length > max)
    throw invalidParams(`invalid params: ${name} has ${value.length} keys, at most ${max} are taken`);
  return value.map((k, i) => hexBytes(k, `${name}[${i}]`, maxKeyBytes));
}

/** A count (a `u32`, as the node's parameter type). */
export function count(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 0xffff_ffff)
    throw invalidParams(`invalid params: ${name} must be an unsigned 32-bit integer`);
  return value;
}
