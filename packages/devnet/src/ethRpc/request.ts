import type { Hex } from 'viem';
import { MAX_RAW_TRANSACTION_BYTES } from '../runtime/ethereum/transaction.js';
import type { Params } from './params.js';
import { parseAddress, parseData, parseQuantity } from './params.js';

/** The most entries of a request's access list, and of storage keys in all (a transaction's own bound is its size). */
const MAX_ACCESS_LIST_KEYS = 4096;
const STORAGE_KEY = /^0x[0-9a-fA-F]{64}$/;

export type AccessList = { address: Hex; storageKeys: Hex[] }[];

/**
 * A transaction request as Ethereum clients send it (`eth_call`, `eth_estimateGas`, `eth_sendTransaction`,
 * `eth_signTransaction`, `eth_createAccessList`): every field optional, each checked and bounded here.
 */
export type TransactionRequest = {
  from: string | undefined;
  to: string | null;
  data: Hex;
  value: bigint;
  gas: bigint | undefined;
  gasPrice: bigint | undefined;
  maxFeePerGas: bigint | undefined;
  maxPriorityFeePerGas: bigint | undefined;
  nonce: bigint | undefined;
  chainId: bigint | undefined;
  type: bigint | undefined;
  accessList: AccessList | undefined;
};

/** Reads argument `i` as a transaction request; a bad field is a -32602 naming the argument and the field. */
export function transactionRequest(p: Params, i: number, name = 'transaction'): TransactionRequest {
  const o = p.object(i, name);
  const fail = (field: string) => (what: string) => p.fail(i, name, `${field}: ${what}`);
  const opt = <T>(field: string, parse: (v: unknown, f: (w: string) => never) => T): T | undefined =>
    o[field] === undefined || o[field] === null ? undefined : parse(o[field], fail(field));
  const data = opt('data', (v, f) => parseData(v, MAX_RAW_TRANSACTION_BYTES, f));
  const input = opt('input', (v, f) => parseData(v, MAX_RAW_TRANSACTION_BYTES, f));
  if (data !== undefined && input !== undefined && data !== input)
    fail('input')('both data and input are set and differ');
  const gasPrice = opt('gasPrice', parseQuantity);
  const maxFeePerGas = opt('maxFeePerGas', parseQuantity);
  const maxPriorityFeePerGas = opt('maxPriorityFeePerGas', parseQuantity);
  if (gasPrice !== undefined && (maxFeePerGas !== undefined || maxPriorityFeePerGas !== undefined))
    fail('gasPrice')('both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified');
  return {
    from: opt('from', parseAddress),
    to: opt('to', parseAddress) ?? null,
    data: input ?? data ?? '0x',
    value: opt('value', parseQuantity) ?? 0n,
    gas: opt('gas', parseQuantity),
    gasPrice,
    maxFeePerGas,
    maxPriorityFeePerGas,
    nonce: opt('nonce', parseQuantity),
    chainId: opt('chainId', parseQuantity),
    type: opt('type', parseQuantity),
    accessList: opt('accessList', parseAccessList),
  };
}

export function parseAccessList(v: unknown, fail: (what: string) => never): AccessList {
  if (!Array.isArray(v)) fail('expected an array of {address, storageKeys}');
  let keys = 0;
  const out: AccessList = [];
  for (const [n, entry] of (v as unknown[]).entries()) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      fail(`entry ${n}: expected {address, storageKeys}`);
    const e = entry as Record<string, unknown>;
    const address = parseAddress(e.address, (w) => fail(`entry ${n} address: ${w}`)) as Hex;
    const storageKeys = e.storageKeys ?? [];
    if (!Array.isArray(storageKeys)) fail(`entry ${n} storageKeys: expected an array`);
    keys += 1 + storageKeys.length;
    if (keys > MAX_ACCESS_LIST_KEYS) fail(`more than ${MAX_ACCESS_LIST_KEYS} addresses and storage keys`);
    if (!storageKeys.every((k) => typeof k === 'string' && STORAGE_KEY.test(k)))
      fail(`entry ${n} storageKeys: expected 32-byte 0x hex keys`);
    out.push({ address, storageKeys: (storageKeys as string[]).map((k) => k.toLowerCase() as Hex) });
  }
  return out;
}
