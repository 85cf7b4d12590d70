import { bytesToHex, hexToBytes, signerPayloadToSignBytes } from '@nftkit/primitives';
import { Sr25519Account as ReferenceAccount } from '@unique-nft/sr25519';
import { describe, expect, it } from 'vitest';
import {
  DEV_ACCOUNT_URIS,
  DEV_PHRASE,
  InvalidBuildAnswerError,
  InvalidSecretError,
  mnemonicToMiniSecret,
  Sr25519Account,
} from '../src/index.js';
import { makeBuildAnswer } from './helpers/payload.js';
// Any phrase besides the dev phrase needs the wordlist entry (test/devPhrase.test.ts covers the bundle without it).
import '../src/mnemonic.js';

const ALICE_PUBLIC = '0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d';
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
const BOB_PUBLIC = '0x8eaf04151687736326c9fea17e25fc5287613693c912909cb226aa4794f26a48';
const BOB = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty';

describe('Sr25519Account', () => {
  it('derives //Alice and //Bob from the dev phrase', () => {
    const alice = Sr25519Account.fromUri('//Alice');
    expect(bytesToHex(alice.publicKey)).toBe(ALICE_PUBLIC);
    expect(alice.address).toBe(ALICE);
    const bob = Sr25519Account.fromUri('//Bob');
    expect(bytesToHex(bob.publicKey)).toBe(BOB_PUBLIC);
    expect(bob.address).toBe(BOB);
  });

  it('gives the same key from a mnemonic plus path, a full URI, and a seed plus path', () => {
    const fromMnemonic = Sr25519Account.fromMnemonic(DEV_PHRASE, '//Alice');
    const fromUri = Sr25519Account.fromUri(`${DEV_PHRASE}//Alice`);
    const fromSeed = Sr25519Account.fromSeed(mnemonicToMiniSecret(DEV_PHRASE), '//Alice');
    const fromHexUri = Sr25519Account.fromUri(`${bytesToHex(mnemonicToMiniSecret(DEV_PHRASE))}//Alice`);
    for (const account of [fromMnemonic, fromUri, fromSeed, fromHexUri]) expect(account.address).toBe(ALICE);
  });

  it('derives nested hard junctions (//Alice//stash)', () => {
    expect(Sr25519Account.fromUri('//Alice//stash').address).toBe(
      '5GNJqTPyNqANBkUVMN1LPPrxXnFouWXoe2wNSmmEoLctxiZY',
    );
  });

  it('agrees with @unique-nft/sr25519 on hard, soft, numeric and password paths', () => {
    const phrase = Sr25519Account.generateMnemonic();
    for (const uri of [
      '//Alice',
      '//Bob',
      '//0',
      '//Alice/soft',
      `${phrase}`,
      `${phrase}//1/2`,
      `${phrase}///secret`,
    ]) {
      expect(Sr25519Account.fromUri(uri).address, uri).toBe(ReferenceAccount.fromUri(uri).address);
    }
  });

  it('lists the six dev accounts', () => {
    expect(DEV_ACCOUNT_URIS).toEqual(['//Alice', '//Bob', '//Charlie', '//Dave', '//Eve', '//Ferdie']);
    const addresses = DEV_ACCOUNT_URIS.map((uri) => Sr25519Account.fromUri(uri).address);
    expect(new Set(addresses).size).toBe(6);
  });

  it('signs signerPayloadHex as 0x01 + 64 bytes that verify over the payload bytes', async () => {
    const alice = Sr25519Account.fromUri('//Alice');
    const built = makeBuildAnswer({ address: alice.address, method: `0x3d00${'ee'.repeat(300)}` });
    const { signature, signatureType } = await alice.signer.sign(built);
    expect(signatureType).toBe('sr25519');
    expect(signature).toMatch(/^0x01[0-9a-f]{128}$/);
    const message = signerPayloadToSignBytes(built.signerPayloadJSON);
    expect(message).toHaveLength(32); // over 256 bytes: the blake2-256 hash is what is signed
    expect(Sr25519Account.verify(message, signature, alice.publicKey)).toBe(true);
    expect(ReferenceAccount.verifySignature(message, hexToBytes(signature).slice(1), alice.publicKey)).toBe(
      true,
    );
    expect(Sr25519Account.verify(message, signature, Sr25519Account.fromUri('//Bob').publicKey)).toBe(false);
  });

  it('signs and verifies bytes, hex and text', () => {
    const alice = Sr25519Account.fromUri('//Alice');
    const signature = alice.sign('hello');
    expect(alice.verify('hello', signature)).toBe(true);
    expect(alice.verify('0x68656c6c6f', signature)).toBe(true);
    expect(alice.verify('hullo', signature)).toBe(false);
  });

  it('refuses to sign a build answer without signerPayloadHex', async () => {
    const alice = Sr25519Account.fromUri('//Alice');
    await expect(alice.signer.sign({})).rejects.toBeInstanceOf(InvalidBuildAnswerError);
    await expect(alice.signer.sign({ signerPayloadHex: '0x' })).rejects.toThrow(
      'The build answer has no signerPayloadHex to sign.',
    );
  });

  it('rejects a bad mnemonic or seed with InvalidSecretError', () => {
    expect(() =>
      Sr25519Account.fromMnemonic('bottom drive obey lake curtain smoke basket hold race lonely fit fit'),
    ).toThrow(InvalidSecretError);
    expect(() => Sr25519Account.fromSeed('0x1234')).toThrow('A seed must be 32 bytes (0x + 64 hex digits).');
    expect(() => Sr25519Account.fromMnemonic(DEV_PHRASE, 'Alice')).toThrow('Invalid derivation path: Alice');
  });

  it('formats the address with another SS58 prefix', () => {
    const alice = Sr25519Account.fromUri('//Alice', { ss58Format: 7391 });
    expect(alice.address.startsWith('unj')).toBe(true);
    expect(alice.prefixedAddress(42)).toBe(ALICE);
  });
});
