import { encodeTokenToProperties } from '@nftkit/metadata';
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
    if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(p.valueHex))
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

export function metadataError(field: string, e: unknown): never {
  throw badRequest(`Validation Error: ${field}: ${e instanceof Error ? e.message : String(e)}`);
}

type PropertyIn = { key: string; value?: string | undefined; valueHex?: string | undefined };

/**
 * The properties a new token is minted with: its metadata (`data`, with `URI`) encoded as schema v2, or just `URI`,
 * overridden key by key by explicit `properties`. `field` names the token in errors.
 */
export function mintProperties(
  t: { data?: unknown; URI?: string | undefined; properties?: PropertyIn[] | undefined },
  field: string,
): { key: string; value: string }[] {
  let encoded: PropertyIn[] = [];
  if (t.data !== undefined) {
    try {
      encoded = encodeTokenToProperties(
        t.data as Parameters<typeof encodeTokenToProperties>[0],
        t.URI === undefined ? {} : { URI: t.URI },
      );
    } catch (e) {
      metadataError(field ? `${field}.data` : 'data', e);
    }
  } else if (t.URI !== undefined) encoded = [{ key: 'URI', value: t.URI }];
  const merged = new Map(encoded.map(propertyToChain).map((p) => [p.key, p]));
  for (const p of (t.properties ?? []).map(propertyToChain)) merged.set(p.key, p);
  return [...merged.values()];
}
