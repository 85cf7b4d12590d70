import {
  bytesToHex,
  IMMORTAL_ERA,
  type SignerPayloadJSON,
  signerPayloadToSignBytes,
} from '@nftkit/primitives';
import { expandMetadata, Metadata, TypeRegistry } from '@polkadot/types';
import { u8aToHex } from '@polkadot/util';
import { UniqueChain } from '@unique-nft/sdk';
import { Sr25519Account } from '@unique-nft/sr25519';
import { describe, expect, it } from 'vitest';
import { SIGNED_EXTENSIONS } from '../src/chain/config.js';
import { CHAIN } from '../src/runtime/identity.js';
import { devnetMetadata } from '../src/runtime/metadata/pallets.js';
import { devnetForFile } from './helpers/devnet.js';
import { opal930 } from './helpers/opal.js';

// The real `@unique-nft/sdk` client, unchanged, as a differential oracle of the wire format: it must be able to
// create a collection, mint, set properties and read tokens on the devnet.
const devnet = devnetForFile();

describe('the real @unique-nft/sdk client against the devnet', () => {
  it('creates a collection, mints, sets a property and reads the token', async () => {
    const account = Sr25519Account.fromUri('//Alice');
    const sdk = UniqueChain({
      baseUrl: devnet.url,
      account,
      statusOptions: { retries: 50, timeout: 100 },
    } as never);
    const balance = await sdk.balance.get({ address: account.address });
    expect(balance.available).toBe('1000000');
    const created = await sdk.collection.create({
      mode: 'Nft',
      name: 'Real',
      description: 'real sdk',
      symbol: 'RL',
      info: { cover_image: { url: 'https://example/c.png' } },
      tokenPropertyPermissions: [
        { key: 'score', permission: { mutable: true, collectionAdmin: true, tokenOwner: false } },
      ],
    } as never);
    const collectionId = created.result.collectionId;
    const minted = await sdk.token.mintNFTs({
      collectionId,
      tokens: [{ data: { image: 'https://example/1.png' } }],
    } as never);
    const tokenId = minted.result[0]!.tokenId;
    await sdk.token.setProperties({ collectionId, tokenId, properties: [{ key: 'score', value: '42' }] });
    const token = await sdk.token.get({ collectionId, tokenId });
    expect(token.owner).toBe(account.address);
    expect(token.image).toBe('https://example/1.png');
    expect(token.properties).toContainEqual({ key: 'score', value: '42', valueHex: '0x3432' });
  });

  it("signs Opal's SCALE: the build answer's method decodes with the devnet's metadata to the call that was built", async () => {
    const account = Sr25519Account.fromUri('//Alice');
    const sdk = UniqueChain({ baseUrl: devnet.url, account } as never);
    const created = await sdk.collection.create({
      mode: 'Nft',
      name: 'Dec',
      description: 'd',
      symbol: 'DC',
    } as never);
    const collectionId = created.result.collectionId;
    const built = (await sdk.token.mintNFTs.build({
      collectionId,
      tokens: [{ owner: account.address, properties: [{ key: 'score', value: '7' }] }],
    } as never)) as { signerPayloadJSON: SignerPayloadJSON };
    // A wallet's view: @polkadot/types with the metadata alone, nothing of the devnet's code.
    const registry = new TypeRegistry();
    const metadata = new Metadata(registry, devnetMetadata());
    registry.setMetadata(metadata);
    const call = registry.createType('Call', built.signerPayloadJSON.method);
    expect([call.section, call.method]).toEqual(['unique', 'createMultipleItemsEx']);
    expect(call.toHex()).toBe(built.signerPayloadJSON.method);
    expect(call.toHuman()).toMatchObject({
      args: {
        collection_id: String(collectionId),
        data: {
          NFT: [{ owner: { Substrate: account.address }, properties: [{ key: 'score', value: '7' }] }],
        },
      },
    });
  });

  it("takes a call @polkadot/types built with Opal's own metadata, unchanged, through /extrinsics/submit", async () => {
    const alice = Sr25519Account.fromUri('//Alice');
    const bob = Sr25519Account.fromUri('//Bob');
    const opal = expandMetadata(opal930.registry, opal930.metadata);
    const method = opal.tx.balances?.transferKeepAlive?.(bob.address, 12_345n).toHex() as string;
    const { chain } = devnet;
    const json: SignerPayloadJSON = {
      address: alice.address,
      blockHash: chain.genesisHash,
      blockNumber: '0x00000000',
      era: bytesToHex(IMMORTAL_ERA),
      genesisHash: chain.genesisHash,
      method,
      nonce: `0x${chain.nextIndex(alice.address).toString(16).padStart(8, '0')}`,
      specVersion: `0x${CHAIN.specVersion.toString(16).padStart(8, '0')}`,
      tip: '0x00000000000000000000000000000000',
      transactionVersion: `0x${CHAIN.transactionVersion.toString(16).padStart(8, '0')}`,
      signedExtensions: [...SIGNED_EXTENSIONS],
      version: 4,
    };
    const signature = u8aToHex(new Uint8Array([1, ...alice.sign(signerPayloadToSignBytes(json))]));
    const before = chain.storage.system.account(bob.address).free;
    const r = await fetch(`${devnet.url}/extrinsics/submit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ signerPayloadJSON: json, signature }),
    });
    expect(r.status).toBe(200);
    const { hash } = (await r.json()) as { hash: string };
    await chain.whenCommitted();
    const rec = chain.history.get(hash);
    expect(rec).toMatchObject({ success: true, section: 'balances', method: 'transferKeepAlive' });
    expect(chain.storage.system.account(bob.address).free - before).toBe(12_345n);
  });
});
