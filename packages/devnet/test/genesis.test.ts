import { DEV_ACCOUNT_URIS, Sr25519Account } from '@nftkit/sdk';
import { mnemonicToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { DEV_ACCOUNTS, DEV_ENDOWMENT } from '../src/chain/config.js';
import { ETH_DEV_ACCOUNTS, ETH_DEV_MNEMONIC } from '../src/chain/ethDevAccounts.js';
import { balanceAccount } from '../src/runtime/evm/value.js';
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

  it('funds the first 10 accounts of the test mnemonic, whose constants match viem’s HD derivation', () => {
    const derived = ETH_DEV_ACCOUNTS.map((_, i) => {
      const account = mnemonicToAccount(ETH_DEV_MNEMONIC, { addressIndex: i });
      return [account.address, `0x${Buffer.from(account.getHdKey().privateKey!).toString('hex')}`];
    });
    expect(derived).toEqual(ETH_DEV_ACCOUNTS);
    expect(ETH_DEV_ACCOUNTS[0]![0]).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    const chain = makeChain();
    for (const [address] of ETH_DEV_ACCOUNTS)
      expect(chain.storage.system.account(balanceAccount(address)).free).toBe(DEV_ENDOWMENT);
    checkInvariants(chain);
  });

  it('gives every new chain its own genesis hash', () => {
    expect(makeChain().genesisHash).not.toBe(makeChain().genesisHash);
  });
});
