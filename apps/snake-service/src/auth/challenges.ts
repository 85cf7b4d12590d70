import { randomBytes } from 'node:crypto';
import {
  buildChallengeMessage,
  CHALLENGE_TTL_MS,
  parseChallengeMessage,
  SIGN_IN_STATEMENT,
} from '@nftkit/snake-protocol';
import { refuse } from '../errors.js';
import { mac, sameMac } from './keys.js';
import { verifyMessageSignature } from './signature.js';

export interface ChallengeOrigin {
  /** The page's origin, e.g. `http://127.0.0.1:5173`. */
  readonly uri: string;
  readonly domain: string;
}

/** A redeemed challenge: the key it is recorded under on the player's token, and when it was issued. */
export interface RedeemedChallenge {
  readonly nonce: string;
  readonly key: string;
  readonly issuedAt: number;
}

/**
 * One-time sign-in challenges without a store of issued ones: the nonce is a random part plus an HMAC over every
 * other field, so only this service (or an instance sharing its secret) can have issued a text, and no field can be
 * edited. "Works once" needs memory shared by every instance: the chain. A redeemed challenge's key is recorded on
 * the player's token by the writer (docs/decisions/game-service.md §5); the nonces kept here until they expire only
 * turn away a second use at this instance before any write (and two uses at once in one batch).
 */
export class Challenges {
  private readonly used = new Map<string, number>();

  constructor(
    private readonly key: Uint8Array,
    private readonly chainId: number,
    private readonly now: () => number = Date.now,
  ) {}

  private macOf(fields: {
    domain: string;
    address: string;
    uri: string;
    random: string;
    issuedAt: string;
    expiresAt: string;
  }) {
    const text = [
      fields.domain,
      fields.address,
      fields.uri,
      this.chainId,
      fields.random,
      fields.issuedAt,
      fields.expiresAt,
    ];
    return Buffer.from(mac(this.key, text.join('\n'), 16), 'base64url').toString('hex');
  }

  issue(address: string, origin: ChallengeOrigin): { message: string; expiresAt: string } {
    const issued = this.now();
    const issuedAt = new Date(issued).toISOString();
    const expiresAt = new Date(issued + CHALLENGE_TTL_MS).toISOString();
    const random = randomBytes(8).toString('hex');
    const nonce = random + this.macOf({ ...origin, address, random, issuedAt, expiresAt });
    const message = buildChallengeMessage({
      domain: origin.domain,
      address,
      statement: SIGN_IN_STATEMENT,
      uri: origin.uri,
      chainId: this.chainId,
      nonce,
      issuedAt,
      expiresAt,
    });
    return { message, expiresAt };
  }

  /**
   * Checks a signed challenge and marks it used at this instance; throws the contract's refusal naming the field.
   * The caller records it on the chain, and calls `release` when that write failed (so the player may try again).
   */
  redeem(address: string, message: string, signature: string): RedeemedChallenge {
    const fields = parseChallengeMessage(message);
    if (!fields) refuse('SnakeBadChallenge', 'message is not a sign-in challenge of this service');
    if (fields.address !== address)
      refuse('SnakeBadChallenge', 'message was issued for another address than address');
    const random = fields.nonce.slice(0, 16);
    const expected = this.macOf({ ...fields, random });
    if (
      fields.chainId !== this.chainId ||
      fields.statement !== SIGN_IN_STATEMENT ||
      !sameMac(fields.nonce.slice(16), expected)
    )
      refuse('SnakeBadChallenge', 'message was not issued by this service (a field was changed)');
    const expires = Date.parse(fields.expiresAt);
    const now = this.now();
    if (!(expires > now)) refuse('SnakeChallengeExpired', `message expired at ${fields.expiresAt}`);
    if (this.used.has(fields.nonce)) refuse('SnakeChallengeUsed', 'message was already used to sign in');
    if (!verifyMessageSignature(address, message, signature))
      refuse('SnakeBadSignature', 'signature is not a signature of message by address');
    this.forgetExpired(now);
    this.used.set(fields.nonce, expires);
    // The random part is the service's own and covered by the HMAC: unique per challenge (44 bits kept).
    return { nonce: fields.nonce, key: `~${random.slice(0, 11)}`, issuedAt: Date.parse(fields.issuedAt) };
  }

  /** Forgets that `nonce` was used here (its chain write failed: nothing was recorded). */
  release(nonce: string): void {
    this.used.delete(nonce);
  }

  private forgetExpired(now: number): void {
    for (const [nonce, expires] of this.used) if (expires <= now) this.used.delete(nonce);
  }
}
