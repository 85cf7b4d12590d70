import { expandMetadata } from '@polkadot/types';
import { stringCamelCase, u8aToHex } from '@polkadot/util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CallCodec, MAX_SCALE_CALL_BYTES, ScaleCallError } from '../src/runtime/metadata/callCodec.js';
import { devnetMetadata } from '../src/runtime/metadata/pallets.js';
import { bob } from './helpers/accounts.js';
import { arbitraryOf, currentOpalRegistry, opal930 } from './helpers/opal.js';

const codec = new CallCodec(devnetMetadata());
const { registry } = codec;
const BOB = bob.address;
const bobHex = u8aToHex(bob.publicKey).slice(2);
const remark = () => codec.encode('system', 'remark', { remark: '0x01' });
const opalCurrent = currentOpalRegistry();

const calls = codec.metadata.asV14.pallets.flatMap((p) =>
  p.calls.isNone
    ? []
    : registry.lookup.getSiType(p.calls.unwrap().type).def.asVariant.variants.map((v) => ({
        pallet: p.name.toString(),
        palletIndex: p.index.toNumber(),
        crateEnum: registry.lookup.getTypeDef(p.calls.unwrap().type).lookupName as string,
        variant: v,
      })),
);

describe("the devnet's SCALE calls", () => {
  it("balances.transferKeepAlive(Bob, 10^18) built by @polkadot/types with Opal's metadata is Opal's 44 bytes, which the devnet reads and writes alike", () => {
    const opal = expandMetadata(opal930.registry, opal930.metadata);
    const built = opal.tx.balances?.transferKeepAlive?.(BOB, 10n ** 18n);
    const expected = `0x1e0300${bobHex}13000064a7b3b6e00d`;
    expect(built?.toHex()).toBe(expected);
    expect(built?.toU8a().length).toBe(44);
    const bytes = built?.toU8a() as Uint8Array;
    expect(codec.decode(bytes)).toEqual({
      section: 'balances',
      method: 'transferKeepAlive',
      palletIndex: 30,
      callIndex: 3,
      args: { dest: BOB, value: '1000000000000000000' },
    });
    expect(
      u8aToHex(codec.encode('balances', 'transferKeepAlive', { dest: BOB, value: '1000000000000000000' })),
    ).toBe(expected);
  });

  it(`every call of every pallet (${calls.length}) round-trips between @polkadot/types and the devnet's codec, and reads alike with current Opal's types`, () => {
    expect(calls.length).toBeGreaterThanOrEqual(60);
    for (const { pallet, palletIndex, crateEnum, variant } of calls) {
      const section = stringCamelCase(pallet);
      const method = stringCamelCase(variant.name.toString());
      const args = fc.record(
        Object.fromEntries(
          variant.fields.map((f) => [
            stringCamelCase(f.name.unwrap().toString()),
            arbitraryOf(registry, remark, f.type.toNumber()),
          ]),
        ) as Record<string, fc.Arbitrary<unknown>>,
      );
      fc.assert(
        fc.property(args, (input) => {
          const bytes = registry
            .createType('Call', { callIndex: [palletIndex, variant.index.toNumber()], args: input })
            .toU8a();
          const decoded = codec.decode(bytes);
          expect([decoded.section, decoded.method]).toEqual([section, method]);
          expect(u8aToHex(codec.encode(section, method, decoded.args))).toBe(u8aToHex(bytes));
          // Opal's own definition of the pallet's calls reads the same bytes to the same call (Utility's nested
          // `Call` is Opal's whole runtime, which the types package does not define).
          if (pallet !== 'Nfts' && pallet !== 'Utility') {
            const theirs = opalCurrent.createType(crateEnum, bytes.subarray(1));
            expect(u8aToHex(theirs.toU8a()), `${section}.${method}`).toBe(u8aToHex(bytes.subarray(1)));
            expect((theirs as unknown as { type: string }).type).toBe(variant.name.toString());
          }
        }),
        { numRuns: 15 },
      );
    }
  });

  describe('refuses bad input with a clear error, doing bounded work', () => {
    const good = codec.encode('balances', 'transferKeepAlive', { dest: BOB, value: '5' });
    const refuse = (bytes: Uint8Array, message: RegExp) => {
      expect(() => codec.decode(bytes)).toThrow(ScaleCallError);
      expect(() => codec.decode(bytes)).toThrow(message);
    };

    it('truncated, trailing, unknown pallet or call', () => {
      refuse(new Uint8Array([]), /too short/);
      refuse(new Uint8Array([30]), /too short/);
      for (let n = 2; n < good.length; n++)
        refuse(good.subarray(0, n), /truncated|not a well-formed call|Cannot decode/);
      refuse(new Uint8Array([...good, 0]), /1 bytes after the call/);
      refuse(new Uint8Array([10, 3, ...good.subarray(2)]), /Unknown call index 3 in pallet 10/);
      refuse(new Uint8Array([30, 1, ...good.subarray(2)]), /Unknown call index 1 in pallet 30/);
    });

    it('a length prefix past what the bytes hold, an oversized call, calls nested too deep', () => {
      // utility.batchAll with a Vec<Call> claiming 2^30 − 1 calls in 4 bytes.
      refuse(new Uint8Array([156, 2, 0xfe, 0xff, 0xff, 0xff]), /Cannot decode utility.batchAll/);
      refuse(new Uint8Array(MAX_SCALE_CALL_BYTES + 1).fill(0), /at most 3932160 bytes/);
      let call = remark();
      for (let depth = 2; depth <= 8; depth++)
        call = codec.encode('utility', 'batchAll', { calls: [u8aToHex(call)] });
      expect(codec.decode(call).method).toBe('batchAll');
      const deeper = registry.createType('Call', {
        callIndex: [156, 2],
        args: { calls: [registry.createType('Call', call)] },
      });
      refuse(deeper.toU8a(), /nest at most 8 deep/);
    });

    it('arguments that do not fit their type, naming the argument', () => {
      const enc = (args: Record<string, unknown>) => () =>
        codec.encode('balances', 'transferKeepAlive', args as never);
      expect(enc({ dest: BOB })).toThrow(/value is missing/);
      expect(enc({ dest: BOB, value: '1', extra: 1 })).toThrow(/no argument extra/);
      expect(enc({ dest: 'nope', value: '1' })).toThrow(/dest(\.Id)?: expected an SS58 address/);
      expect(enc({ dest: BOB, value: (1n << 128n).toString() })).toThrow(/value: .* outside u128/);
      expect(enc({ dest: BOB, value: '1.5' })).toThrow(/value: expected an integer/);
      expect(() =>
        codec.encode('unique', 'createItem', { collectionId: 1, owner: { Nope: 1 }, data: 'NFT' }),
      ).toThrow(/owner: expected one of Substrate, Ethereum/);
      expect(() =>
        codec.encode('unique', 'setCollectionProperties', { collectionId: 1, properties: [{ key: '0x61' }] }),
      ).toThrow(/properties\[0\]\.value is missing/);
      expect(() => codec.encode('balances', 'transfer', {})).toThrow(/Unknown call balances.transfer/);
      expect(() => codec.encode('utility', 'batchAll', { calls: ['0xffff'] })).toThrow(
        /calls\[0\]: expected a call of this chain/,
      );
    });
  });
});
