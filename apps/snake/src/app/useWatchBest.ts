import type { LeaderboardEntry } from '@nftkit/snake-protocol';
import { useCallback, useState } from 'react';
import type { WatchedGame } from '../hooks/useGame';
import { gameServiceUrl } from '../service/config';
import { leaderboardText } from '../service/strings';
import { failureNotice } from '../token/failureNotice';
import { describeChainFailure } from '../token/strings';
import { setTokenState } from '../token/tokenState';
import { loadChunk } from '../ui/loadChunk';
import { truncateAddress } from '../wallet/truncate';

/** The best game being watched (or last watched): whose it is and its recorded score. */
export type Watched = { player: string; score: number };

/**
 * 观看 on the leaderboard: reads the entry's best game from the chain, checks it with the engine and plays it back
 * on the board (`watch`). While it loads, `loading`; a failure is said in the notice under the board.
 */
export function useWatchBest(watch: (game: WatchedGame) => void) {
  const [watched, setWatched] = useState<Watched | null>(null);
  const [loading, setLoading] = useState(false);
  const watchEntry = useCallback(
    async (entry: LeaderboardEntry) => {
      const url = gameServiceUrl();
      if (!url) return;
      setLoading(true);
      try {
        const { loadBestGame } = await loadChunk(() => import('../leaderboard/bestGame'));
        const game = await loadBestGame(url, entry.tokenId);
        setWatched({ player: truncateAddress(entry.address), score: game.score });
        setTokenState({ notice: null });
        watch(game);
      } catch (error) {
        console.error('Failed to watch the best game:', error);
        const { BestGameError } = await loadChunk(() => import('../leaderboard/bestGame')).catch(() => ({
          BestGameError: null,
        }));
        const failure =
          BestGameError && error instanceof BestGameError
            ? {
                reason:
                  error.reason === 'none' ? leaderboardText.noBestGame : leaderboardText.unverifiedBestGame,
                detail: error.message,
              }
            : describeChainFailure(error);
        setTokenState({ notice: failureNotice(failure, leaderboardText.watchFailed) });
      } finally {
        setLoading(false);
      }
    },
    [watch],
  );
  /** A game of the player's own starts: no game is watched any more. */
  const stopWatching = useCallback(() => setWatched(null), []);
  return { watched, loading, watchEntry, stopWatching };
}
