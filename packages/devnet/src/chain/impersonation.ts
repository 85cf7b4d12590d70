import { isEthereumAddress } from '@nftkit/primitives';

/**
 * Ethereum addresses the node sends transactions for without their key, as Hardhat's `hardhat_impersonateAccount` and
 * anvil's `anvil_impersonateAccount` do: a face may submit a transaction from such an address, which no signature
 * proves. The chain holds the set so every face sees the same one; addresses are kept in lower case.
 */
export class ImpersonatedAccounts {
  readonly #addresses = new Set<string>();

  /** Starts impersonating `address` (a 20-byte 0x address; anything else is a programming error). */
  add(address: string): void {
    if (!isEthereumAddress(address)) throw new TypeError(`not an Ethereum address: ${address}`);
    this.#addresses.add(address.toLowerCase());
  }

  /** Stops impersonating `address`; whether it was. */
  delete(address: string): boolean {
    return this.#addresses.delete(address.toLowerCase());
  }

  has(address: string): boolean {
    return this.#addresses.has(address.toLowerCase());
  }

  clear(): void {
    this.#addresses.clear();
  }

  get size(): number {
    return this.#addresses.size;
  }
}
