/**
 * A value from another realm (the EVM's V8 context, or the runtime that calls into it) rebuilt with the
 * constructors of the realm this code runs in: byte arrays from another realm fail `instanceof Uint8Array`, which
 * the EVM library and the runtime both rely on. This module is bundled into the EVM core's script too, where
 * `Uint8Array` is the context's own.
 */
export function ownRealm(value: unknown): unknown {
  // The typed-array constructor copies another realm's array at once (`from` would iterate it).
  if (ArrayBuffer.isView(value)) return new Uint8Array(value as Uint8Array);
  if (Array.isArray(value)) return value.map(ownRealm);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = ownRealm(v);
    return out;
  }
  return value;
}
