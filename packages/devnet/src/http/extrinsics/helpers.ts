import {
  bytesToHex,
  ethereumToSubstrateMirror,
  isEthereumAddress,
  normalizeAddress,
} from '@nftkit/primitives';
import type { ExtrinsicRecord } from '../../chain/extrinsicStore.js';
import type { EventRecord } from '../../runtime/events.js';
import { badRequest, EventNotFoundError } from '../errors.js';
import type { BuildEnv } from './types.js';

const utf8 = new TextEncoder();

/** A REST property (`value` text and/or `valueHex`) as the chain's bytes; valueHex wins when both are given. */
export function propertyToChain(p: {
  key: string;
  value?: string | undefined;
  valueHex?: string | undefined;
}) {
  if (p.valueHex !== undefined) {
    if (!/^0x([0-9a-fA-F]{2})*$/.test(p.valueHex))
      throw badRequest(`Validation Error: properties.${p.key}.valueHex: expected 0x-prefixed hex bytes`);
    return { key: p.key, value: p.valueHex.toLowerCase() };
  }
  return { key: p.key, value: bytesToHex(utf8.encode(p.value ?? '')) };
}

/** An AccountId32 argument from any address: an Ethereum address acts through its substrate mirror. */
export const toAccountId = (address: string): string =>
  isEthereumAddress(address) ? ethereumToSubstrateMirror(address) : normalizeAddress(address);

export function requireSigner(env: BuildEnv, field: string): string {
  if (env.signer === undefined)
    throw badRequest(`Validation Error: ${field}: required when the call is encoded without a signer`);
  return env.signer;
}

export function events(rec: ExtrinsicRecord, section: string, method: string): EventRecord[] {
  return rec.events.filter((e) => e.section === section && e.method === method);
}

export function firstEvent(rec: ExtrinsicRecord, section: string, method: string): EventRecord {
  const e = events(rec, section, method)[0];
  if (!e) throw new EventNotFoundError(rec.hash, rec.blockNumber, rec.blockHash, `${section}.${method}`);
  return e;
}

/** A CrossAccountId from event data (`{"substrate":…}` / `{"ethereum":…}`) as a normalized address. */
export function crossFromEvent(json: string | undefined): string {
  const parsed = JSON.parse(json ?? 'null') as Record<string, string> | null;
  const value = parsed?.substrate ?? parsed?.Substrate ?? parsed?.ethereum ?? parsed?.Ethereum;
  if (typeof value !== 'string') throw new Error(`Not a CrossAccountId: ${json}`);
  return normalizeAddress(value);
}
