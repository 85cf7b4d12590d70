import type { Page } from '@playwright/test';

export type TestMetaMaskOptions = {
  /** The account it exposes. */
  address?: string;
  /** `eth_requestAccounts` / the chain requests fail with EIP-1193 code 4001 (the user clicked Reject). */
  reject?: 'accounts' | 'switchChain' | null;
  /** `wallet_addEthereumChain` fails with this message (code -32603), like a wallet that cannot reach the RPC. */
  addChainError?: string | null;
  /** Announce through EIP-6963 (default) and/or inject `window.ethereum`. */
  announce?: boolean;
  legacy?: boolean;
};

export type MetaMaskCall = { method: string; params?: unknown };

export const TEST_ETH_ADDRESS = '0x8a93d247134d91e0de6f96547cb0e4e1a9a06d67';

/**
 * Installs an EIP-1193 provider announced like MetaMask (EIP-6963 `io.metamask`, and/or `window.ethereum`). It records
 * every request in `window.__testMetaMask.calls`, counts prompts (`eth_requestAccounts`, chain add/switch), remembers
 * the connection in localStorage (so `eth_accounts` answers after a reload, like a real wallet), and rejects with
 * code 4001 when asked to.
 */
export async function installMetaMask(page: Page, options: TestMetaMaskOptions = {}): Promise<void> {
  await page.addInitScript(
    (config) => {
      type Listener = (...args: unknown[]) => void;
      type Log = {
        calls: { method: string; params?: unknown }[];
        prompts: number;
        emit: (event: string, ...args: unknown[]) => void;
      };
      const win = window as Window & { ethereum?: unknown; __testMetaMask?: Log };
      const listeners = new Map<string, Set<Listener>>();
      const log: Log = {
        calls: [],
        prompts: 0,
        emit: (event, ...args) => {
          for (const listener of listeners.get(event) ?? []) listener(...args);
        },
      };
      win.__testMetaMask = log;
      const CONNECTED = '__testMetaMaskConnected';
      let chainId = '0x1';
      const rejected = () => Object.assign(new Error('User rejected the request.'), { code: 4001 });
      const provider = {
        isMetaMask: true,
        async request({ method, params }: { method: string; params?: unknown }) {
          log.calls.push({ method, params });
          switch (method) {
            case 'eth_requestAccounts':
              log.prompts += 1;
              if (config.reject === 'accounts') throw rejected();
              localStorage.setItem(CONNECTED, 'yes');
              return [config.address];
            case 'eth_accounts':
              return localStorage.getItem(CONNECTED) === 'yes' ? [config.address] : [];
            case 'eth_chainId':
              return chainId;
            case 'wallet_addEthereumChain':
              log.prompts += 1;
              if (config.addChainError)
                throw Object.assign(new Error(config.addChainError), { code: -32603 });
              return null;
            case 'wallet_switchEthereumChain': {
              log.prompts += 1;
              if (config.reject === 'switchChain') throw rejected();
              const [target] = params as [{ chainId: string }];
              chainId = target.chainId;
              return null;
            }
            default:
              throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 });
          }
        },
        on(event: string, listener: Listener) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)!.add(listener);
        },
        removeListener(event: string, listener: Listener) {
          listeners.get(event)?.delete(listener);
        },
      };
      if (config.legacy) win.ethereum = provider;
      if (config.announce) {
        const detail = Object.freeze({
          info: {
            uuid: '7b3c6e1e-0000-4000-8000-000000000001',
            name: 'MetaMask',
            icon: 'data:,',
            rdns: 'io.metamask',
          },
          provider,
        });
        const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
        window.addEventListener('eip6963:requestProvider', announce);
        announce();
      }
    },
    {
      address: options.address ?? TEST_ETH_ADDRESS,
      reject: options.reject ?? null,
      addChainError: options.addChainError ?? null,
      announce: options.announce ?? true,
      legacy: options.legacy ?? false,
    },
  );
}

export const metaMaskLog = (page: Page): Promise<{ calls: MetaMaskCall[]; prompts: number }> =>
  page.evaluate(
    () =>
      (window as Window & { __testMetaMask?: { calls: MetaMaskCall[]; prompts: number } }).__testMetaMask!,
  );

/** Makes the test wallet emit an EIP-1193 event (e.g. `accountsChanged` with `[]` when the user disconnects the site). */
export const emitMetaMaskEvent = (page: Page, event: string, ...args: unknown[]): Promise<void> =>
  page.evaluate(
    ([name, values]) =>
      (
        window as Window & { __testMetaMask?: { emit: (event: string, ...args: unknown[]) => void } }
      ).__testMetaMask!.emit(name as string, ...(values as unknown[])),
    [event, args] as const,
  );
