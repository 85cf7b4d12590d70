import type { Direction } from '@nftkit/snake-engine';
import { isScoreShown, scoreOf } from '@nftkit/snake-engine';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ChainOfflineNotice } from '../chain/ChainOfflineNotice';
import { useBestScore } from '../hooks/useBestScore';
import { useGame } from '../hooks/useGame';
import { useKeyboard } from '../hooks/useKeyboard';
import { useSwipe } from '../hooks/useSwipe';
import { HowToPlayDialog } from '../howto/HowToPlayDialog';
import { LeaderboardButton } from '../leaderboard/LeaderboardButton';
import { SnakeTokenPanel } from '../token/SnakeTokenPanel';
import { tokenText } from '../token/strings';
import { TokenNotice } from '../token/TokenNotice';
import { useSnakeToken } from '../token/useSnakeToken';
import { Board } from '../ui/Board';
import { Footer } from '../ui/Footer';
import { Header } from '../ui/Header';
import { TouchControls } from '../ui/TouchControls';

type Status = 'idle' | 'playing' | 'paused' | 'over';

const STATUS_TEXT: Record<Status, string> = {
  idle: 'Press Start Play. Steer with the arrow keys or WASD.',
  playing: 'Space or P pauses.',
  paused: 'Paused. Press Space or P to resume.',
  over: 'Game over!',
};

export function App() {
  const { best, record } = useBestScore();
  const snakeToken = useSnakeToken();
  const { recordGame, prepareStart } = snakeToken;
  // The token update runs once per finished game (not on Stop) and never blocks the board.
  const { state, dispatch, start } = useGame({
    onGameOver: (s, played) => recordGame(scoreOf(s), played),
  });
  // A token must exist before the first game of a connected wallet; a failed mint keeps the game from starting.
  // With a game service, the game plays the service's seed (the service replays it).
  const startWithToken = useCallback(async () => {
    const ticket = await prepareStart();
    if (ticket) start(ticket.seed ?? undefined);
  }, [prepareStart, start]);
  const { isPlaying, isPaused, snake, snack, gameId } = state;
  const { isGameOver } = state.playground;
  const score = scoreOf(state);
  const status: Status = isGameOver ? 'over' : isPaused ? 'paused' : isPlaying ? 'playing' : 'idle';
  const [howToOpen, setHowToOpen] = useState(false);

  const turn = useCallback((direction: Direction) => dispatch({ type: 'turn', direction }), [dispatch]);
  const togglePause = useCallback(() => dispatch({ type: 'togglePause' }), [dispatch]);
  const stop = useCallback(() => dispatch({ type: 'stop' }), [dispatch]);
  useKeyboard({ isPlaying, onTurn: turn, onTogglePause: togglePause });
  const swipe = useSwipe(turn);

  // A game ends by loss or by Stop; either way its score may be the new best.
  const scoreRef = useRef(score);
  scoreRef.current = score;
  useEffect(() => {
    if (!isPlaying && gameId > 0) record(scoreRef.current);
  }, [isPlaying, gameId, record]);

  // The clock pauses while the tab is hidden; the player resumes when back.
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') dispatch({ type: 'pause' });
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [dispatch]);

  // Focus follows the game: the board while playing (so Space never presses a button), Start Play after.
  const boardRef = useRef<HTMLDivElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const wasPlaying = useRef(false);
  useEffect(() => {
    if (isPlaying && !wasPlaying.current) boardRef.current?.focus({ preventScroll: true });
    if (!isPlaying && wasPlaying.current) startRef.current?.focus({ preventScroll: true });
    wasPlaying.current = isPlaying;
  }, [isPlaying]);

  return (
    <div className="app">
      <Header appVersion={state.appVersion} />
      <main className="main">
        <h1 className="title">SNAKE</h1>
        <div className="controls">
          {!isPlaying && (
            <button type="button" className="button button--ghost" onClick={() => setHowToOpen(true)}>
              How to play
            </button>
          )}
          {!isPlaying && <LeaderboardButton />}
          {isPlaying ? (
            <>
              <button type="button" className="button" onClick={stop}>
                Stop
              </button>
              <button type="button" className="button button--ghost" onClick={togglePause}>
                {isPaused ? 'Resume' : 'Pause'}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button"
              ref={startRef}
              onClick={startWithToken}
              disabled={snakeToken.minting}
              aria-busy={snakeToken.minting}
            >
              {snakeToken.minting ? tokenText.minting : 'Start Play'}
            </button>
          )}
        </div>
        <section className="playground" aria-label="Playground">
          <div className="scoreline">
            <p className="scoreline__score" aria-live="polite" aria-atomic="true" data-testid="score">
              {isScoreShown(score) ? `Score: ${score}` : ''}
            </p>
            <p className="scoreline__best" data-testid="best">
              Best: {best}
            </p>
          </div>
          <p className="status" role="status" data-testid="status">
            {STATUS_TEXT[status]}
          </p>
          <Board
            snake={snake}
            snack={snack}
            isGameOver={isGameOver}
            status={status}
            boardRef={boardRef}
            {...swipe}
          />
          <ChainOfflineNotice />
          <TokenNotice />
          <SnakeTokenPanel />
          {isPlaying && <TouchControls onTurn={turn} onTogglePause={togglePause} isPaused={isPaused} />}
        </section>
      </main>
      <Footer />
      {howToOpen && <HowToPlayDialog onClose={() => setHowToOpen(false)} />}
    </div>
  );
}
