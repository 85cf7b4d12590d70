import type { Direction } from '@nftkit/snake-engine';
import { memo } from 'react';

const BUTTONS: readonly { direction: Direction; label: string; symbol: string }[] = [
  { direction: 'UP', label: 'Up', symbol: '▲' },
  { direction: 'LEFT', label: 'Left', symbol: '◀' },
  { direction: 'DOWN', label: 'Down', symbol: '▼' },
  { direction: 'RIGHT', label: 'Right', symbol: '▶' },
];

/** On-screen arrows, shown by CSS on touch screens only. */
export const TouchControls = memo(function TouchControls({
  onTurn,
  onTogglePause,
  isPaused,
}: {
  onTurn: (direction: Direction) => void;
  onTogglePause: () => void;
  isPaused: boolean;
}) {
  return (
    <div className="touch" data-testid="touch-controls">
      {BUTTONS.map(({ direction, label, symbol }) => (
        <button
          key={direction}
          type="button"
          className={`touch__button touch__button--${direction.toLowerCase()}`}
          aria-label={label}
          // pointerdown, not click: a click waits for the finger to lift and turns feel late
          onPointerDown={(event) => {
            event.preventDefault();
            onTurn(direction);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') onTurn(direction);
          }}
        >
          {symbol}
        </button>
      ))}
      <button type="button" className="touch__button touch__button--pause" onClick={onTogglePause}>
        {isPaused ? 'Resume' : 'Pause'}
      </button>
    </div>
  );
});
