import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { ETH_DEV_ACCOUNTS } from '../chain/ethDevAccounts.js';

/**
 * The accounts the node holds keys for and signs with, as Hardhat's node and anvil do: the 10 dev accounts of the
 * test mnemonic that genesis funds. Keys become viem accounts on first use (deriving a public key costs a
 * millisecond), so a node that never signs pays nothing.
 */
export class UnlockedAccounts {
  readonly #keys = new Map<string, `0x${string}`>();
  readonly #signers = new Map<string, PrivateKeyAccount>();
  /** In the order `eth_accounts` lists them, lower case as Hardhat and geth answer. */
  readonly addresses: readonly string[];

  constructor(keys: readonly (readonly [address: string, privateKey: string])[] = ETH_DEV_ACCOUNTS) {
    for (const [address, key] of keys) this.#keys.set(address.toLowerCase(), key as `0x${string}`);
    this.addresses = [...this.#keys.keys()];
  }

  #tail: Promise<unknown> = Promise.resolve();

  /** Runs `fn` after every earlier call's `fn` has settled (the node fills and sends one transaction at a time). */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.#tail.then(fn, fn);
    this.#tail = run.catch(() => undefined);
    return run;
  }

  /** The signer of an unlocked address, or undefined. */
  signer(address: string): PrivateKeyAccount | undefined {
    const a = address.toLowerCase();
    let signer = this.#signers.get(a);
    if (!signer) {
      const key = this.#keys.get(a);
      if (!key) return undefined;
      signer = privateKeyToAccount(key);
      this.#signers.set(a, signer);
    }
    return signer;
  }
}
