import type { Eip1193Provider, Eip6963ProviderDetail } from './eip1193';

export const METAMASK_RDNS = 'io.metamask';

type DiscoveryWindow = Pick<Window, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'> & {
  ethereum?: Eip1193Provider;
};

const isDetail = (value: unknown): value is Eip6963ProviderDetail => {
  if (typeof value !== 'object' || value === null) return false;
  const { info, provider } = value as Partial<Eip6963ProviderDetail>;
  return (
    typeof info?.rdns === 'string' &&
    typeof info.uuid === 'string' &&
    typeof (provider as Eip1193Provider | undefined)?.request === 'function'
  );
};

/**
 * EIP-6963 discovery: listens for `eip6963:announceProvider`, dispatches `eip6963:requestProvider`, and collects the
 * announcements made within `waitMs` (wallets answer synchronously; the wait only covers slow content scripts).
 */
export async function discoverEip6963Providers(
  win: DiscoveryWindow,
  waitMs = 50,
): Promise<Eip6963ProviderDetail[]> {
  const found = new Map<string, Eip6963ProviderDetail>();
  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (isDetail(detail) && !found.has(detail.info.uuid)) found.set(detail.info.uuid, detail);
  };
  win.addEventListener('eip6963:announceProvider', onAnnounce);
  try {
    win.dispatchEvent(new Event('eip6963:requestProvider'));
    if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
  } finally {
    win.removeEventListener('eip6963:announceProvider', onAnnounce);
  }
  return [...found.values()];
}

/** MetaMask's provider: its EIP-6963 announcement if any, else `window.ethereum` (legacy injection), else `null`. */
export async function findMetaMaskProvider(
  win: DiscoveryWindow,
  waitMs?: number,
): Promise<Eip1193Provider | null> {
  const announced = await discoverEip6963Providers(win, waitMs);
  const metamask = announced.find((d) => d.info.rdns === METAMASK_RDNS);
  if (metamask) return metamask.provider;
  const legacy = win.ethereum;
  if (legacy && typeof legacy.request === 'function') return legacy;
  return null;
}
