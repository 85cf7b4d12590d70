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

  /**
   * Records a redeemed sign-in challenge on the player's token, so it works once whichever instance it is sent to;
   * a player without a token gets one minted with the record on it (signing in is then one block, not two).
   * Refuses with `SnakeChallengeUsed` when the token already has it.
   */
  async spendChallenge(address: string, spent: SpentKey): Promise<void> {
    // Twice at most: a mint that turned out not needed (another instance minted meanwhile) leaves a token to write.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const token = await this.find(address);
      if (!token) {
        if (await this.writer.mint(address, async () => (await this.find(address)) === null, spent)) return;
        continue;
      }
      const outcome = await this.writer.spend(token.totals.tokenId, address, spent);
      if (outcome.status === 'already')
        throw new SnakeHttpError('SnakeChallengeUsed', 'message was already used to sign in');
      return;
    }
    throw new SnakeHttpError(
      'SnakeChainError',
      'the token of address changed while signing in; sign in again',
    );
  }
}

/** The key of a sign-in on the token, as recorded by the writer. */
type SpentKey = Parameters<ChainWriter['spend']>[2];

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
