/**
 * How a pallet describes itself as Opal's metadata has it: the one source the devnet's V14 metadata (build.ts) and
 * its SCALE call codec (scaleCodec.ts) are generated from. Each pallet keeps its description beside its code
 * (`runtime/<pallet>/metadata.ts`); the facts in them (indices, argument names, SCALE types, hashers) are copied from
 * Opal's published types (`@unique-nft/opal-testnet-types`) and a real Opal metadata blob, and the tests hold them to
 * both.
 *
 * A type is written as polkadot-js writes one (`u32`, `Vec<u8>`, `Option<UpDataStructsAccessMode>`, `(u32,Bytes)`,
 * `[u8;32]`, `Compact<u128>`, `BTreeMap<K, V>`, `Result<Null, SpRuntimeDispatchError>`); a name in it is either a
 * primitive (`bool`, `u8`…`u128`, `i8`…`i128`, `Text`, `Bytes`, `Null`), `Call`/`Event` (the runtime's call and
 * event enums) or a key of a `TypeTable`. A table's keys are the names polkadot-js gives the types it reads from Opal's
 * metadata (derived from the Rust path), so the devnet's names are Opal's.
 */

/** `[name, type, typeName?]`: a field; `name` is null for a tuple-like field. `typeName` is the Rust type as written. */
export type Field = readonly [name: string | null, type: string, typeName?: string];

/** `[name, index, fields?, docs?]`: an enum variant (a call, an event, a type's variant) at its SCALE index. */
export type Variant = readonly [name: string, index: number, fields?: readonly Field[], docs?: string];

/** Variants without fields at indices 0, 1, 2… in the order given: how a plain Rust enum (`enum Pays { Yes, No }`) is. */
export function unitVariants(...names: readonly string[]): Variant[] {
  return names.map((name, index): Variant => [name, index]);
}

/** A named type: its Rust path (which gives its name), generic parameters, and its shape. */
export type TypeDescription = {
  readonly path: string;
  /** `[name, type]`; polkadot-js tells two instances of one generic type apart by these. */
  readonly params?: readonly (readonly [name: string, type: string | null])[];
  readonly docs?: string;
} & (
  | { readonly fields: readonly Field[] }
  | { readonly variants: readonly Variant[] }
  /** A tuple struct of one field (`struct AccountId32([u8; 32])`). */
  | { readonly newtype: string }
);

export type TypeTable = Readonly<Record<string, TypeDescription>>;

export type StorageHasher =
  | 'Blake2_128'
  | 'Blake2_256'
  | 'Blake2_128Concat'
  | 'Twox128'
  | 'Twox256'
  | 'Twox64Concat'
  | 'Identity';

/** One key of a storage map: how it is hashed, and its type. */
export type StorageKey = readonly [hasher: StorageHasher, type: string];

/**
 * A storage item. `Default` items read as `fallback` when absent (encoded by the builder from the value type's zero
 * unless given); `Optional` items read as `None`.
 */
export type StorageDescription = {
  readonly name: string;
  readonly modifier: 'Optional' | 'Default';
  readonly value: string;
  /** Absent: a plain value. One hasher per key (a tuple key for several). */
  readonly keys?: readonly StorageKey[];
  /** The SCALE bytes of the default when they are not the zero of `value` (hex). */
  readonly fallback?: string;
  readonly docs?: string;
};

export type ConstantDescription = {
  readonly name: string;
  readonly type: string;
  /** The value, as `@polkadot/types` takes it for `type` (a number, bigint or hex). */
  readonly value: number | bigint | string;
  readonly docs?: string;
};

export type ErrorDescription = { readonly name: string; readonly index: number; readonly docs: string };

export type PalletDescription = {
  /** As in `construct_runtime!` (`Balances`); `@polkadot/api` camel-cases it (`api.tx.balances`). */
  readonly name: string;
  readonly index: number;
  /** The Rust crate: its `Call`, `Event` and `Error` enums are `<crate>::pallet::Call` etc., which names them. */
  readonly crate: string;
  readonly calls?: readonly Variant[];
  readonly events?: readonly Variant[];
  readonly errors?: readonly ErrorDescription[];
  /** The prefix of the pallet's storage keys (`twox128(prefix)`): the pallet's name unless given. */
  readonly storagePrefix?: string;
  readonly storage?: readonly StorageDescription[];
  readonly constants?: readonly ConstantDescription[];
  /** The named types the pallet introduces (shared ones are in metadata/substrateTypes.ts). */
  readonly types?: TypeTable;
};
