import { fetchMetadataDefinition, Sr25519Account, UniqueChain } from '@nftkit/sdk';
import { ApiPromise, HttpProvider } from '@polkadot/api';
import { Metadata, TypeRegistry } from '@polkadot/types';
import { findUnknownExtensions } from '@polkadot/types/extrinsic/signedExtensions';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { CHAIN } from '../src/runtime/identity.js';
import { devnetForFile } from './helpers/devnet.js';
import { opal930 } from './helpers/opal.js';

// What a dApp hands a Polkadot extension (`injected.metadata.provide`) is read from the devnet's Substrate RPC; with
// it alone, as an extension would, the call of a signer payload the devnet built must decode to the call asked for.
const devnet = devnetForFile();
let rpcUrl: string;
beforeAll(async () => {
  rpcUrl = new URL(devnet.url).origin;
});

/** A registry made only from the definition's metadata (the hex or the base64 copy), as an extension makes one. */
const registryOf = (bytes: `0x${string}` | Uint8Array) => {
  const registry = new TypeRegistry();
  registry.setMetadata(new Metadata(registry, bytes));
  return registry;
};

describe("the devnet's metadata definition for extensions", () => {
  it("describes the devnet's chain: its genesis, runtime version and token", async () => {
    const def = await fetchMetadataDefinition({ rpcUrl });
    const version = await (
      await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'state_getRuntimeVersion', params: [] }),
      })
    ).json();
    expect(def.specVersion).toBe(version.result.specVersion);
    expect(def.tokenSymbol).toBe(CHAIN.symbol);
    expect(def.tokenDecimals).toBe(CHAIN.decimals);
    expect(def.ss58Format).toBe(CHAIN.ss58Format);
    expect(Buffer.from(def.metaCalls, 'base64').toString('hex')).toBe(def.rawMetadata.slice(2));
  });

  it('lets an extension decode the call of a payload the devnet built, and match its chain and version', async () => {
    const alice = Sr25519Account.fromUri('//Alice');
    const bob = Sr25519Account.fromUri('//Bob');
    const sdk = UniqueChain({ baseUrl: devnet.url, account: alice });
    const built = await sdk.balance.transfer.build({ to: bob.address, amount: '1.5', isAmountInCoins: true });
    const def = await fetchMetadataDefinition({ rpcUrl });
    const payload = built.signerPayloadJSON;
    // An extension picks the metadata by the payload's genesis hash and spec version.
    expect(payload.genesisHash.toLowerCase()).toBe(def.genesisHash);
    expect(Number(payload.specVersion)).toBe(def.specVersion);
    for (const registry of [
      registryOf(def.rawMetadata as `0x${string}`),
      registryOf(Buffer.from(def.metaCalls, 'base64')),
    ]) {
      const call = registry.createType('Call', payload.method);
      expect([call.section, call.method]).toEqual(['balances', 'transferKeepAlive']);
      expect(call.toHex()).toBe(payload.method);
      const args = call.toJSON() as { args: { dest: { id: string }; value: number | string } };
      expect(registry.createType('AccountId', args.args.dest.id).toString()).toBe(
        registry.createType('AccountId', bob.address).toString(),
      );
      expect(BigInt(args.args.value)).toBe(15n * 10n ** BigInt(CHAIN.decimals - 1));
    }
  });
});

describe('the signed extensions beyond Substrate’s defaults', () => {
  it('are all named in the definition, for the devnet’s metadata and for Opal’s', async () => {
    const def = await fetchMetadataDefinition({ rpcUrl });
    const devnetList = registryOf(def.rawMetadata as `0x${string}`).signedExtensions;
    // What polkadot-js would warn of without the definition's extensions, and with them.
    for (const list of [devnetList, opal930.registry.signedExtensions]) {
      expect(findUnknownExtensions(list).length).toBeGreaterThan(0);
      expect(findUnknownExtensions(list, def.userExtensions)).toEqual([]);
    }
    // Each adds nothing to the extrinsic or the payload, as the metadata declares (type and additionalSigned `()`).
    const registry = new TypeRegistry();
    const metadata = new Metadata(registry, def.rawMetadata as `0x${string}`);
    registry.setMetadata(metadata, undefined, def.userExtensions);
    const { signedExtensions } = metadata.asV14.extrinsic;
    for (const name of findUnknownExtensions(devnetList)) {
      const ext = signedExtensions.find((e) => e.identifier.toString() === name)!;
      expect(registry.lookup.getTypeDef(ext.type).type, name).toBe('Null');
      expect(registry.lookup.getTypeDef(ext.additionalSigned).type, name).toBe('Null');
    }
  });

  it('@polkadot/api given them prints no "Unknown signed extensions" warning, and its extrinsics still submit', async () => {
    const def = await fetchMetadataDefinition({ rpcUrl });
    const warn = vi.spyOn(console, 'warn');
    try {
      const api = await ApiPromise.create({
        provider: new HttpProvider(rpcUrl),
        signedExtensions: def.userExtensions,
        throwOnConnect: true,
      });
      try {
        const unknown = () =>
          warn.mock.calls.filter((args) => args.some((a) => String(a).includes('Unknown signed extensions')));
        expect(unknown()).toEqual([]);
        // Without them, the same connection warns (the check can fail).
        api.registry.setSignedExtensions(api.registry.signedExtensions, {});
        expect(unknown().length).toBe(1);
        warn.mockClear();
        api.registry.setSignedExtensions(api.registry.signedExtensions, def.userExtensions);
        const bob = Sr25519Account.fromUri('//Bob');
        const { Keyring } = await import('@polkadot/api');
        const alice = new Keyring({ type: 'sr25519' }).addFromUri('//Alice');
        const tx = api.tx.balances!.transferKeepAlive!(bob.address, 1_000n);
        const hash = await tx.signAndSend(alice);
        expect(hash.toHex()).toMatch(/^0x[0-9a-f]{64}$/);
        expect(unknown()).toEqual([]);
      } finally {
        await api.disconnect();
      }
    } finally {
      warn.mockRestore();
    }
  });
});
