import './token.css';
import { tokenText } from './strings';
import { useSnakeToken } from './useSnakeToken';

/** Below the board: the player's token id, total score and games played, as read from or written to the chain. */
export function SnakeTokenPanel() {
  const { token } = useSnakeToken();
  if (!token) return null;
  return (
    <section className="snake-token" aria-label={tokenText.panelTitle} data-testid="snake-token">
      <h3>{tokenText.panelTitle}</h3>
      {/* Each label with its value, so a narrow panel wraps between pairs, never inside one (token.css). */}
      <dl>
        <div>
          <dt>{tokenText.tokenId}</dt>
          <dd data-testid="snake-token-id">
            {token.collectionId}/{token.tokenId}
          </dd>
        </div>
        <div>
          <dt>{tokenText.totalScore}</dt>
          <dd data-testid="snake-token-total">{token.totalScore}</dd>
        </div>
        <div>
          <dt>{tokenText.gamesPlayed}</dt>
          <dd data-testid="snake-token-games">{token.gamesPlayed}</dd>
        </div>
      </dl>
    </section>
  );
}
