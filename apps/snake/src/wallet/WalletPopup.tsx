import { useEffect, useState } from 'react';
import { Modal } from '../ui/Modal';
import {
  choosePolkadotAccount,
  connectDevAccount,
  connectMetaMaskWallet,
  devAccounts,
  startPolkadotConnect,
} from './controller';
import type { PolkadotWalletAccount } from './polkadot';
import { setWalletState } from './store';
import { walletText } from './strings';
import { truncateAddress } from './truncate';
import { useWallet } from './useWallet';

export type WalletPopupProps = { onClose: () => void };

/**
 * The wallet login popup (spec §2): heading `连接钱包`, the Polkadot and MetaMask buttons, the devnet's dev accounts,
 * an account picker when an extension holds several, and the error paragraph. A native modal dialog (the game's
 * Modal): closes on success, on its close button and on Escape.
 */
export default function WalletPopup({ onClose }: WalletPopupProps) {
  const wallet = useWallet();
  const [choices, setChoices] = useState<PolkadotWalletAccount[] | null>(null);
  const busy = wallet.status === 'connecting';
  const dev = devAccounts();

  useEffect(() => {
    // A fresh popup shows only errors of what the player does in it.
    setWalletState({ errorMessage: null });
  }, []);

  useEffect(() => {
    if (wallet.status === 'connected') onClose();
  }, [wallet.status, onClose]);

  return (
    <Modal title={walletText.connectWallet} onClose={onClose} className="wallet-popup">
      {choices ? (
        <fieldset className="wallet-accounts">
          <legend>{walletText.chooseAccount}</legend>
          {choices.map((account) => (
            <button
              type="button"
              className="button button--ghost"
              key={`${account.wallet}:${account.address}`}
              onClick={() => choosePolkadotAccount(account)}
              title={account.address}
            >
              {account.name ? `${account.name} ` : ''}({truncateAddress(account.address)}) · {account.wallet}
            </button>
          ))}
        </fieldset>
      ) : (
        <div className="wallet-buttons">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={async () => {
              const several = await startPolkadotConnect();
              if (several) setChoices(several);
            }}
          >
            {walletText.connectPolkadot}
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void connectMetaMaskWallet()}
          >
            {walletText.connectMetaMask}
          </button>
        </div>
      )}
      {dev.length > 0 && !choices && (
        <fieldset className="wallet-dev-accounts">
          <legend>{walletText.devAccounts}</legend>
          {dev.map((account) => (
            <button
              type="button"
              className="button button--ghost"
              key={account.uri}
              disabled={busy}
              onClick={() => connectDevAccount(account.uri)}
            >
              {walletText.devAccountLabel(account.name)}
            </button>
          ))}
        </fieldset>
      )}
      {wallet.errorMessage !== null && (
        <p className="wallet-error" role="alert">
          {wallet.errorMessage}
        </p>
      )}
    </Modal>
  );
}
