import { DEV_ACCOUNT_URIS, Sr25519Account } from '@nftkit/sdk';
import { describe, expect, it } from 'vitest';
import { DEV_ACCOUNTS, DEV_ENDOWMENT } from '../src/chain/config.js';
import { TREASURY_ADDRESS } from '../src/runtime/treasury.js';
import { makeChain } from './helpers/chain.js';
import { checkInvariants } from './helpers/invariants.js';

describe('genesis', () => {
  it('funds the dev accounts, whose constants match the sdk key derivation', () => {
    const fromSdk = DEV_ACCOUNT_URIS.map((uri) => Sr25519Account.fromUri(uri).address);
    expect(fromSdk).toEqual(Object.values(DEV_ACCOUNTS));
    const chain = makeChain();
    for (const address of Object.values(DEV_ACCOUNTS))
      expect(chain.storage.system.account(address)).toEqual({
        nonce: 0,
        free: DEV_ENDOWMENT,
        reserved: 0n,
        frozen: 0n,
      });
    expect(TREASURY_ADDRESS).toBe('5EYCAe5ijiYfyeZ2JJCGq56LmPyNRAKzpG4QkoQkkQNB5e6Z');
    expect(chain.headNumber).toBe(0);
    expect(chain.blockHash(0)).toBe(chain.genesisHash);
    checkInvariants(chain);
  });

  it('gives every new chain its own genesis hash', () => {
    expect(makeChain().genesisHash).not.toBe(makeChain().genesisHash);
  });
});
