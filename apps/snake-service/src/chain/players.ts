import { addressesEqual, normalizeAddress } from '@nftkit/primitives';
import type { UniqueChain } from '@nftkit/sdk';
import type { TokenTotals } from '@nftkit/snake-protocol';
import { SnakeHttpError } from '../errors.js';
import { readTokenRecord, type TokenRecord } from './tokenRecord.js';
import type { ChainWriter } from './writer.js';

type Chain = ReturnType<typeof UniqueChain>;

/**
 * Players' tokens, always read from the chain (so every browser and device sees the same one). A player's token is
 * the lowest-id token they own in the game collection (a token the player received from someone may come first).
 */
export class Players {
  private readonly starting = new Map<string, Promise<TokenTotals>>();

  constructor(
    private readonly chain: Chain,
    private readonly collectionId: number,
    private readonly writer: ChainWriter,
  ) {}

  /** The player's token as the chain holds it now, or null. */
  async find(address: string): Promise<TokenRecord | null> {
    let owned: { tokenId: number }[];
    try {
      owned = await this.chain.collection.accountTokens({ collectionId: this.collectionId, address });
    } catch (error) {
      throw new SnakeHttpError(
        'SnakeChainError',
        `the tokens of address could not be read: ${String(error)}`,
      );
    }
    const ids = owned.map((t) => t.tokenId).sort((a, b) => a - b);
    for (const tokenId of ids) {
      const token = await this.chain.token.get({ collectionId: this.collectionId, tokenId });
      // The owner is compared by variant: an Ethereum address's token is not its Substrate mirror's.
      if (sameOwner(token.owner, address)) return readTokenRecord(token);
    }
    return null;
  }

  /**
   * The player's token, minted first when there is none. Presses of Start by one player share one attempt in this
   * instance; across instances the writer's nonce compare-and-set makes the second mint see the first and skip.
   * The chain is asked again after the mint, so the answer is what the chain holds.
   */
  ensure(address: string): Promise<TokenTotals> {
    const key = normalizeKey(address);
    const running = this.starting.get(key);
    if (running) return running;
    const attempt = (async () => {
      const existing = await this.find(address);
      if (existing) return existing.totals;
      // Asked again when the mint's batch is built: another instance may have minted for the player by then.
      await this.writer.mint(address, async () => (await this.find(address)) === null);
      const minted = await this.find(address);
      if (!minted)
        throw new SnakeHttpError(
          'SnakeChainError',
          'the token was minted but the chain does not show it yet',
        );
      return minted.totals;
    })().finally(() => this.starting.delete(key));
    this.starting.set(key, attempt);
    return attempt;
  }
}

const normalizeKey = (address: string): string => {
  try {
    return normalizeAddress(address);
  } catch {
    return address;
  }
};

const sameOwner = (owner: string, address: string): boolean => {
  try {
    return addressesEqual(owner, address);
  } catch {
    return false;
  }
};
