import {
  checkRecordedGame,
  type GameResultRequest,
  type GameTurn,
  leastGameDurationMs,
  replayGame,
} from '@nftkit/snake-protocol';
import { refuse } from '../errors.js';
import type { GameTicket } from './gameId.js';
import type { OpenGames } from './openGames.js';

/** A result that passed every check: the replayed score and the game as the token may keep it. */
export interface VerifiedGame {
  readonly score: number;
  readonly ticks: number;
  /** The turns the engine kept (what the token's best game stores). */
  readonly kept: readonly GameTurn[];
}

/**
 * The checks of a result, cheapest first, so that work growing with the claim runs only once every check that costs
 * nothing has passed: is it the player's open game here; could its ticks have been played since Start (the service's
 * own clock) and in `durationMs`; its turns' bounds and order; only then the replay, and the exact least duration
 * the replay gives. Counts the replays it runs (tests and benches read `replays`).
 */
export class ResultChecks {
  replays = 0;

  constructor(
    private readonly openGames: OpenGames,
    private readonly now: () => number,
  ) {}

  check(ticket: GameTicket, body: GameResultRequest): VerifiedGame {
    if (!this.openGames.isOpen(ticket))
      refuse('SnakeGameForfeited', 'gameId is no longer your open game: you started a later game');
    const elapsed = this.now() - ticket.issuedAt;
    const least = leastGameDurationMs(body.ticks);
    if (elapsed < least)
      refuse(
        'SnakeTooFast',
        `gameId was issued ${elapsed} ms ago, less than the ${least} ms that ${body.ticks} ticks take`,
      );
    if (body.durationMs < least)
      refuse(
        'SnakeTooFast',
        `durationMs ${body.durationMs} is shorter than the ${least} ms that ${body.ticks} ticks take`,
      );
    const game = { seed: ticket.seed, inputs: body.inputs, ticks: body.ticks };
    const bounds = checkRecordedGame(game);
    if (bounds)
      refuse(
        bounds.reason === 'TOO_MANY_INPUTS' ? 'SnakeTooManyInputs' : 'SnakeReplayMismatch',
        bounds.message,
      );
    this.replays += 1;
    const replay = replayGame(game);
    if (!replay.ok) return refuse('SnakeReplayMismatch', replay.message);
    if (body.durationMs < replay.minDurationMs)
      refuse(
        'SnakeTooFast',
        `durationMs ${body.durationMs} is shorter than the ${replay.minDurationMs} ms its ${replay.ticks + 1} ticks take`,
      );
    if (elapsed < replay.minDurationMs)
      refuse(
        'SnakeTooFast',
        `gameId was issued ${elapsed} ms ago, less than the ${replay.minDurationMs} ms the game takes`,
      );
    return { score: replay.score, ticks: replay.ticks, kept: replay.kept };
  }
}
