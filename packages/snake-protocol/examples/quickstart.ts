import { createSnakeServiceClient, playRecordedGame, replayGame } from '@nftkit/snake-protocol';

/** Plays a recorded game locally and replays it, as the service does before it records a score. */
export function replayExample(): { score: number; replayed: number | null } {
  const game = playRecordedGame(42, (state) => (state.ticks === 3 ? ['UP'] : []));
  const replay = replayGame(game);
  return { score: game.score, replayed: replay.ok ? replay.score : null };
}

/** A session's round: sign in, start, send the result (`sign` is the wallet's signRaw / personal_sign). */
export async function playOnce(baseUrl: string, address: string, sign: (message: string) => Promise<string>) {
  const service = createSnakeServiceClient(baseUrl);
  const { message } = await service.challenge(address);
  const { session } = await service.session({ address, message, signature: await sign(message) });
  const { gameId, seed } = await service.startGame(session);
  const game = playRecordedGame(seed, () => []);
  return service.sendResult(session, {
    gameId,
    inputs: [...game.inputs],
    ticks: game.ticks,
    durationMs: 60_000,
  });
}
