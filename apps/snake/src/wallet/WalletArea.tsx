import './wallet.css';
import { useEffect, useState } from 'react';
import { LazyPopup } from '../ui/LazyPopup';
import { Chunk, LazyChunk } from '../ui/lazyChunk';
import { loadChunk } from '../ui/loadChunk';
import { browserStorage, readStoredWallet } from './storage';
import { disconnectWallet, setWalletState } from './store';
import { walletText } from './strings';
import { truncateAddress } from './truncate';
import { useWallet } from './useWallet';

// The popup (and with it the wallet and kit code) loads only when the player opens it.
const walletPopup = new LazyChunk(() => import('./WalletPopup'));

let autoConnectStarted = false;

/**
 * The header's wallet area (spec §2): `连接钱包` when disconnected; `已连接:` + address, `余额:` + balance and
 * `断开连接` when connected. On mount it reconnects a stored wallet (loading the wallet code only then).
 */
export function WalletArea() {
  const wallet = useWallet();
  const [popupOpen, setPopupOpen] = useState(false);

  useEffect(() => {
    const storage = browserStorage();
    if (autoConnectStarted || !storage || !readStoredWallet(storage)) return;
    autoConnectStarted = true;
    void loadChunk(() => import('./controller')).then(
      (controller) => controller.autoConnect(),
      (error: unknown) => console.error('Failed to load the wallet code:', error),
    );
  }, []);

  // The popup showed its error; closed, it takes the error with it (an auto-connect failure, shown without it, stays).
  const closePopup = () => {
    setPopupOpen(false);
    setWalletState({ errorMessage: null });
  };

  const { session } = wallet;
  return (
    <div className="wallet-area header__wallet" data-testid="wallet-area">
      {session ? (
        <>
          {/* One line beside the button; two small lines on a narrow screen, so the header never grows (wallet.css). */}
          <span className="wallet-details">
            <span className="wallet-address" title={session.address}>
              {walletText.connected} {truncateAddress(session.address)}
            </span>
            {wallet.balance !== null && (
              <span className="wallet-balance" title={`${walletText.balance} ${wallet.balance}`}>
                {walletText.balance} {wallet.balance}
              </span>
            )}
            {wallet.balanceError !== null && (
              <span className="wallet-error" role="alert">
                {wallet.balanceError}
              </span>
            )}
          </span>
          <button type="button" className="button button--ghost" onClick={disconnectWallet}>
            {walletText.disconnect}
          </button>
        </>
      ) : (
        <>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => setPopupOpen(true)}
            disabled={wallet.status === 'connecting'}
            aria-haspopup="dialog"
          >
            {wallet.status === 'connecting' ? walletText.connecting : walletText.connectWallet}
          </button>
          {!popupOpen && wallet.errorMessage !== null && (
            <span className="wallet-error" role="alert">
              {wallet.errorMessage}
            </span>
          )}
        </>
      )}
      {popupOpen && (
        <LazyPopup title={walletText.connectWallet} onClose={closePopup}>
          <Chunk of={walletPopup} onClose={closePopup} />
        </LazyPopup>
      )}
    </div>
  );
}
