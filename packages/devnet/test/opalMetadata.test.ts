import { expandMetadata } from '@polkadot/types';
import { stringCamelCase, u8aToHex } from '@polkadot/util';
import { describe, expect, it } from 'vitest';
import { buildMetadata, decodeMetadata } from '../src/runtime/metadata/build.js';
import type { PalletDescription } from '../src/runtime/metadata/describe.js';
import { devnetMetadata, PALLET_DESCRIPTIONS } from '../src/runtime/metadata/pallets.js';
import { SUBSTRATE_TYPES } from '../src/runtime/metadata/substrateTypes.js';
import { PALLETS } from '../src/runtime/runtime.js';
import { opal930, opalLookup, typeName } from './helpers/opal.js';

const { registry, metadata } = decodeMetadata(devnetMetadata());
const v14 = metadata.asV14;
const variantsOf = (reg: typeof registry, id: Parameters<typeof reg.lookup.getSiType>[0]) =>
  reg.lookup.getSiType(id).def.asVariant.variants;

/**
 * Where current Opal (the 1003.70.0 types) differs from the 930.31.0 blob, the current types decide. These are
 * the differences in what the devnet shares with Opal; anything else must match the blob exactly.
 */
const NEWER_THAN_930: Record<string, string> = {
  'System.remark': 'index 0 in current Opal (930: 1, after `fill_block`, since removed from frame_system)',
  'Balances.transfer_allow_death': 'renamed from `transfer` in pallet-balances after 930',
  'Unique.set_allowance_for_all': 'added after 930',
  'Unique.transfer_from': 'index 25 in current Opal (930: 24), after `approve_from` was added at 24',
  'Unique.set_collection_limits': 'index 26 in current Opal (930: 25), after `approve_from`',
  'Unique.set_collection_permissions': 'index 27 in current Opal (930: 26), after `approve_from`',
  'Unique.create_collection_ex':
    "`data`'s typeName is CreateCollectionData<T::CrossAccountId> (930: <T::AccountId>)",
};

describe('the devnet metadata', () => {
  it('is V14 metadata that @polkadot/types decodes, with every pallet at its described index', () => {
    expect(metadata.version).toBe(14);
    expect(v14.pallets.map((p) => [p.name.toString(), p.index.toNumber()])).toEqual(
      PALLET_DESCRIPTIONS.map((p) => [p.name, p.index]),
    );
    expect(u8aToHex(devnetMetadata().subarray(0, 5))).toBe('0x6d6574610e'); // "meta", version 14
  });

  it('describes exactly the calls the runtime dispatches, in both directions', () => {
    const described = new Set<string>();
    for (const p of v14.pallets)
      if (p.calls.isSome)
        for (const v of variantsOf(registry, p.calls.unwrap().type))
          described.add(`${stringCamelCase(p.name.toString())}.${stringCamelCase(v.name.toString())}`);
    const runtime = new Set(PALLETS.flatMap((p) => p.calls.map((c) => `${p.name}.${c.name}`)));
    expect([...runtime].filter((c) => !described.has(c))).toEqual([]);
    expect([...described].filter((c) => !runtime.has(c))).toEqual([]);
  });

  it("matches the real Opal blob (930.31.0) for every pallet and call they share, but where current Opal's types decide", () => {
    let compared = 0;
    for (const p of v14.pallets) {
      const name = p.name.toString();
      const theirs = opal930.metadata.asV14.pallets.find((o) => o.name.toString() === name);
      if (!theirs) continue;
      expect(p.index.toNumber(), name).toBe(theirs.index.toNumber());
      if (p.calls.isNone) continue;
      const theirCalls = variantsOf(opal930.registry, theirs.calls.unwrap().type);
      for (const call of variantsOf(registry, p.calls.unwrap().type)) {
        const key = `${name}.${call.name.toString()}`;
        const their = theirCalls.find((c) => c.name.toString() === call.name.toString());
        if (key in NEWER_THAN_930) continue;
        expect(their, key).toBeDefined();
        if (!their) continue;
        expect(call.index.toNumber(), key).toBe(their.index.toNumber());
        const shape = (reg: typeof registry, fields: typeof call.fields) =>
          fields.map((f) => [
            f.name.unwrapOr('').toString(),
            typeName(reg, f.type),
            f.typeName.unwrapOr('').toString(),
          ]);
        expect(shape(registry, call.fields), key).toEqual(shape(opal930.registry, their.fields));
        // The argument types encode alike: same structure all the way down.
        for (const [i, f] of call.fields.entries()) {
          const theirField = their.fields[i];
          if (!theirField) continue;
          expect(registry.createType(registry.createLookupType(f.type)).toRawType(), `${key} ${i}`).toBe(
            opal930.registry.createType(opal930.registry.createLookupType(theirField.type)).toRawType(),
          );
        }
        compared++;
      }
    }
    // Of the 32 calls in pallets the blob has, 7 are newer than it (above): Balances.transfer_keep_alive, 21 of
    // Unique's, EVM.call/create and Ethereum.transact are compared.
    expect(compared).toBe(25);
  });

  it('matches the storage hashers, key and value types of the real Opal blob', () => {
    let compared = 0;
    const NEWER: Record<string, string> = {
      'Nonfungible.TokenProperties': 'Optional in current Opal (930: Default)',
    };
    for (const p of v14.pallets) {
      if (p.storage.isNone) continue;
      const theirs = opal930.metadata.asV14.pallets.find((o) => o.name.toString() === p.name.toString());
      for (const item of p.storage.unwrap().items) {
        const key = `${p.name}.${item.name}`;
        const their = theirs?.storage.unwrapOr(null)?.items.find((i) => i.name.eq(item.name));
        expect(their, key).toBeTruthy();
        if (!their) continue;
        const show = (reg: typeof registry, t: typeof item.type) =>
          t.isPlain
            ? ['plain', typeName(reg, t.asPlain)]
            : [t.asMap.hashers.map(String), typeName(reg, t.asMap.key), typeName(reg, t.asMap.value)];
        expect(show(registry, item.type), key).toEqual(show(opal930.registry, their.type));
        if (!(key in NEWER)) {
          expect(item.modifier.toString(), key).toBe(their.modifier.toString());
          if (key !== 'System.Account') expect(item.fallback.toHex(), key).toBe(their.fallback.toHex());
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(20);
  });

  it("holds every described call, event and type to current Opal's types (1003.70.0 lookup)", () => {
    const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    const norm = (t: string) => t.replace(/\s/g, '').replace(/BoundedBytes/g, 'Bytes');
    const enumPos = (name: string): [string, unknown][] => {
      const def = opalLookup[name];
      if (!def || typeof def !== 'object' || !('_enum' in def))
        throw new Error(`${name} is no enum in the lookup`);
      const e = def._enum;
      return Array.isArray(e) ? e.map((n) => [n, 'Null']) : Object.entries(e);
    };
    const checkVariants = (lookupName: string, variants: PalletDescription['calls']) => {
      const theirs = enumPos(lookupName);
      for (const [name, index, fields = []] of variants ?? []) {
        const at = theirs.findIndex(([n]) => n === name);
        expect(at, `${lookupName}.${name}`).toBe(index);
        const their = theirs[at]?.[1];
        const ours =
          fields.length === 0
            ? 'Null'
            : fields.every(([n]) => n === null)
              ? fields.length === 1
                ? norm(fields[0]?.[1] ?? '')
                : `(${fields.map(([, t]) => norm(t)).join(',')})`
              : Object.fromEntries(fields.map(([n, t]) => [camel(n ?? ''), norm(t)]));
        const theirNorm =
          typeof their === 'string'
            ? norm(their)
            : Object.fromEntries(
                Object.entries(their as Record<string, string>).map(([k, t]) => [k, norm(t)]),
              );
        expect(ours, `${lookupName}.${name}`).toEqual(theirNorm);
      }
    };
    let pallets = 0;
    for (const p of PALLET_DESCRIPTIONS) {
      if (p.name === 'Nfts') continue; // not on Opal
      const base = `${p.crate
        .split('_')
        .map((s) => s[0]?.toUpperCase() + s.slice(1))
        .join('')}`;
      if (p.calls) checkVariants(`${base}Call`, p.calls);
      if (p.events) checkVariants(`${base}Event`, p.events);
      pallets++;
    }
    expect(pallets).toBe(13);
    // Every named type the pallets describe that current Opal has, described as Opal has it.
    const tables = [SUBSTRATE_TYPES, ...PALLET_DESCRIPTIONS.map((p) => p.types ?? {})];
    let types = 0;
    for (const table of tables)
      for (const [name, desc] of Object.entries(table)) {
        const their = opalLookup[name];
        if (their === undefined) continue;
        if ('newtype' in desc) expect(norm(desc.newtype), name).toBe(norm(their as string));
        else if ('fields' in desc)
          expect(Object.fromEntries(desc.fields.map(([n, t]) => [camel(n ?? ''), norm(t)])), name).toEqual(
            Object.fromEntries(Object.entries(their as Record<string, string>).map(([k, t]) => [k, norm(t)])),
          );
        else checkVariants(name, desc.variants);
        types++;
      }
    expect(types).toBeGreaterThanOrEqual(40);
  });

  it("names its types as Opal's metadata does", () => {
    // polkadot-js derives a name from the Rust path; the tables are keyed by the names Opal's metadata gets.
    const ALIASED: Record<string, string | null> = {
      // polkadot-js replaces these with its own types by path, whatever the lookup calls them.
      AccountId32: null,
      H160: null,
      H256: null,
      U256: null,
      MultiAddress: null,
      Era: null,
      BoundedBytes: null, // a wrapper: shown as Bytes
      // Opal has two SponsorshipState instances, told apart by their parameter; the devnet has one.
      UpDataStructsSponsorshipStateAccountId32: 'UpDataStructsSponsorshipState',
    };
    const names = new Map<string, string>();
    for (const t of v14.lookup.types) {
      const n = registry.lookup.getName(t.id);
      if (n) names.set(`${t.type.path.map(String).join('::')}|${n}`, n);
    }
    const tables = [SUBSTRATE_TYPES, ...PALLET_DESCRIPTIONS.map((p) => p.types ?? {})];
    for (const table of tables)
      for (const [name, desc] of Object.entries(table)) {
        const expected = name in ALIASED ? ALIASED[name] : name;
        if (expected === null || expected === undefined) continue;
        const found = [...names.entries()].filter(([k]) => k.startsWith(`${desc.path}|`)).map(([, n]) => n);
        expect(found, name).toContain(expected);
      }
  });

  it('decorates api.tx, api.query, api.events and api.consts for what the devnet has (as @polkadot/api does)', () => {
    const api = expandMetadata(registry, metadata);
    expect(api.tx.balances?.transferKeepAlive).toBeTypeOf('function');
    expect(api.tx.unique?.createItem).toBeTypeOf('function');
    expect(api.tx.utility?.batchAll).toBeTypeOf('function');
    expect(api.tx.nfts?.mint).toBeTypeOf('function');
    expect(api.tx.balances?.transfer).toBeUndefined(); // not the devnet's
    // System.Account's key: twox128("System") ‖ twox128("Account") ‖ blake2_128(who) ‖ who.
    const alice = '0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d';
    expect(u8aToHex(api.query.system?.account?.(alice) as unknown as Uint8Array)).toMatch(
      /^0x[0-9a-f]{2,4}26aa394eea5630e07c48ae0c9558cef7b99d880ec681799c0cf30e8886371da9[0-9a-f]{32}d43593c7/,
    );
    expect(api.query.common?.collectionById).toBeTypeOf('function');
    expect(api.query.nonfungible?.tokenData).toBeTypeOf('function');
    expect(api.query.timestamp?.now).toBeTypeOf('function');
    expect(api.events.balances?.Transfer?.meta.index.toNumber()).toBe(2);
    expect(api.events.common?.ItemCreated).toBeDefined();
    expect(api.consts.system?.ss58Prefix?.toString()).toBe('42');
    expect(api.consts.system?.blockHashCount?.toString()).toBe('2400');
    expect(api.errors.common?.CollectionNotFound).toBeDefined();
    expect(metadata.asV14.extrinsic.signedExtensions.map((e) => e.identifier.toString())).toContain(
      'CheckMortality',
    );
  });

  it('refuses a description that would make two pallets, calls or types collide', () => {
    const sys = PALLET_DESCRIPTIONS[0] as PalletDescription;
    expect(() => buildMetadata([sys, { ...sys, name: 'Other' }])).toThrow(/share the index 0/);
    expect(() => buildMetadata([{ ...sys, calls: [...(sys.calls ?? []), ['again', 0]] }])).toThrow(
      /two calls share an index/,
    );
    expect(() =>
      buildMetadata([
        sys,
        { name: 'X', index: 9, crate: 'x', types: { H160: { path: 'x::H160', newtype: 'u8' } } },
      ]),
    ).toThrow(/described twice/);
    expect(() =>
      buildMetadata([
        { name: 'X', index: 9, crate: 'x', storage: [{ name: 'A', modifier: 'Default', value: 'Nope' }] },
      ]),
    ).toThrow(/No description of the type Nope/);
  });
});
