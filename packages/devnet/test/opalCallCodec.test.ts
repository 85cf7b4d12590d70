import { substrateToEthereumMirror } from '@nftkit/primitives';
import { expandMetadata } from '@polkadot/types';
import { stringCamelCase, u8aToHex } from '@polkadot/util';
import fc from 'fast-check';
import { fromRlp, type Hex, toRlp } from 'viem';
import { describe, expect, it } from 'vitest';
import { CallDecodeError, MAX_CALL_BYTES } from '../src/runtime/codec.js';
import { decodeTransaction, EthTransactionError } from '../src/runtime/ethereum/transaction.js';
import { transactionWire } from '../src/runtime/ethereum/wire.js';
import { GAS_PRICE } from '../src/runtime/evm/gas.js';
import { balanceAccount } from '../src/runtime/evm/value.js';
import { CallCodec } from '../src/runtime/metadata/callCodec.js';
import { devnetMetadata } from '../src/runtime/metadata/pallets.js';
import { decodeCall, encodeCall } from '../src/runtime/runtime.js';
import { alice, bob } from './helpers/accounts.js';
import { expectDispatchError, makeChain, run } from './helpers/chain.js';
import { signedSelfTransfer } from './helpers/ethRpc.js';
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
      inner: 0,
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
          // `Call` takes its arguments by their names as the metadata spells them (`collection_id`).
          variant.fields.map((f) => [
            f.name.unwrap().toString(),
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

  it("a call of several arguments (unique.burnItem, unique.createItem) is the bytes Opal's metadata builds", () => {
    const opal = expandMetadata(opal930.registry, opal930.metadata);
    const burn = opal.tx.unique?.burnItem?.(7, 3, 1);
    expect(u8aToHex(codec.encode('unique', 'burnItem', { collectionId: 7, itemId: 3, value: '1' }))).toBe(
      burn?.toHex(),
    );
    const mint = opal.tx.unique?.createItem?.(
      7,
      { Substrate: BOB },
      { NFT: { properties: [{ key: '0x61', value: '0x62' }] } },
    );
    const ours = encodeCall('unique', 'createItem', {
      collectionId: 7,
      owner: BOB,
      data: { properties: [{ key: 'a', value: '0x62' }] },
    });
    expect(u8aToHex(ours)).toBe(mint?.toHex());
    expect(decodeCall(ours).rawArgs).toEqual({
      collectionId: 7,
      owner: BOB,
      data: { properties: [{ key: 'a', value: '0x62' }] },
    });
  });

  it(`every call the runtime runs (${calls.length}) goes from @polkadot/types' bytes to the runtime's arguments and back to the same bytes`, () => {
    for (const { pallet, palletIndex, variant } of calls) {
      const section = stringCamelCase(pallet);
      const method = stringCamelCase(variant.name.toString());
      const args = fc.record(
        Object.fromEntries(
          variant.fields.map((f) => [
            f.name.unwrap().toString(),
            arbitraryOf(registry, remark, f.type.toNumber(), { text: true }),
          ]),
        ) as Record<string, fc.Arbitrary<unknown>>,
      );
      let taken = 0;
      fc.assert(
        fc.property(args, (input) => {
          const bytes = registry
            .createType('Call', { callIndex: [palletIndex, variant.index.toNumber()], args: input })
            .toU8a();
          let decoded: ReturnType<typeof decodeCall>;
          try {
            decoded = decodeCall(bytes);
          } catch (e) {
            // Arguments the runtime refuses (past its bounds, unknown addresses): a clear refusal, never a crash.
            expect(e, `${section}.${method}`).toBeInstanceOf(CallDecodeError);
            return;
          }
          taken++;
          expect([decoded.pallet.name, decoded.call.name]).toEqual([section, method]);
          expect(u8aToHex(encodeCall(section, method, decoded.rawArgs)), `${section}.${method}`).toBe(
            u8aToHex(bytes),
          );
        }),
        { numRuns: 25 },
      );
      // Each call is exercised with arguments the runtime takes, not only refused.
      expect(taken, `${section}.${method}`).toBeGreaterThan(0);
    }
  });

  it("ethereum.transact carries Frontier's TransactionV2, and it is the signed bytes again; a non-canonical RLP is refused", async () => {
    const { raw } = await signedSelfTransfer('opal-calls', 3);
    const call = encodeCall('ethereum', 'transact', { transaction: raw });
    const theirs = opalCurrent.createType('PalletEthereumCall', call.subarray(1)) as unknown as {
      type: string;
      asTransact: { transaction: { isEip1559: boolean; asEip1559: { nonce: { toNumber(): number } } } };
    };
    expect(theirs.type.toLowerCase()).toBe('transact');
    expect(theirs.asTransact.transaction.isEip1559).toBe(true);
    expect(theirs.asTransact.transaction.asEip1559.nonce.toNumber()).toBe(3);
    expect(decodeCall(call).rawArgs).toEqual({ transaction: raw.toLowerCase() });
    // The nonce 3 written with a leading zero byte: the same transaction's fields, other bytes.
    const fields = fromRlp(`0x${raw.slice(4)}`, 'hex') as Hex[];
    fields[1] = '0x0003';
    const padded = `0x02${toRlp(fields).slice(2)}`;
    expect(() => transactionWire.toScale(padded)).toThrow(/non-canonical integer/);
    expect(() => decodeTransaction(padded)).toThrow(EthTransactionError);
    expect(() => decodeTransaction(padded)).toThrow('rlp: non-canonical integer (leading zero bytes)');
  });

  it("evm.call's source must be the signer's mirror (BadOrigin), its fee the gas price (GasPriceTooLow), its nonce the mirror's", async () => {
    const chain = makeChain();
    const base = {
      source: substrateToEthereumMirror(alice.address),
      target: substrateToEthereumMirror(bob.address),
      input: '0x',
      value: '0',
      gasLimit: '50000',
      maxFeePerGas: String(GAS_PRICE),
      maxPriorityFeePerGas: null,
      nonce: null,
      accessList: [],
    };
    await expectDispatchError(
      chain,
      alice,
      'evm',
      'call',
      { ...base, source: substrateToEthereumMirror(bob.address) },
      'system.BadOrigin',
    );
    await expectDispatchError(
      chain,
      alice,
      'evm',
      'call',
      { ...base, maxFeePerGas: String(GAS_PRICE - 1n) },
      'evm.GasPriceTooLow',
    );
    await expectDispatchError(
      chain,
      alice,
      'evm',
      'call',
      { ...base, maxPriorityFeePerGas: String(GAS_PRICE + 1n) },
      'evm.GasPriceTooLow',
    );
    await expectDispatchError(chain, alice, 'evm', 'call', { ...base, nonce: '5' }, 'evm.InvalidNonce');
    // The mirror pays its gas from its own balance.
    const payer = balanceAccount(base.source);
    await run(chain, alice, 'balances', 'transferKeepAlive', { dest: payer, value: String(10n ** 18n) });
    const sent = await run(chain, alice, 'evm', 'call', { ...base, nonce: '0' });
    expect(sent.error?.name ?? null).toBeNull();
    expect(sent.events.map((e) => `${e.section}.${e.method}`)).toContain('evm.Executed');
    chain.stop();
  });

  describe('refuses bad input with a clear error, doing bounded work', () => {
    const good = codec.encode('balances', 'transferKeepAlive', { dest: BOB, value: '5' });
    const refuse = (bytes: Uint8Array, message: RegExp) => {
      expect(() => codec.decode(bytes)).toThrow(CallDecodeError);
      expect(() => codec.decode(bytes)).toThrow(message);
    };

    it('truncated, trailing, unknown pallet or call', () => {
      refuse(new Uint8Array([]), /too short/);
      refuse(new Uint8Array([30]), /too short/);
      for (let n = 2; n < good.length; n++)
        refuse(good.subarray(0, n), /truncated|not a well-formed call|Cannot decode/);
      refuse(new Uint8Array([...good, 0]), /1 bytes after the call/);
      refuse(new Uint8Array([10, 3, ...good.subarray(2)]), /Unknown pallet index 10/);
      refuse(new Uint8Array([30, 1, ...good.subarray(2)]), /Unknown call index 1 in pallet 30/);
    });

    it('a length prefix past what the bytes hold, an oversized call, calls nested too deep', () => {
      // utility.batchAll with a Vec<Call> claiming 2^30 − 1 calls in 4 bytes.
      refuse(new Uint8Array([156, 2, 0xfe, 0xff, 0xff, 0xff]), /Cannot decode utility.batchAll/);
      refuse(new Uint8Array(MAX_CALL_BYTES + 1).fill(0), /at most 3932160 bytes/);
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

    it('bytes that are not the encoding of what they read (SCALE is read exactly, as the runtime reads it)', () => {
      // Compact 5 in two bytes: the same number, not its encoding.
      refuse(new Uint8Array([...good.subarray(0, -1), 0x15, 0x00]), /the bytes are not a well-formed call/);
      const flag = codec.encode('unique', 'setTransfersEnabledFlag', { collectionId: 7, value: true });
      expect(codec.decode(flag).args.value).toBe(true);
      refuse(new Uint8Array([...flag.subarray(0, -1), 2]), /the bytes are not a well-formed call/);
      const permissions = (restricted: number[]) =>
        codec.encode('unique', 'setCollectionPermissions', {
          collectionId: 7,
          newPermission: {
            access: null,
            mintMode: true,
            nesting: { tokenOwner: true, collectionAdmin: false, restricted },
          },
        });
      // A set is written in the chain's order (1 before 256, whose first byte is lower) whatever order it is given in.
      const set = permissions([256, 1]);
      expect(u8aToHex(set)).toBe(u8aToHex(permissions([1, 256])));
      expect(u8aToHex(set.subarray(-8))).toBe('0x0100000000010000');
      expect(codec.decode(set).args.newPermission).toMatchObject({ nesting: { restricted: [1, 256] } });
      expect(() => permissions([3, 3])).toThrow(/restricted: a key is there twice/);
      const tagged = set.slice();
      tagged[6] = 2; // `access: Option<AccessMode>`
      refuse(tagged, /Option has no variant 2/);
      refuse(
        new Uint8Array([...set.subarray(0, -8), ...set.subarray(-4), ...set.subarray(-8, -4)]),
        /not a well-formed/,
      );
      refuse(new Uint8Array([...set.subarray(0, -4), ...set.subarray(-8, -4)]), /not a well-formed/);
    });

    it('a call holding more than 1000 calls in all, refused as it is read', () => {
      const transfer = u8aToHex(good);
      const thousand = codec.encode('utility', 'batchAll', { calls: Array(1000).fill(transfer) });
      expect(codec.decode(thousand).inner).toBe(1000);
      const two = new Uint8Array([156, 2, 8, ...thousand, ...good]);
      refuse(two, /Cannot decode utility.batchAll: A call holds at most 1000 calls in all/);
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
