import type { Direction } from '@nftkit/snake-engine';
import { scoreOf } from '@nftkit/snake-engine';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ChainOfflineNotice } from '../chain/ChainOfflineNotice';
import { useBestScore } from '../hooks/useBestScore';
import { useBoardFit } from '../hooks/useBoardFit';
import { useGame, useGameValue } from '../hooks/useGame';
import { useKeyboard } from '../hooks/useKeyboard';
import { useReducedMotion } from '../hooks/useMediaQuery';
import { usePauseOnOverlay } from '../hooks/usePauseOnOverlay';
import { useSwipe } from '../hooks/useSwipe';
import { HowToPlayDialog } from '../howto/HowToPlayDialog';
import { LeaderboardButton } from '../leaderboard/LeaderboardButton';
import { gameServiceUrl } from '../service/config';
import { leaderboardText } from '../service/strings';
import { SnakeTokenPanel } from '../token/SnakeTokenPanel';
import { tokenText } from '../token/strings';
import { TokenNotice } from '../token/TokenNotice';
import { useSnakeToken } from '../token/useSnakeToken';
import { Footer } from '../ui/Footer';
import { Hint } from '../ui/Hint';
import { uiText } from '../ui/strings';
import { TouchControls } from '../ui/TouchControls';
import { useWallet } from '../wallet/useWallet';
import { GameOverOverlay } from './GameOverOverlay';
import { Header } from './Header';
import { LiveBoard } from './LiveBoard';
import { ScoreLine } from './ScoreLine';
import { tokenPath } from './tokenPath';
import { useWatchBest } from './useWatchBest';

type Status = 'idle' | 'playing' | 'paused' | 'over';

export function App() {
  const { best, record } = useBestScore();
  const snakeToken = useSnakeToken();
  // The token update runs once per finished game (not on Stop) and never blocks the board.
  // App re-renders when a game starts, pauses, ends or changes speed; ticks re-render only LiveBoard and ScoreLine.
  const { store, dispatch, start, watch, watching, isPlaying, isPaused, isGameOver, gameId, tickRate } =
    useGame({
      onGameOver: (s, played) => tokenPath.recordGame(scoreOf(s), played),
    });
  // 观看 on the leaderboard: a best game read from the chain, played back on the board (not the player's game).
  const watchBest = useWatchBest(watch);
  const watched = watching ? watchBest.watched : null;
  // A token must exist before the first game of a connected wallet; a failed mint keeps the game from starting.
  // With a game service, the game plays the service's seed (the service replays it).
  // Whether the game running (or just over) counts on a token: the game-over screen shows totals only if it does.
  const [counted, setCounted] = useState(false);
  const startWithToken = useCallback(async () => {
    const ticket = await tokenPath.prepareStart();
    if (!ticket) return;
    setCounted(ticket.counts);
    watchBest.stopWatching();
    start(ticket.seed ?? undefined);
  }, [start, watchBest.stopWatching]);
  // The final score, read once the game is over (it no longer changes then).
  const finalScore = useGameValue(store, (s) => (s.playground.isGameOver ? scoreOf(s) : 0));
  const status: Status = isGameOver ? 'over' : isPaused ? 'paused' : isPlaying ? 'playing' : 'idle';
  const [howToOpen, setHowToOpen] = useState(false);
  const motion = !useReducedMotion();
  const hasWallet = useWallet().session !== null;

  // A game played back takes no turns from the player.
  const turn = useCallback(
    (direction: Direction) => {
      if (!watching) dispatch({ type: 'turn', direction });
    },
    [dispatch, watching],
  );
  const togglePause = useCallback(() => dispatch({ type: 'togglePause' }), [dispatch]);
  const stop = useCallback(() => dispatch({ type: 'stop' }), [dispatch]);
  useKeyboard({ isPlaying: isPlaying && !watching, onTurn: turn, onTogglePause: togglePause });
  usePauseOnOverlay(dispatch);
  const swipe = useSwipe(turn);

  // A game ends by loss or by Stop; either way its score may be the new best. The best as it stood when the game
  // began tells the game-over screen whether this one beat it.
  const bestRef = useRef(best);
  bestRef.current = best;
  const bestAtStart = useRef(best);
  useEffect(() => {
    if (isPlaying) bestAtStart.current = bestRef.current;
  }, [isPlaying]);
  useEffect(() => {
    if (!isPlaying && gameId > 0 && !watching) record(scoreOf(store.game()));
  }, [isPlaying, gameId, record, store, watching]);

  // The clock pauses while the tab is hidden; the player resumes when back.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') dispatch({ type: 'pause' });
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [dispatch]);

  // Focus follows the game: the board while playing (so Space never presses a button), then Play again after a
  // loss or Start Play after Stop.
  const boardRef = useRef<HTMLDivElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const againRef = useRef<HTMLButtonElement>(null);
  const wasPlaying = useRef(false);
  useEffect(() => {
    if (isPlaying && !wasPlaying.current) boardRef.current?.focus({ preventScroll: true });
    if (!isPlaying && wasPlaying.current)
      (isGameOver ? againRef : startRef).current?.focus({ preventScroll: true });
    wasPlaying.current = isPlaying;
  }, [isPlaying, isGameOver]);

  const stageRef = useRef<HTMLDivElement>(null);
  const fit = useBoardFit(stageRef);

  return (
    <div className="app">
      <Header appVersion={store.game().appVersion} />
      <main className="main">
        <div className="hud">
          <h1 className="title">SNAKE</h1>
          {/* Two rows of fixed height, whatever shows in them: starting, minting or ending a game moves nothing. */}
          <div className="controls">
            <div className="controls__row">
              {!isPlaying && (
                <button type="button" className="button button--ghost" onClick={() => setHowToOpen(true)}>
                  How to play
                </button>
              )}
              {!isPlaying && <LeaderboardButton onWatch={watchBest.watchEntry} />}
            </div>
            <div className="controls__row">
              {isPlaying ? (
                <>
                  <button type="button" className="button" onClick={stop}>
                    Stop
                  </button>
                  <button
                    type="button"
                    className="button button--ghost controls__pause"
                    onClick={togglePause}
                  >
                    {isPaused ? 'Resume' : 'Pause'}
                  </button>
                </>
              ) : (
                <button
                  type="button"
                  className="button button--start"
                  ref={startRef}
                  onClick={startWithToken}
                  disabled={snakeToken.minting}
                  aria-busy={snakeToken.minting}
                >
                  {/* Both labels share one grid cell, so the button is as wide as the longer and never grows. */}
                  <span className="button__label" aria-hidden={snakeToken.minting}>
                    Start Play
                  </span>
                  <span className="button__label" aria-hidden={!snakeToken.minting}>
                    {tokenText.minting}
                  </span>
                </button>
              )}
            </div>
          </div>
          <ScoreLine store={store} best={best} />
          <p className="status" role="status" data-testid="status">
            {watchBest.loading ? (
              leaderboardText.loadingWatch
            ) : watched && status !== 'over' ? (
              leaderboardText.watching(watched.player, watched.score)
            ) : status === 'over' ? (
              uiText.gameOver
            ) : (
              <Hint {...uiText.hints[status]} />
            )}
          </p>
        </div>
        <div className="stage" ref={stageRef} data-testid="stage">
          <div
            className="board-frame"
            data-status={status}
            data-motion={motion ? 'on' : 'off'}
            style={
              fit
                ? ({
                    width: fit.size,
                    height: fit.size,
                    left: fit.left,
                    top: fit.top,
                    '--cell-size': `${fit.cellDevicePx}px`,
                    '--unscale': 1 / fit.dpr,
                  } as React.CSSProperties)
                : { visibility: 'hidden' }
            }
          >
            <LiveBoard
              store={store}
              status={status}
              boardRef={boardRef}
              {...swipe}
              period={tickRate}
              cell={fit?.cellDevicePx ?? 1}
              motion={motion}
            />
            {status === 'over' && (
              <GameOverOverlay
                score={finalScore}
                best={best}
                isNewBest={!watched && finalScore > 0 && finalScore > bestAtStart.current}
                onPlayAgain={startWithToken}
                busy={snakeToken.minting}
                hasWallet={hasWallet}
                counted={counted}
                watched={watched}
                buttonRef={againRef}
              />
            )}
          </div>
        </div>
        <div className="touch-area">
          {isPlaying && !watching && (
            <TouchControls onTurn={turn} onTogglePause={togglePause} isPaused={isPaused} />
          )}
        </div>
        <div className="info">
          <SnakeTokenPanel />
          {!hasWallet && <p className="info__hint">{uiText.tokenHint}</p>}
          <ChainOfflineNotice resultsKept={gameServiceUrl() !== null} onBack={tokenPath.retryNow} />
          <TokenNotice />
        </div>
      </main>
      <Footer />
      {howToOpen && <HowToPlayDialog onClose={() => setHowToOpen(false)} />}
    </div>
  );
}
