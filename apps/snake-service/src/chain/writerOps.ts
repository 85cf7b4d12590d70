import type { TokenTotals } from '@nftkit/snake-protocol';
import { SnakeHttpError } from '../errors.js';
import type { GameTicket } from '../games/gameId.js';
import type { TokenRecord } from './tokenRecord.js';

/** The requests the writer serves (verified games) and the calls a batch is made of. */

/** `totals` is null when the game minted the player's token: its id is read from the chain afterwards. */
export type RecordOutcome = { status: 'applied' | 'already'; totals: TokenTotals | null };

/** A verified game as the writer records it. */
export interface GameToRecord {
  readonly score: number;
  /** When the game ended on the service's clock: no game of the player started before then is recorded after it. */
  readonly endedAt: number;
  /** The game as the token's `BestGame` keeps it, or null when it does not fit; asked only if it beats the best. */
  best(): string | null;
}

export type RecordOp = {
  readonly ticket: Pick<GameTicket, 'tokenId' | 'address' | 'issuedAt' | 'key'>;
  readonly game: GameToRecord;
  resolve(value: RecordOutcome): void;
  reject(error: unknown): void;
  /** Sent in a batch of its own (after a batch with it failed as a whole). */
  solo?: boolean;
};
export type Op = RecordOp;

/** One call of a batch, the requests it answers, and what to do when it lands or fails. */
export interface Call {
  readonly ops: readonly Op[];
  /** The token this call writes and the record it leaves there (a batch planned on top of this one reads it). */
  readonly writes?: { readonly tokenId: number; readonly record: TokenRecord };
  /** Whether the call mints (a batch with a mint in flight lets no other batch be planned on top of it). */
  readonly mints?: boolean;
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

/** Why a game cannot be written on its token. */
export function refusal(op: RecordOp, why: 'gone' | 'owner' | 'too-old' | 'forfeited'): SnakeHttpError {
  const { tokenId } = op.ticket;
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
  if (why === 'forfeited')
    return new SnakeHttpError(
      'SnakeGameForfeited',
      'gameId is no longer your open game: it was started before your latest recorded game ended',
    );
  return new SnakeHttpError('SnakeGameExpired', 'gameId is older than every game kept on the token');
}
