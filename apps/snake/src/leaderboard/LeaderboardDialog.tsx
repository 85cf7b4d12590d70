import './leaderboard.css';
import type { LeaderboardEntry, LeaderboardResponse } from '@nftkit/snake-protocol';
import { useEffect, useState } from 'react';
import { describeFailure } from '../service/serviceNotices';
import { serviceReasons, leaderboardText as text } from '../service/strings';
import type { FailureText } from '../token/failureNotice';
import { loadChunk } from '../ui/loadChunk';
import { Modal } from '../ui/Modal';
import { truncateAddress } from '../wallet/truncate';

/** Rows per page. */
export const LEADERBOARD_PAGE_SIZE = 10;

type Load =
  | { state: 'loading' }
  | { state: 'done'; answer: LeaderboardResponse }
  | { state: 'error'; failure: FailureText };

const detailOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function Row({
  entry,
  mine,
  onWatch,
}: {
  entry: LeaderboardEntry;
  mine: boolean;
  onWatch: (entry: LeaderboardEntry) => void;
}) {
  const best = entry.bestScore ?? null;
  return (
    <tr
      className={mine ? 'leaderboard__row leaderboard__row--mine' : 'leaderboard__row'}
      aria-current={mine ? 'true' : undefined}
      data-testid="leaderboard-row"
    >
      <td>{entry.rank}</td>
      <td title={entry.address}>
        {truncateAddress(entry.address)}
        {mine ? ` ${text.you}` : ''}
      </td>
      <td>{entry.totalScore}</td>
      <td>{entry.gamesPlayed}</td>
      <td>
        {best !== null && (
          <button
            type="button"
            className="leaderboard__watch"
            onClick={() => onWatch(entry)}
            aria-label={text.watchLabel(best)}
            title={text.watchLabel(best)}
          >
            {text.watch}
          </button>
        )}
      </td>
    </tr>
  );
}

/**
 * Top players by TotalScore (ties: fewer games first), read from the chain by the game service; paged, with the
 * connected player's own row highlighted and their rank shown even when it is on another page.
 */
export default function LeaderboardDialog({
  serviceUrl,
  address,
  onClose,
  onWatch,
}: {
  serviceUrl: string;
  address: string | null;
  onClose: () => void;
  /** 观看: play the entry's best game back on the board (the dialog closes). */
  onWatch: (entry: LeaderboardEntry) => void;
}) {
  const [page, setPage] = useState(0);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    const failed = (failure: FailureText) => live && setLoad({ state: 'error', failure });
    loadChunk(() => import('../service/serviceCalls')).then(
      (c) =>
        c
          .serviceClient(serviceUrl)
          .leaderboard({
            offset: page * LEADERBOARD_PAGE_SIZE,
            limit: LEADERBOARD_PAGE_SIZE,
            ...(address ? { address } : {}),
          })
          .then(
            (answer) => live && setLoad({ state: 'done', answer }),
            (error: unknown) => failed(describeFailure(c, error)),
          ),
      (error: unknown) => failed({ reason: serviceReasons.codeFailed, detail: detailOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [serviceUrl, address, page]);

  const answer = load.state === 'done' ? load.answer : null;
  const pages = answer ? Math.max(1, Math.ceil(answer.total / LEADERBOARD_PAGE_SIZE)) : 1;
  const player = answer?.player ?? null;
  const isMine = (entry: LeaderboardEntry) => player !== null && entry.tokenId === player.tokenId;
  const playerShown = answer !== null && player !== null && answer.entries.some(isMine);

  return (
    <Modal title={text.title} onClose={onClose} className="leaderboard">
      {address !== null && answer && (
        <p className="leaderboard__me" data-testid="leaderboard-me">
          {player ? text.myRank(player.rank) : text.notRanked}
        </p>
      )}
      {load.state === 'loading' && <p>{text.loading}</p>}
      {load.state === 'error' && (
        <div role="alert">
          <p className="leaderboard__failed">{text.failed(load.failure.reason)}</p>
          {load.failure.detail && <p className="leaderboard__detail">{load.failure.detail}</p>}
        </div>
      )}
      {answer && answer.entries.length === 0 && <p>{text.empty}</p>}
      {answer && answer.entries.length > 0 && (
        <table className="leaderboard__table">
          <thead>
            <tr>
              <th scope="col">{text.rank}</th>
              <th scope="col">{text.player}</th>
              <th scope="col">{text.totalScore}</th>
              <th scope="col">
                {/* A phone shows the short form, so five columns fit 360 px (leaderboard.css). */}
                <span className="leaderboard__long">{text.gamesPlayed}</span>
                <abbr className="leaderboard__short" title={text.gamesPlayed}>
                  {text.gamesPlayedShort}
                </abbr>
              </th>
              <th scope="col">{text.best}</th>
            </tr>
          </thead>
          <tbody>
            {answer.entries.map((entry) => (
              <Row key={entry.tokenId} entry={entry} mine={isMine(entry)} onWatch={onWatch} />
            ))}
          </tbody>
          {player && !playerShown && (
            <tfoot>
              <Row entry={player} mine onWatch={onWatch} />
            </tfoot>
          )}
        </table>
      )}
      {answer && pages > 1 && (
        <nav className="leaderboard__pages" aria-label={text.pages}>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setPage((p) => p - 1)}
            disabled={page === 0}
          >
            {text.previous}
          </button>
          <span>{text.page(page + 1, pages)}</span>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setPage((p) => p + 1)}
            disabled={page + 1 >= pages}
          >
            {text.next}
          </button>
        </nav>
      )}
    </Modal>
  );
}
