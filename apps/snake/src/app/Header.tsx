import { memo } from 'react';
import { WalletArea } from '../wallet/WalletArea';

/** Spec §2: the Chinese label of the connect button and of the wallet popup's heading. */
export const CONNECT_WALLET_LABEL = '连接钱包';

/** Version on the left; on the right the wallet area (connect, address and balance, disconnect). */
export const Header = memo(function Header({ appVersion }: { appVersion: string }) {
  return (
    <header className="header">
      <span className="header__version">Version {appVersion}</span>
      <WalletArea />
    </header>
  );
});
