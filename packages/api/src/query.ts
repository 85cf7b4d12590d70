/**
 * The query-string encoding of the real client (`qs` with `arrayFormat: 'repeat'`): arrays repeat the key,
 * nested objects use bracket keys (`nestTo[collectionId]=3`), `undefined` is omitted, `null` is an empty value,
 * Dates are ISO-8601, bigints and numbers are decimal, booleans `true`/`false`.
 */
export function encodeQuery(input: Record<string, unknown>): string {
  const parts: string[] = [];
  const add = (key: string, value: unknown): void => {
    if (value === undefined) return;
    if (Array.isArray(value)) {
      for (const item of value) add(key, item);
      return;
    }
    if (value instanceof Date) {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(value.toISOString())}`);
      return;
    }
    if (value !== null && typeof value === 'object') {
      for (const [child, item] of Object.entries(value)) add(`${key}[${child}]`, item);
      return;
    }
    const text = value === null ? '' : String(value);
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  };
  for (const [key, value] of Object.entries(input)) add(key, value);
  return parts.join('&');
}

type QueryTree = { [key: string]: string | string[] | QueryTree };

const BRACKETS = /^([^[\]]+)((?:\[[^[\]]*\])+)$/;

/**
 * Decodes a query string into the object {@link encodeQuery} came from (values stay strings; the route's input
 * schema coerces them): a repeated key becomes an array, `a[b]=1` becomes `{a: {b: '1'}}`.
 */
export function decodeQuery(search: string | URLSearchParams): Record<string, unknown> {
  const params = typeof search === 'string' ? new URLSearchParams(search.replace(/^\?/, '')) : search;
  const out: QueryTree = Object.create(null);
  for (const [rawKey, value] of params) {
    const match = BRACKETS.exec(rawKey);
    const path = match
      ? [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!)]
      : [rawKey];
    let node: QueryTree = out;
    for (const segment of path.slice(0, -1)) {
      const next = node[segment];
      if (next === undefined || typeof next === 'string' || Array.isArray(next)) {
        const child: QueryTree = Object.create(null);
        node[segment] = child;
        node = child;
      } else {
        node = next;
      }
    }
    const leaf = path[path.length - 1]!;
    const existing = node[leaf];
    if (existing === undefined || (typeof existing === 'object' && !Array.isArray(existing)))
      node[leaf] = value;
    else if (Array.isArray(existing)) existing.push(value);
    else node[leaf] = [existing, value];
  }
  return { ...out };
}
