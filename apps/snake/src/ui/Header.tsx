import { memo, useState } from 'react';
import { Modal } from './Modal';

/** Spec §2: the Chinese label of the connect button and of the wallet popup's heading. */
export const CONNECT_WALLET_LABEL = '连接钱包';

/** Version on the left; on the right the wallet area (wallets themselves arrive with a later version). */
export const Header = memo(function Header({ appVersion }: { appVersion: string }) {
  const [open, setOpen] = useState(false);
  return (
    <header className="header">
      <span className="header__version">Version {appVersion}</span>
      <div className="header__wallet">
        <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
          {CONNECT_WALLET_LABEL}
        </button>
      </div>
      {open && (
        <Modal title={CONNECT_WALLET_LABEL} onClose={() => setOpen(false)}>
          <p>Wallet connection arrives in a later version. You can play without a wallet.</p>
        </Modal>
      )}
    </header>
  );
});
