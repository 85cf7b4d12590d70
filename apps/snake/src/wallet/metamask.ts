import type { ChainConfig } from '../chain/config';
import { type Eip1193Provider, providerErrorCode, USER_REJECTED } from './eip1193';
import { metaMaskFailed, WalletError } from './errors';
import { walletMessages } from './strings';

/** EIP-3085 parameters of `wallet_addEthereumChain` for the configured network (native currency has 18 decimals). */
export function addChainParameters(config: ChainConfig) {
  return {
    chainId: config.evmChainIdHex,
    chainName: config.chainName,
    nativeCurrency: { name: config.nativeCurrencyName, symbol: config.nativeSymbol, decimals: 18 },
    rpcUrls: config.rpcUrls,
    ...(config.blockExplorerUrls.length > 0 ? { blockExplorerUrls: config.blockExplorerUrls } : {}),
  };
}

const toWalletError = (error: unknown): WalletError => {
  if (error instanceof WalletError) return error;
  if (providerErrorCode(error) === USER_REJECTED) {
    return new WalletError('USER_REJECTED', walletMessages.userRejected, { cause: error });
  }
  return metaMaskFailed(error);
};

const firstAccount = (value: unknown): string | null =>
  Array.isArray(value) && typeof value[0] === 'string' && value[0] !== '' ? value[0] : null;

/**
 * Connects MetaMask at the player's request: asks for accounts (`eth_requestAccounts`), then adds and switches to the
 * configured chain (spec §7 order). Returns the selected address. Errors carry spec §8's texts (4001 → `用户拒绝了访问。`).
 */
export async function connectMetaMask(
  provider: Eip1193Provider | null,
  config: ChainConfig,
): Promise<string> {
  if (!provider) throw new WalletError('METAMASK_NOT_INSTALLED', walletMessages.metaMaskInstall);
  try {
    const address = firstAccount(await provider.request({ method: 'eth_requestAccounts' }));
    if (!address) throw metaMaskFailed(new Error('No accounts found'));
    await provider.request({ method: 'wallet_addEthereumChain', params: [addChainParameters(config)] });
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: config.evmChainIdHex }],
    });
    return address;
  } catch (error) {
    throw toWalletError(error);
  }
}

/**
 * Auto-connect: `eth_accounts` only (never a prompt). Resolves the stored address when MetaMask still exposes it to
 * this site, else `null`.
 */
export async function reconnectMetaMask(
  provider: Eip1193Provider | null,
  storedAddress: string,
): Promise<string | null> {
  if (!provider) return null;
  const accounts = await provider.request({ method: 'eth_accounts' });
  if (!Array.isArray(accounts)) return null;
  const match = accounts.find(
    (a) => typeof a === 'string' && a.toLowerCase() === storedAddress.toLowerCase(),
  );
  return typeof match === 'string' ? match : null;
}
