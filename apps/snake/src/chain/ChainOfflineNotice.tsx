import { useEffect, useState } from 'react';
import '../ui/notice.css';
import { loadChunk } from '../ui/loadChunk';
import { watchChain } from './reachability';

export const chainOfflineText = (url: string) =>
  `本地链 ${url} 暂时无法连接：游戏照常进行，钱包和蛇 NFT 等链恢复后可用（npx nftkit-devnet）。`;

/** A line under the board while the local devnet does not answer; nothing on real networks or while it answers. */
export function ChainOfflineNotice() {
  const [offlineUrl, setOfflineUrl] = useState<string | null>(null);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    // The chain configuration (and the kit's chain table behind it) stays out of the initial bundle.
    void loadChunk(() => import('./config')).then(
      ({ chainConfig }) => {
        const { kind, baseUrl } = chainConfig();
        if (cancelled || kind !== 'devnet') return;
        stop = watchChain(baseUrl, (reachable) => setOfflineUrl(reachable ? null : baseUrl));
      },
      (error: unknown) => console.error('Failed to load the chain settings:', error),
    );
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
  if (offlineUrl === null) return null;
  return (
    <p className="token-notice token-notice-info" role="status" data-testid="chain-offline">
      {chainOfflineText(offlineUrl)}
    </p>
  );
}
