import type { LeaderboardEntry } from '@nftkit/snake-protocol';
import { useState } from 'react';
import { gameServiceUrl } from '../service/config';
import { leaderboardText } from '../service/strings';
import { LazyPopup } from '../ui/LazyPopup';
import { Chunk, LazyChunk } from '../ui/lazyChunk';
import { useWallet } from '../wallet/useWallet';

// The dialog (and the protocol client it uses) loads when the player opens it.
const leaderboardDialog = new LazyChunk(() => import('./LeaderboardDialog'));

/**
 * `排行榜`: opens the leaderboard; shown only when a game service keeps one. `onWatch` plays an entry's best game
 * back on the board (the popup closes first).
 */
export function LeaderboardButton({ onWatch }: { onWatch: (entry: LeaderboardEntry) => void }) {
  const [open, setOpen] = useState(false);
  const { session } = useWallet();
  const url = gameServiceUrl();
  if (!url) return null;
  return (
    <>
      <button
        type="button"
        className="button button--ghost"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
      >
        {leaderboardText.open}
      </button>
      {open && (
        <LazyPopup title={leaderboardText.title} onClose={() => setOpen(false)}>
          <Chunk
            of={leaderboardDialog}
            serviceUrl={url}
            address={session?.address ?? null}
            onClose={() => setOpen(false)}
            onWatch={(entry: LeaderboardEntry) => {
              setOpen(false);
              onWatch(entry);
            }}
          />
        </LazyPopup>
      )}
    </>
  );
}
