import './token.css';
import '../ui/notice.css';
import { tokenText } from './strings';
import { useSnakeToken } from './useSnakeToken';

/** The dismissable message about the token (mint/update result or failure, MetaMask limitation). */
export function TokenNotice() {
  const { notice, dismissNotice } = useSnakeToken();
  if (!notice) return null;
  return (
    <div
      className={`token-notice token-notice-${notice.kind}`}
      role={notice.kind === 'error' ? 'alert' : 'status'}
      data-testid="token-notice"
    >
      <span className="token-notice__text">
        {notice.text}
        {notice.detail && (
          <span className="token-notice__detail" title={notice.detail} data-testid="token-notice-detail">
            {notice.detail}
          </span>
        )}
      </span>
      <button type="button" aria-label={tokenText.dismiss} onClick={dismissNotice}>
        ×
      </button>
    </div>
  );
}
