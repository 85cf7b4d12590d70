import type { TokenTotals } from '@nftkit/snake-protocol';
import { SnakeHttpError } from '../errors.js';
import type { GameTicket } from '../games/gameId.js';
import type { TokenRecord } from './tokenRecord.js';

/** The requests the writer serves (mints, results, sign-ins) and the calls a batch is made of. */

export type RecordOutcome = { status: 'applied' | 'already'; totals: TokenTotals };

interface Pending<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
  /** Sent in a batch of its own (after a batch with it failed as a whole). */
  solo?: boolean;
}
/** A key recorded in the token's `AppliedGames`: a game's, or a redeemed sign-in challenge's (docs §5). */
export type SpentKey = Pick<GameTicket, 'issuedAt' | 'key'>;
export type MintOp = Pending<boolean> & {
  kind: 'mint';
  address: string;
  /** Whether the player still has no token, asked of the chain when the batch is built. */
  needed(): Promise<boolean>;
  /** Recorded on the new token from the start (the challenge its owner signed in with). */
  spent: SpentKey | undefined;
};
export type RecordOp = Pending<RecordOutcome> & {
  kind: 'record';
  ticket: Pick<GameTicket, 'tokenId' | 'address' | 'issuedAt' | 'key'>;
  /** A game adds its score and one game played; a sign-in only spends its key. */
  game: { score: number } | null;
};
export type Op = MintOp | RecordOp;

/** One call of a batch, the requests it answers, and what to do when it lands or fails. */
export interface Call {
  readonly ops: readonly Op[];
  /** The token this call writes and the record it leaves there (a batch planned on top of this one reads it). */
  readonly writes?: { readonly tokenId: number; readonly record: TokenRecord };
  encode(): Promise<{ compactExtrinsic: string }>;
  landed(): void;
  failed(error: unknown): void;
}

export const chainError = (what: string, error: unknown) =>
  error instanceof SnakeHttpError
    ? error
    : new SnakeHttpError(
        'SnakeChainError',
        `${what}: ${error instanceof Error ? error.message : String(error)}`,
      );

/** Why a request cannot be written on its token, in the words of its route (a game's result, or a sign-in). */
export function refusal(op: RecordOp, why: 'gone' | 'owner' | 'too-old'): SnakeHttpError {
  const { tokenId } = op.ticket;
  if (op.game) {
    if (why === 'gone')
      return new SnakeHttpError(
        'SnakeNoToken',
        `gameId was issued for token ${tokenId}, which no longer exists`,
      );
    if (why === 'owner')
      return new SnakeHttpError(
        'SnakeNotYourGame',
        `gameId was issued for token ${tokenId}, which the player no longer owns`,
      );
    return new SnakeHttpError('SnakeGameExpired', 'gameId is older than every game kept on the token');
  }
  if (why === 'too-old')
    return new SnakeHttpError(
      'SnakeChallengeExpired',
      'message is older than every sign-in kept on the token',
    );
  return new SnakeHttpError(
    'SnakeChainError',
    `token ${tokenId} was ${why === 'gone' ? 'burnt' : 'transferred'} while signing in; sign in again`,
  );
}
