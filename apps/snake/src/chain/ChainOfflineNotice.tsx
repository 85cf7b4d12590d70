import { useEffect, useRef, useState } from 'react';
import '../ui/notice.css';
import { loadChunk } from '../ui/loadChunk';
import { watchChain } from './reachability';

/** The line under the board while the devnet does not answer; `resultsKept` when results wait in the browser. */
export const chainOfflineText = (url: string, resultsKept: boolean) =>
  resultsKept
    ? `本地链 ${url} 暂时无法连接：游戏照常进行，成绩保存在本机，链恢复后自动提交（npx nftkit-devnet）。`
    : `本地链 ${url} 暂时无法连接：游戏照常进行，但蛇 NFT 要等链恢复后才能创建和更新（npx nftkit-devnet）。`;

/**
 * A line under the board while the local devnet does not answer; nothing on real networks or while it answers.
 * `resultsKept`: this build keeps finished games in the browser until the chain takes them (the game service's
 * path). `onBack` runs when the chain answers again after it did not.
 */
export function ChainOfflineNotice({ resultsKept, onBack }: { resultsKept: boolean; onBack?: () => void }) {
  const [offlineUrl, setOfflineUrl] = useState<string | null>(null);
  const back = useRef(onBack);
  back.current = onBack;
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    let wasDown = false;
    // The chain configuration (and the kit's chain table behind it) stays out of the initial bundle.
    void loadChunk(() => import('./config')).then(
      ({ chainConfig }) => {
        const { kind, baseUrl } = chainConfig();
        if (cancelled || kind !== 'devnet') return;
        stop = watchChain(baseUrl, (reachable) => {
          setOfflineUrl(reachable ? null : baseUrl);
          if (reachable && wasDown) back.current?.();
          wasDown = !reachable;
        });
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
      {chainOfflineText(offlineUrl, resultsKept)}
    </p>
  );
}
