import { fetchMetadataDefinition, Sr25519Account, UniqueChain } from '@nftkit/sdk';
import { Metadata, TypeRegistry } from '@polkadot/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAIN } from '../src/runtime/identity.js';
import { type Devnet, startDevnet } from '../src/server.js';

// What a dApp hands a Polkadot extension (`injected.metadata.provide`) is read from the devnet's Substrate RPC; with
// it alone, as an extension would, the call of a signer payload the devnet built must decode to the call asked for.
let devnet: Devnet;
let rpcUrl: string;
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, dbPath: ':memory:', instant: true, logLevel: 'silent' });
  rpcUrl = new URL(devnet.url).origin;
});
afterAll(async () => {
  await devnet?.stop();
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
