import { describe, expect, it } from 'vitest';
import { memoryStorage } from './memoryStorage.test-helper';
import {
  clearStoredWallet,
  forgetScopedId,
  readScopedId,
  readStoredWallet,
  STORAGE_KEYS,
  storeWallet,
  writeScopedId,
} from './storage';

const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
const BOB = '5FHneW46xGXgs5mUiveU4sbTyGBzmstUspZC92UhjJM694ty';
const CHAIN = 'http://127.0.0.1:9944/v2/devnet';

describe('wallet keys', () => {
  it('round-trips the wallet type and address under the spec keys', () => {
    const storage = memoryStorage();
    storeWallet(storage, { type: 'polkadot', address: ALICE, extension: 'polkadot-js' });
    expect(storage.data.get('walletType')).toBe('polkadot');
    expect(storage.data.get('walletAddress')).toBe(ALICE);
    expect(readStoredWallet(storage)).toEqual({ type: 'polkadot', address: ALICE, extension: 'polkadot-js' });
  });

  it('needs both keys and a known type to auto-connect', () => {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEYS.walletType, 'metamask');
    expect(readStoredWallet(storage)).toBeNull();
    storage.setItem(STORAGE_KEYS.walletAddress, '0xabc');
    expect(readStoredWallet(storage)).toEqual({ type: 'metamask', address: '0xabc' });
    storage.setItem(STORAGE_KEYS.walletType, 'ledger');
    expect(readStoredWallet(storage)).toBeNull();
  });

  it('disconnect clears both wallet keys but keeps the token ids', () => {
    const storage = memoryStorage();
    storeWallet(storage, { type: 'dev', address: ALICE });
    writeScopedId(storage, 'snakeNftId', { address: ALICE, chain: CHAIN }, 3);
    clearStoredWallet(storage);
    expect(storage.data.has('walletType')).toBe(false);
    expect(storage.data.has('walletAddress')).toBe(false);
    expect(readScopedId(storage, 'snakeNftId', { address: ALICE, chain: CHAIN })).toBe(3);
  });
});

describe('ids scoped to their wallet', () => {
  it('returns the id only to the wallet and chain it was stored for', () => {
    const storage = memoryStorage();
    writeScopedId(storage, 'collectionId', { address: ALICE, chain: CHAIN }, 12);
    expect(readScopedId(storage, 'collectionId', { address: ALICE, chain: CHAIN })).toBe(12);
    expect(readScopedId(storage, 'collectionId', { address: BOB, chain: CHAIN })).toBeNull();
    expect(
      readScopedId(storage, 'collectionId', { address: ALICE, chain: 'https://other/v2/opal' }),
    ).toBeNull();
  });

  it('keeps every wallet its own id on a shared browser', () => {
    const storage = memoryStorage();
    writeScopedId(storage, 'snakeNftId', { address: ALICE, chain: CHAIN }, 1);
    writeScopedId(storage, 'snakeNftId', { address: BOB, chain: CHAIN }, 2);
    writeScopedId(storage, 'snakeNftId', { address: ALICE, chain: CHAIN }, 5);
    expect(readScopedId(storage, 'snakeNftId', { address: ALICE, chain: CHAIN })).toBe(5);
    expect(readScopedId(storage, 'snakeNftId', { address: BOB, chain: CHAIN })).toBe(2);
    forgetScopedId(storage, 'snakeNftId', { address: ALICE, chain: CHAIN });
    expect(readScopedId(storage, 'snakeNftId', { address: ALICE, chain: CHAIN })).toBeNull();
    expect(readScopedId(storage, 'snakeNftId', { address: BOB, chain: CHAIN })).toBe(2);
  });

  it('ignores a bare id (owner unknown) and garbage', () => {
    const storage = memoryStorage();
    for (const raw of ['4169', 'not json', '{"id":3}', '[{"address":"x","chain":"y","id":-1}]', 'null']) {
      storage.setItem('collectionId', raw);
      expect(readScopedId(storage, 'collectionId', { address: ALICE, chain: CHAIN })).toBeNull();
    }
  });

  it('compares addresses with the given equality (another SS58 prefix of the same key)', () => {
    const storage = memoryStorage();
    writeScopedId(storage, 'collectionId', { address: 'ALICE-PREFIX-7391', chain: CHAIN }, 8);
    const same = (a: string, b: string) => a.split('-')[0] === b.split('-')[0];
    expect(readScopedId(storage, 'collectionId', { address: 'ALICE-PREFIX-42', chain: CHAIN }, same)).toBe(8);
    const throwing = () => {
      throw new Error('invalid address');
    };
    expect(readScopedId(storage, 'collectionId', { address: 'x', chain: CHAIN }, throwing)).toBeNull();
  });
});
