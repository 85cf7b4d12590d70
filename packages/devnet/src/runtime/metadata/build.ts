import { Metadata, TypeDefInfo, TypeRegistry } from '@polkadot/types';
import { getTypeDef } from '@polkadot/types/create';
import type { TypeDef } from '@polkadot/types/types';
import { u8aConcat, u8aToHex } from '@polkadot/util';
import type { Field, PalletDescription, TypeDescription, TypeTable, Variant } from './describe.js';
import { SUBSTRATE_TYPES } from './substrateTypes.js';

/**
 * Builds the devnet's V14 metadata (what `state_getMetadata` serves) from its pallets' descriptions: every type
 * named in them becomes an entry of the portable type registry, with Opal's paths so `@polkadot/api` names them as
 * on Opal; the runtime's `Call` and `Event` enums are the pallets', at their indices.
 */

/** The signed extensions of Opal's runtime (spec 10010063), in order. The last three add nothing to the payload. */
export const SIGNED_EXTENSIONS = [
  ['CheckSpecVersion', 'Null', 'u32'],
  ['CheckTxVersion', 'Null', 'u32'],
  ['CheckGenesis', 'Null', 'H256'],
  ['CheckMortality', 'Era', 'H256'],
  ['CheckNonce', 'Compact<u32>', 'Null'],
  ['CheckWeight', 'Null', 'Null'],
  ['CheckMaintenance', 'Null', 'Null'],
  ['DisableIdentityCalls', 'Null', 'Null'],
  ['ChargeTransactionPayment', 'Compact<u128>', 'Null'],
  ['FakeTransactionFinalizer', 'Null', 'Null'],
] as const;

const PRIMITIVES: Record<string, string> = {
  bool: 'Bool',
  char: 'Char',
  Text: 'Str',
  u8: 'U8',
  u16: 'U16',
  u32: 'U32',
  u64: 'U64',
  u128: 'U128',
  u256: 'U256',
  i8: 'I8',
  i16: 'I16',
  i32: 'I32',
  i64: 'I64',
  i128: 'I128',
};

type SiField = { name: string | null; type: number; typeName: string | null; docs: string[] };
type SiVariant = { name: string; fields: SiField[]; index: number; docs: string[] };
type SiTypeDef =
  | { Composite: { fields: SiField[] } }
  | { Variant: { variants: SiVariant[] } }
  | { Sequence: { type: number } }
  | { Array: { len: number; type: number } }
  | { Tuple: number[] }
  | { Primitive: string }
  | { Compact: { type: number } };
type SiType = {
  path: string[];
  params: { name: string; type: number | null }[];
  def: SiTypeDef;
  docs: string[];
};

const docsOf = (d: string | undefined): string[] => (d ? [d] : []);

/** Assigns each type string an id in the portable registry, adding the entries it needs. */
class TypeBuilder {
  readonly types: SiType[] = [];
  readonly #ids = new Map<string, number>();
  readonly #table: TypeTable;
  readonly #special: Record<string, () => SiType>;

  constructor(table: TypeTable, special: Record<string, () => SiType>) {
    this.#table = table;
    this.#special = special;
  }

  /** The id of `type` (a polkadot-js type string). Entries are reserved before their parts, so types may recurse. */
  id(type: string): number {
    return this.#idOf(getTypeDef(type));
  }

  #idOf(def: TypeDef): number {
    const key = def.type.replace(/\s/g, '');
    const known = this.#ids.get(key);
    if (known !== undefined) return known;
    const id = this.types.length;
    this.#ids.set(key, id);
    this.types.push({ path: [], params: [], def: { Tuple: [] }, docs: [] });
    this.types[id] = this.#entry(def);
    return id;
  }

  #sub(def: TypeDef): TypeDef {
    const sub = def.sub;
    if (!sub || Array.isArray(sub)) throw new Error(`${def.type}: expected one type parameter`);
    return sub;
  }

  #subs(def: TypeDef): TypeDef[] {
    const sub = def.sub;
    if (!Array.isArray(sub)) throw new Error(`${def.type}: expected type parameters`);
    return sub;
  }

  #entry(def: TypeDef): SiType {
    const plain = (d: SiTypeDef, path: string[] = [], params: SiType['params'] = []): SiType => ({
      path,
      params,
      def: d,
      docs: [],
    });
    switch (def.info) {
      case TypeDefInfo.Plain:
        return this.#named(def.type);
      case TypeDefInfo.Null:
        return plain({ Tuple: [] });
      case TypeDefInfo.Compact:
        return plain({ Compact: { type: this.#idOf(this.#sub(def)) } });
      case TypeDefInfo.Vec:
        return plain({ Sequence: { type: this.#idOf(this.#sub(def)) } });
      case TypeDefInfo.VecFixed:
        return plain({ Array: { len: def.length ?? 0, type: this.#idOf(this.#sub(def)) } });
      case TypeDefInfo.Tuple:
        return plain({ Tuple: this.#subs(def).map((s) => this.#idOf(s)) });
      case TypeDefInfo.Option: {
        const t = this.#idOf(this.#sub(def));
        return plain(
          {
            Variant: {
              variants: [
                { name: 'None', fields: [], index: 0, docs: [] },
                {
                  name: 'Some',
                  fields: [{ name: null, type: t, typeName: null, docs: [] }],
                  index: 1,
                  docs: [],
                },
              ],
            },
          },
          ['Option'],
          [{ name: 'T', type: t }],
        );
      }
      case TypeDefInfo.Result: {
        const [ok, err] = this.#subs(def).map((s) => this.#idOf(s)) as [number, number];
        const field = (type: number): SiField => ({ name: null, type, typeName: null, docs: [] });
        return plain(
          {
            Variant: {
              variants: [
                { name: 'Ok', fields: [field(ok)], index: 0, docs: [] },
                { name: 'Err', fields: [field(err)], index: 1, docs: [] },
              ],
            },
          },
          ['Result'],
          [
            { name: 'T', type: ok },
            { name: 'E', type: err },
          ],
        );
      }
      case TypeDefInfo.BTreeMap: {
        const [k, v] = this.#subs(def).map((s) => this.#idOf(s)) as [number, number];
        const pairs = this.#idOf(getTypeDef(`Vec<(${this.#sub2(def, 0)},${this.#sub2(def, 1)})>`));
        return plain(
          { Composite: { fields: [{ name: null, type: pairs, typeName: null, docs: [] }] } },
          ['BTreeMap'],
          [
            { name: 'K', type: k },
            { name: 'V', type: v },
          ],
        );
      }
      case TypeDefInfo.BTreeSet: {
        const sub = this.#sub(def);
        const t = this.#idOf(sub);
        const seq = this.#idOf(getTypeDef(`Vec<${sub.type}>`));
        return plain(
          { Composite: { fields: [{ name: null, type: seq, typeName: null, docs: [] }] } },
          ['BTreeSet'],
          [{ name: 'T', type: t }],
        );
      }
      default:
        throw new Error(`Unsupported type ${def.type}`);
    }
  }

  #sub2(def: TypeDef, i: number): string {
    const s = this.#subs(def)[i];
    if (!s) throw new Error(`${def.type}: missing parameter ${i}`);
    return s.type;
  }

  #named(name: string): SiType {
    const primitive = PRIMITIVES[name];
    if (primitive) return { path: [], params: [], def: { Primitive: primitive }, docs: [] };
    if (name === 'Null') return { path: [], params: [], def: { Tuple: [] }, docs: [] };
    if (name === 'Bytes')
      return { path: [], params: [], def: { Sequence: { type: this.id('u8') } }, docs: [] };
    const special = this.#special[name];
    if (special) return special();
    const desc = this.#table[name];
    if (!desc) throw new Error(`No description of the type ${name}`);
    return this.describe(desc);
  }

  /** The entry of a described type. */
  describe(desc: TypeDescription): SiType {
    const params = (desc.params ?? []).map(([name, type]) => ({
      name,
      type: type === null ? null : this.id(type),
    }));
    let def: SiTypeDef;
    if ('fields' in desc) def = { Composite: { fields: this.fields(desc.fields) } };
    else if ('variants' in desc) def = { Variant: { variants: this.variants(desc.variants) } };
    else
      def = {
        Composite: { fields: [{ name: null, type: this.id(desc.newtype), typeName: null, docs: [] }] },
      };
    return { path: desc.path.split('::'), params, def, docs: docsOf(desc.docs) };
  }

  fields(fields: readonly Field[]): SiField[] {
    return fields.map(([name, type, typeName]) => ({
      name,
      type: this.id(type),
      typeName: typeName ?? null,
      docs: [],
    }));
  }

  variants(variants: readonly Variant[]): SiVariant[] {
    return variants.map(([name, index, fields, docs]) => ({
      name,
      index,
      fields: this.fields(fields ?? []),
      docs: docsOf(docs),
    }));
  }

  /** Fills an entry reserved under `name` (the runtime's enums, made once every pallet is known). */
  set(name: string, entry: SiType): void {
    this.types[this.id(name)] = entry;
  }
}

/** Every pallet's types and the shared ones in one table; a name described twice must be described alike. */
function mergeTables(pallets: readonly PalletDescription[]): TypeTable {
  const table: Record<string, TypeDescription> = { ...SUBSTRATE_TYPES };
  for (const p of pallets) {
    for (const [name, desc] of Object.entries(p.types ?? {})) {
      if (name in table && JSON.stringify(table[name]) !== JSON.stringify(desc))
        throw new Error(`The type ${name} is described twice, differently (${p.name})`);
      table[name] = desc;
    }
  }
  return table;
}

function checkPallets(pallets: readonly PalletDescription[]): void {
  const seen = new Map<number, string>();
  for (const p of pallets) {
    const other = seen.get(p.index);
    if (other !== undefined) throw new Error(`Pallets ${other} and ${p.name} share the index ${p.index}`);
    seen.set(p.index, p.name);
    for (const [what, list] of [
      ['call', p.calls ?? []],
      ['event', p.events ?? []],
    ] as const) {
      const indices = new Set(list.map((v) => v[1]));
      if (indices.size !== list.length) throw new Error(`${p.name}: two ${what}s share an index`);
    }
  }
}

const MAGIC = new Uint8Array([0x6d, 0x65, 0x74, 0x61]); // "meta"

/** The SCALE bytes of `RuntimeMetadataPrefixed` (V14) for these pallets, as `state_getMetadata` returns them. */
export function buildMetadata(pallets: readonly PalletDescription[]): Uint8Array {
  checkPallets(pallets);
  const sorted = [...pallets].sort((a, b) => a.index - b.index);
  const enumOf = (crate: string, kind: string, variants: SiVariant[]): SiType => ({
    path: [crate, 'pallet', kind],
    params: [],
    def: { Variant: { variants } },
    docs: [],
  });
  const builder: TypeBuilder = new TypeBuilder(mergeTables(sorted), {
    // Reserved here, filled below once the pallets' enums have ids.
    Call: () => ({
      path: ['opal_runtime', 'RuntimeCall'],
      params: [],
      def: { Variant: { variants: [] } },
      docs: [],
    }),
    Event: () => ({
      path: ['opal_runtime', 'RuntimeEvent'],
      params: [],
      def: { Variant: { variants: [] } },
      docs: [],
    }),
  });
  const runtimeCall = builder.id('Call');
  builder.id('Event');
  const registry = new TypeRegistry();

  const palletEntries = sorted.map((p) => {
    const enumId = (kind: string, variants: SiVariant[] | null): number | null => {
      if (!variants) return null;
      const id = builder.types.length;
      builder.types.push(enumOf(p.crate, kind, variants));
      return id;
    };
    const calls = enumId('Call', p.calls ? builder.variants(p.calls) : null);
    const events = enumId('Event', p.events ? builder.variants(p.events) : null);
    const errors = enumId(
      'Error',
      p.errors?.length
        ? p.errors.map((e) => ({ name: e.name, index: e.index, fields: [], docs: docsOf(e.docs) }))
        : null,
    );
    const storage = p.storage?.length
      ? {
          prefix: p.storagePrefix ?? p.name,
          items: p.storage.map((s) => ({
            name: s.name,
            modifier: s.modifier,
            valueType: builder.id(s.value),
            type: s.keys
              ? {
                  Map: {
                    hashers: s.keys.map(([h]) => h),
                    key: builder.id(
                      s.keys.length === 1
                        ? (s.keys[0]?.[1] ?? '')
                        : `(${s.keys.map(([, t]) => t).join(',')})`,
                    ),
                    value: builder.id(s.value),
                  },
                }
              : { Plain: builder.id(s.value) },
            // Filled below, when the registry can encode the value's zero.
            fallback: s.modifier === 'Optional' ? '0x00' : (s.fallback ?? null),
            docs: docsOf(s.docs),
          })),
        }
      : null;
    const constants = (p.constants ?? []).map((c) => ({
      name: c.name,
      type: builder.id(c.type),
      value: c,
      docs: docsOf(c.docs),
    }));
    return { p, calls, events, errors, storage, constants };
  });

  const outer = (kind: 'calls' | 'events'): SiVariant[] =>
    palletEntries
      .filter((e) => e[kind] !== null)
      .map((e) => ({
        name: e.p.name,
        index: e.p.index,
        fields: [{ name: null, type: e[kind] as number, typeName: null, docs: [] }],
        docs: [],
      }));
  builder.set('Call', {
    path: ['opal_runtime', 'RuntimeCall'],
    params: [],
    def: { Variant: { variants: outer('calls') } },
    docs: [],
  });
  builder.set('Event', {
    path: ['opal_runtime', 'RuntimeEvent'],
    params: [],
    def: { Variant: { variants: outer('events') } },
    docs: [],
  });

  const extra = builder.id(`(${SIGNED_EXTENSIONS.map(([, t]) => t).join(',')})`);
  const signedExtensions = SIGNED_EXTENSIONS.map(([identifier, type, additional]) => ({
    identifier,
    type: builder.id(type),
    additionalSigned: builder.id(additional),
  }));
  // Every part gets its id before the entry that refers to it is placed (ids are positions).
  const extrinsicParams = [
    { name: 'Address', type: builder.id('MultiAddress') },
    { name: 'Call', type: runtimeCall },
    { name: 'Signature', type: builder.id('SpRuntimeMultiSignature') },
    { name: 'Extra', type: extra },
  ];
  const opaque = builder.id('Bytes');
  const extrinsicType = builder.types.length;
  builder.types.push({
    path: ['sp_runtime', 'generic', 'unchecked_extrinsic', 'UncheckedExtrinsic'],
    params: extrinsicParams,
    def: { Composite: { fields: [{ name: null, type: opaque, typeName: null, docs: [] }] } },
    docs: [],
  });
  const runtimeType = builder.types.length;
  builder.types.push({
    path: ['opal_runtime', 'Runtime'],
    params: [],
    def: { Composite: { fields: [] } },
    docs: [],
  });

  // A first pass with the types alone lets the registry encode default values and constants by type id.
  const lookup = registry.createType('PortableRegistry', {
    types: builder.types.map((type, id) => ({ id, type })),
  });
  registry.setLookup(lookup);
  // Hex, since `Bytes` would take a Uint8Array as already length-prefixed.
  const encode = (type: number, value: unknown): string =>
    u8aToHex(registry.createType(registry.createLookupType(type), value).toU8a());

  const v14 = registry.createType('MetadataV14', {
    lookup,
    pallets: palletEntries.map((e) => ({
      name: e.p.name,
      index: e.p.index,
      calls: e.calls === null ? null : { type: e.calls },
      events: e.events === null ? null : { type: e.events },
      errors: e.errors === null ? null : { type: e.errors },
      storage: e.storage && {
        prefix: e.storage.prefix,
        items: e.storage.items.map(({ valueType, ...item }) => ({
          ...item,
          fallback: item.fallback ?? encode(valueType, undefined),
        })),
      },
      constants: e.constants.map((c) => ({
        name: c.name,
        type: c.type,
        value: encode(c.type, c.value.value),
        docs: c.docs,
      })),
    })),
    extrinsic: { type: extrinsicType, version: 4, signedExtensions },
    type: runtimeType,
  });
  return u8aConcat(MAGIC, new Uint8Array([14]), v14.toU8a());
}

/**
 * The signed extensions that carry nothing (Opal's markers among them), told to @polkadot/types as such: it knows
 * Substrate's own and would warn, once per registry, of each other one.
 */
const MARKER_EXTENSIONS = Object.fromEntries(
  SIGNED_EXTENSIONS.filter(([, type, additional]) => type === 'Null' && additional === 'Null').map(
    ([name]) => [name, { extrinsic: {}, payload: {} }],
  ),
);

/** The metadata decoded (for a registry of the devnet's types); throws if the bytes are not V14 metadata. */
export function decodeMetadata(bytes: Uint8Array): { registry: TypeRegistry; metadata: Metadata } {
  const registry = new TypeRegistry();
  const metadata = new Metadata(registry, bytes);
  registry.setMetadata(metadata, undefined, MARKER_EXTENSIONS);
  return { registry, metadata };
}
