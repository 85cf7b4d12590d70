import type { EthLogEntry } from './history.js';
import { parseAddress } from './params.js';

const MAX_FILTER_ADDRESSES = 100;
const MAX_TOPIC_ALTERNATIVES = 100;
const TOPIC = /^0x[0-9a-fA-F]{64}$/;

/** Which logs a filter keeps: an address among `addresses` (any when unset), and per position a topic among its set. */
export type LogFilter = { addresses: Set<string> | undefined; topics: (Set<string> | null)[] };

/**
 * The `address` and `topics` of a log filter (`eth_getLogs`, `eth_subscribe` "logs"), bounded before anything grows
 * with them. `fail(field)(what)` throws the caller's -32602 naming the field.
 */
export function parseLogFilter(
  f: Record<string, unknown>,
  fail: (field: string) => (what: string) => never,
): LogFilter {
  let addresses: Set<string> | undefined;
  if (f.address !== undefined && f.address !== null) {
    const list = Array.isArray(f.address) ? f.address : [f.address];
    if (list.length > MAX_FILTER_ADDRESSES) fail('address')(`more than ${MAX_FILTER_ADDRESSES} addresses`);
    addresses = new Set(list.map((a) => parseAddress(a, fail('address')).toLowerCase()));
  }
  const topics: (Set<string> | null)[] = [];
  if (f.topics !== undefined && f.topics !== null) {
    if (!Array.isArray(f.topics) || f.topics.length > 4)
      fail('topics')('expected an array of at most 4 positions');
    for (const [i, t] of (f.topics as unknown[]).entries()) {
      if (t === null) topics.push(null);
      else {
        const alts = Array.isArray(t) ? t : [t];
        if (alts.length > MAX_TOPIC_ALTERNATIVES)
          fail(`topics.${i}`)(`more than ${MAX_TOPIC_ALTERNATIVES} alternatives`);
        if (!alts.every((x) => typeof x === 'string' && TOPIC.test(x)))
          fail(`topics.${i}`)('expected a 32-byte 0x hex topic, null, or an array of them');
        topics.push(alts.length === 0 ? null : new Set((alts as string[]).map((x) => x.toLowerCase())));
      }
    }
  }
  return { addresses, topics };
}

export function matchesLog({ addresses, topics }: LogFilter, log: EthLogEntry): boolean {
  if (addresses && !addresses.has(log.address.toLowerCase())) return false;
  return topics.every(
    (want, i) => want === null || (log.topics[i] !== undefined && want.has(log.topics[i]!.toLowerCase())),
  );
}
