import { addressesEqual } from '@nftkit/primitives';
import type { UniqueChain } from '@nftkit/sdk';
import { SnakeHttpError } from '../errors.js';
import { readTokenRecord, type TokenRecord } from './tokenRecord.js';

type Chain = ReturnType<typeof UniqueChain>;

/**
 * Players' tokens, always read from the chain (so every browser and device sees the same one). A player's token is
 * the lowest-id token they own in the game collection (a token the player received from someone may come first).
 * Tokens are minted by the writer, with the player's first verified game.
 */
export class Players {
  /** `seen` is told of every token found, as the chain holds it at the time of the read. */
  constructor(
    private readonly chain: Chain,
    private readonly collectionId: number,
    private readonly seen: (record: TokenRecord) => void = () => {},
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
      if (sameOwner(token.owner, address)) {
        const record = readTokenRecord(token);
        this.seen(record);
        return record;
      }
    }
    return null;
  }
}

const sameOwner = (owner: string, address: string): boolean => {
  try {
    return addressesEqual(owner, address);
  } catch {
    return false;
  }
};
