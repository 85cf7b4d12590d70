import { describe, expect, it, vi } from 'vitest';
import { readChainConfig } from '../chain/config';
import type { Eip1193Provider } from './eip1193';
import { discoverEip6963Providers, findMetaMaskProvider } from './eip6963';
import { addChainParameters, connectMetaMask, reconnectMetaMask } from './metamask';
import { walletErrorMessage } from './walletError.test-helper';

const ACCOUNT = '0x8a93d247134d91e0de6f96547cb0e4e1a9a06d67';
const opal = readChainConfig({}, true);

type Call = { method: string; params?: unknown };

const fakeProvider = (answers: Record<string, (params: unknown) => unknown> = {}) => {
  const calls: Call[] = [];
  const provider: Eip1193Provider = {
    request: vi.fn(async ({ method, params }) => {
      calls.push({ method, params });
      const answer = answers[method];
      if (answer) return answer(params);
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ACCOUNT];
      return null;
    }),
  };
  return { provider, calls };
};

const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });

describe('connectMetaMask', () => {
  it('requests accounts, then adds and switches to the configured chain with EIP-3085 parameters', async () => {
    const { provider, calls } = fakeProvider();
    expect(await connectMetaMask(provider, opal)).toBe(ACCOUNT);
    expect(calls.map((c) => c.method)).toEqual([
      'eth_requestAccounts',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ]);
    expect(calls[1]?.params).toEqual([
      {
        chainId: '0x22b2',
        chainName: 'Opal by Unique',
        nativeCurrency: { name: 'Opal', symbol: 'OPL', decimals: 18 },
        rpcUrls: ['https://rpc-opal.unique.network'],
        blockExplorerUrls: ['https://uniquescan.io/opal/'],
      },
    ]);
    expect(calls[2]?.params).toEqual([{ chainId: '0x22b2' }]);
  });

  it('leaves out blockExplorerUrls when the network has none (the devnet)', () => {
    const params = addChainParameters(readChainConfig({ VITE_CHAIN_SYMBOL: 'DEV' }, false));
    expect(params).toEqual({
      chainId: '0x22b4',
      chainName: 'nftkit devnet',
      nativeCurrency: { name: 'Devnet', symbol: 'DEV', decimals: 18 },
      rpcUrls: ['http://127.0.0.1:9944'],
    });
  });

  it('says to install MetaMask when there is no provider', async () => {
    expect(await walletErrorMessage(connectMetaMask(null, opal))).toBe('请安装 MetaMask 扩展。');
  });

  it('says the user rejected access on code 4001, from the account request or the chain switch', async () => {
    const rejectAccounts = fakeProvider({
      eth_requestAccounts: () => {
        throw rpcError(4001, 'User rejected the request.');
      },
    });
    expect(await walletErrorMessage(connectMetaMask(rejectAccounts.provider, opal))).toBe('用户拒绝了访问。');
    const rejectSwitch = fakeProvider({
      wallet_switchEthereumChain: () => {
        throw rpcError(4001, 'User rejected the request.');
      },
    });
    expect(await walletErrorMessage(connectMetaMask(rejectSwitch.provider, opal))).toBe('用户拒绝了访问。');
  });

  it('reports any other failure with its reason', async () => {
    const failing = fakeProvider({
      wallet_addEthereumChain: () => {
        throw rpcError(-32603, 'Internal JSON-RPC error.');
      },
    });
    expect(await walletErrorMessage(connectMetaMask(failing.provider, opal))).toBe(
      '连接到 MetaMask 扩展失败: Internal JSON-RPC error.',
    );
    const empty = fakeProvider({ eth_requestAccounts: () => [] });
    expect(await walletErrorMessage(connectMetaMask(empty.provider, opal))).toBe(
      '连接到 MetaMask 扩展失败: No accounts found',
    );
  });
});

describe('reconnectMetaMask', () => {
  it('uses eth_accounts only, never a prompt', async () => {
    const { provider, calls } = fakeProvider();
    expect(await reconnectMetaMask(provider, ACCOUNT.toUpperCase().replace('0X', '0x'))).toBe(ACCOUNT);
    expect(calls.map((c) => c.method)).toEqual(['eth_accounts']);
  });

  it('gives null when the stored account is no longer exposed or there is no provider', async () => {
    const { provider } = fakeProvider({ eth_accounts: () => [] });
    expect(await reconnectMetaMask(provider, ACCOUNT)).toBeNull();
    expect(await reconnectMetaMask(null, ACCOUNT)).toBeNull();
  });
});

describe('EIP-6963 discovery', () => {
  const announcer = (details: { rdns: string; uuid: string; provider: Eip1193Provider }[]) => {
    const target = new EventTarget();
    target.addEventListener('eip6963:requestProvider', () => {
      for (const d of details) {
        const detail = {
          info: { uuid: d.uuid, name: d.rdns, icon: 'data:,', rdns: d.rdns },
          provider: d.provider,
        };
        target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
      }
    });
    return target as EventTarget & { ethereum?: Eip1193Provider };
  };

  it('collects announced providers once each', async () => {
    const a = fakeProvider().provider;
    const win = announcer([
      { rdns: 'io.rabby', uuid: '1', provider: a },
      { rdns: 'io.rabby', uuid: '1', provider: a },
    ]);
    const found = await discoverEip6963Providers(win, 0);
    expect(found.map((d) => d.info.rdns)).toEqual(['io.rabby']);
  });

  it('prefers MetaMask among the announced wallets', async () => {
    const rabby = fakeProvider().provider;
    const metamask = fakeProvider().provider;
    const win = announcer([
      { rdns: 'io.rabby', uuid: '1', provider: rabby },
      { rdns: 'io.metamask', uuid: '2', provider: metamask },
    ]);
    expect(await findMetaMaskProvider(win, 0)).toBe(metamask);
  });

  it('falls back to window.ethereum, then to null', async () => {
    const legacy = fakeProvider().provider;
    const win = announcer([]);
    win.ethereum = legacy;
    expect(await findMetaMaskProvider(win, 0)).toBe(legacy);
    expect(await findMetaMaskProvider(announcer([]), 0)).toBeNull();
  });
});
