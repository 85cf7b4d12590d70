import { createRequire } from 'node:module';
import { expandMetadata, Metadata, TypeRegistry } from '@polkadot/types';
import type { SiLookupTypeId } from '@polkadot/types/interfaces';
import fc from 'fast-check';

/**
 * Opal as published, for the tests: the 930.31.0 `metadata.json` blob (a real `state_getMetadata` reply, MIT) and
 * current Opal's type definitions (1003.70.0 `lookup`).
 */
const require = createRequire(import.meta.url);

export const opal930 = (() => {
  const blob = (require('opal-testnet-types-930/metadata.json') as { result: `0x${string}` }).result;
  const registry = new TypeRegistry();
  const metadata = new Metadata(registry, blob);
  registry.setMetadata(metadata);
  return { registry, metadata, decorated: expandMetadata(registry, metadata) };
})();

type LookupDef = string | { _enum: string[] | Record<string, unknown> } | Record<string, string>;
export const opalLookup = (
  require('@unique-nft/opal-testnet-types/lookup.js') as { default: Record<string, LookupDef> }
).default;

/** A registry knowing current Opal's type definitions by their names (`PalletUniqueCall`, …). */
export function currentOpalRegistry(): TypeRegistry {
  const registry = new TypeRegistry();
  registry.register(opalLookup as never);
  return registry;
}

/** The type name polkadot-js gives a metadata type (its lookup name, or the plain type for built-ins). */
export function typeName(registry: TypeRegistry, id: SiLookupTypeId | number): string {
  const def = registry.lookup.getTypeDef(id);
  return def.lookupName ?? def.type;
}

/**
 * Values of a metadata type as `@polkadot/types` takes them, for property tests: every variant, small collections,
 * integers across their range. A nested call is a `system.remark` (its bytes), enough to exercise the batch.
 */
export function arbitraryOf(
  registry: TypeRegistry,
  remark: () => Uint8Array,
  type: number,
  /** `Bytes` as ASCII letters only (property keys and token prefixes the runtime reads as text). */
  options: { text?: boolean } = {},
): fc.Arbitrary<unknown> {
  const cache = new Map<number, fc.Arbitrary<unknown>>();
  const go = (id: number): fc.Arbitrary<unknown> => {
    const hit = cache.get(id);
    if (hit) return hit;
    const si = registry.lookup.getSiType(id);
    const path = si.path.map(String).join('::');
    const def = si.def;
    let arb: fc.Arbitrary<unknown>;
    const hex = (n: number) =>
      fc.uint8Array({ minLength: n, maxLength: n }).map((b) => `0x${Buffer.from(b).toString('hex')}`);
    if (path === 'opal_runtime::RuntimeCall')
      arb = fc.constant(null).map(() => registry.createType('Call', remark()));
    // Only `Id`: polkadot-js reads the other variants back from bytes as something else (its MultiAddress guesses
    // at the input), and `Index(Compact<()>)` (Opal's `AccountIndex` is `()`) is no value it takes at all.
    else if (path === 'sp_runtime::multiaddress::MultiAddress') arb = hex(32).map((Id) => ({ Id }));
    else if (path === 'primitive_types::U256') arb = fc.bigInt({ min: 0n, max: (1n << 256n) - 1n });
    else if (def.isPrimitive) {
      const p = def.asPrimitive.type;
      const bits = Number(/\d+/.exec(p)?.[0] ?? 0);
      if (p === 'Bool') arb = fc.boolean();
      else if (p === 'Str') arb = fc.string({ maxLength: 8 });
      // Small values as often as any: bit flags and bounded counts are small.
      else if (p.startsWith('U'))
        arb = fc.oneof(
          fc.bigInt({ min: 0n, max: 15n }),
          fc.bigInt({ min: 0n, max: (1n << BigInt(bits)) - 1n }),
        );
      else arb = fc.bigInt({ min: -(1n << BigInt(bits - 1)), max: (1n << BigInt(bits - 1)) - 1n });
    } else if (def.isCompact) arb = go(def.asCompact.type.toNumber());
    else if (def.isSequence || def.isArray) {
      const inner = (def.isSequence ? def.asSequence.type : def.asArray.type).toNumber();
      const innerSi = registry.lookup.getSiType(inner);
      const len = def.isArray ? def.asArray.len.toNumber() : undefined;
      if (innerSi.def.isPrimitive && innerSi.def.asPrimitive.type === 'U8')
        arb = fc
          .uint8Array(len === undefined ? { maxLength: 6 } : { minLength: len, maxLength: len })
          .map((b) => (options.text ? b.map((x) => 0x61 + (x % 26)) : b))
          .map((b) => `0x${Buffer.from(b).toString('hex')}`);
      else
        arb = fc.array(go(inner), len === undefined ? { maxLength: 2 } : { minLength: len, maxLength: len });
    } else if (def.isTuple) arb = fc.tuple(...def.asTuple.map((t) => go(t.toNumber())));
    else if (def.isComposite) {
      const fields = def.asComposite.fields;
      if (path === 'BTreeMap') {
        const [k, v] = si.params.map((p) => p.type.unwrap().toNumber()) as [number, number];
        arb = fc
          .uniqueArray(fc.tuple(go(k), go(v)), {
            maxLength: 2,
            selector: ([key]) => JSON.stringify(key, (_, x) => (typeof x === 'bigint' ? String(x) : x)),
          })
          .map((pairs) => new Map(pairs));
      } else if (path === 'BTreeSet') {
        arb = fc.uniqueArray(go(si.params[0]?.type.unwrap().toNumber() as number), {
          maxLength: 2,
          selector: (v) => JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? String(x) : x)),
        });
      } else if (fields.length === 1 && fields[0]?.name.isNone) arb = go(fields[0].type.toNumber());
      else
        arb = fc.record(
          Object.fromEntries(
            fields.map((f) => [registryKey(f.name.unwrap().toString()), go(f.type.toNumber())]),
          ) as Record<string, fc.Arbitrary<unknown>>,
        );
    } else if (def.isVariant) {
      if (path === 'Option') {
        const t = si.params[0]?.type.unwrap().toNumber() as number;
        arb = fc.option(go(t), { nil: null });
      } else
        arb = fc.oneof(
          ...def.asVariant.variants.map((v) => {
            const name = v.name.toString();
            const fields = v.fields;
            if (fields.length === 0) return fc.constant(name);
            if (fields.length === 1 && fields[0]?.name.isNone)
              return go(fields[0].type.toNumber()).map((x) => ({ [name]: x }));
            if (fields.every((f) => f.name.isNone))
              return fc.tuple(...fields.map((f) => go(f.type.toNumber()))).map((x) => ({ [name]: x }));
            return fc
              .record(
                Object.fromEntries(
                  fields.map((f) => [registryKey(f.name.unwrap().toString()), go(f.type.toNumber())]),
                ) as Record<string, fc.Arbitrary<unknown>>,
              )
              .map((x) => ({ [name]: x }));
          }),
        );
    } else throw new Error(`no arbitrary for type ${id}`);
    cache.set(id, arb);
    return arb;
  };
  return go(type);
}

/** polkadot-js' struct keys are the camel-cased field names. */
function registryKey(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
