/** An event as recorded and served: `common.*` data uses positional keys "0","1",… with string values. */
export type EventRecord = { section: string; method: string; data: Record<string, string> };

export function positional(
  section: string,
  method: string,
  fields: readonly (string | number | bigint | boolean)[],
): EventRecord {
  const data: Record<string, string> = {};
  fields.forEach((v, i) => {
    data[String(i)] = String(v);
  });
  return { section, method, data };
}

export function named(
  section: string,
  method: string,
  data: Record<string, string | number | bigint | boolean>,
): EventRecord {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(data)) out[k] = String(v);
  return { section, method, data: out };
}
