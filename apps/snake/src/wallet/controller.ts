// Everything that talks to a wallet or the chain for the header and the popup. Loaded with `import()` when the
// popup opens or a stored wallet reconnects, so the kit stays out of the initial bundle.

import type { Account } from '@nftkit/sdk';
import {
  DEV_ACCOUNT_URIS,
  fetchMetadataDefinition,
  type InjectedExtension,
  offerMetadata,
  PolkadotExtensionAccount,
  Sr25519Account,
  UniqueChain,
} from '@nftkit/sdk';
import { chainConfig } from '../chain/config';
import { balanceLabel } from './balance';
import type { Eip1193Provider } from './eip1193';
import { findMetaMaskProvider } from './eip6963';
import { metaMaskFailed, polkadotFailed, WalletError, walletErrorMessage } from './errors';
import type { InjectedWeb3 } from './injected';
import { connectMetaMask, reconnectMetaMask } from './metamask';
import { APP_NAME, loadPolkadotAccounts, type PolkadotWalletAccount } from './polkadot';
import type { WalletChainClient, WalletSession } from './session';
import { keyMessageSigner, metaMaskMessageSigner, polkadotMessageSigner } from './signMessage';
import { browserStorage, readStoredWallet, type StoredWallet, storeWallet } from './storage';
import { disconnectWallet, getWalletState, setWalletState } from './store';
import { walletMessages } from './strings';

type PageWindow = Window & { injectedWeb3?: InjectedWeb3; ethereum?: Eip1193Provider };

const page = (): PageWindow => window as PageWindow;

// The devnet makes a block every second or so: poll its status often (the sdk's default of 3 s, meant for real
// networks, would make Start wait three blocks). Long polling replaces this when the browser can see the server's
// long-poll header.
const DEVNET_STATUS_OPTIONS = { timeout: 200, retries: 150 };

function chainClient(account?: Account): WalletChainClient {
  const config = chainConfig();
  return UniqueChain({
    baseUrl: config.baseUrl,
    ...(account ? { account } : {}),
    ...(config.kind === 'devnet' ? { statusOptions: DEVNET_STATUS_OPTIONS } : {}),
  });
}

/** Fetches the balance into the header; a failure shows `Failed to fetch balance` (and is logged). */
export async function refreshBalance(): Promise<void> {
  const session = getWalletState().session;
  if (!session) return;
  try {
    const answer = await session.client.balance.get({ address: session.address });
    if (getWalletState().session !== session) return;
    const symbol = chainConfig().symbol ?? answer.tokenSymbol;
    setWalletState({ balance: balanceLabel(answer.available, answer.decimals, symbol), balanceError: null });
  } catch (error) {
    console.error(walletMessages.balanceFailed, error);
    if (getWalletState().session === session) setWalletState({ balanceError: walletMessages.balanceFailed });
  }
}

function connected(session: WalletSession, stored: StoredWallet): void {
  const storage = browserStorage();
  if (storage) storeWallet(storage, stored);
  setWalletState({ status: 'connected', session, balance: null, balanceError: null, errorMessage: null });
  void refreshBalance();
}

const fail = (message: string): void => {
  setWalletState({ status: 'disconnected', session: null, errorMessage: message });
};

export type AccountChoice = Pick<PolkadotWalletAccount, 'address' | 'name' | 'wallet'>;

/**
 * The player asked to connect a Polkadot extension: enables the extensions and lists their accounts. With one
 * account it connects at once (returns `null`); with several it returns them for the player to pick.
 * Errors go to the wallet state's `errorMessage` (spec §8 texts); the function then returns `null`.
 */
export async function startPolkadotConnect(): Promise<PolkadotWalletAccount[] | null> {
  setWalletState({ status: 'connecting', errorMessage: null });
  try {
    const { accounts } = await loadPolkadotAccounts(page().injectedWeb3);
    if (accounts.length === 1) {
      choosePolkadotAccount(accounts[0]!);
      return null;
    }
    setWalletState({ status: 'disconnected' });
    return accounts;
  } catch (error) {
    fail(walletErrorMessage(error, polkadotFailed));
    return null;
  }
}

/** Connects the Polkadot account the player picked; its extension signs the token writes through the sdk. */
export function choosePolkadotAccount(choice: PolkadotWalletAccount): void {
  try {
    const account = PolkadotExtensionAccount.fromInjected(choice.wallet, choice.extension.signer, {
      address: choice.address,
      ...(choice.name === undefined ? {} : { name: choice.name }),
    });
    connected(
      {
        type: 'polkadot',
        address: choice.address,
        client: chainClient(account),
        canWriteTokens: true,
        signMessage: polkadotMessageSigner(choice.extension.signer, choice.address, choice.wallet),
      },
      { type: 'polkadot', address: choice.address, extension: choice.wallet },
    );
    offerChainMetadata(choice.extension);
  } catch (error) {
    fail(walletErrorMessage(error, polkadotFailed));
  }
}

/**
 * Gives the extension the chain's metadata, as dApps do on connect, so it can show the player the call it is asked
 * to sign rather than bytes. Once per extension and page; it never holds up the connection, and a node that cannot
 * answer or an extension (or player) that declines changes nothing: signing works without it.
 */
const offered = new WeakSet<InjectedExtension>();
function offerChainMetadata(extension: InjectedExtension): void {
  if (offered.has(extension) || !extension.metadata) return;
  offered.add(extension);
  void fetchMetadataDefinition({ rpcUrl: chainConfig().substrateRpcUrl })
    .then((definition) => offerMetadata(extension, definition))
    .catch((error: unknown) => console.warn('The chain metadata for the extension could not be read', error));
}

// When the player switches or disconnects the account in MetaMask, the game's connection to it ends too.
let stopWatching: (() => void) | null = null;
function watchMetaMask(provider: Eip1193Provider | null, address: string): void {
  stopWatching?.();
  stopWatching = null;
  if (!provider?.on) return;
  const onAccounts = (...args: unknown[]) => {
    const accounts = Array.isArray(args[0]) ? args[0] : [];
    const still = accounts.some((a) => typeof a === 'string' && a.toLowerCase() === address.toLowerCase());
    const session = getWalletState().session;
    if (!still && session?.type === 'metamask' && session.address === address) disconnectWallet();
  };
  provider.on('accountsChanged', onAccounts);
  stopWatching = () => provider.removeListener?.('accountsChanged', onAccounts);
}

const metaMaskSession = (provider: Eip1193Provider | null, address: string): WalletSession => ({
  type: 'metamask',
  address,
  client: chainClient(),
  canWriteTokens: false,
  signMessage: provider
    ? metaMaskMessageSigner(provider, address)
    : () => Promise.reject(new Error('No injected web3 found')),
});

/** The player asked to connect MetaMask: accounts, then the configured chain (add + switch). */
export async function connectMetaMaskWallet(): Promise<boolean> {
  setWalletState({ status: 'connecting', errorMessage: null });
  try {
    const provider = await findMetaMaskProvider(page());
    const address = await connectMetaMask(provider, chainConfig());
    watchMetaMask(provider, address);
    connected(metaMaskSession(provider, address), { type: 'metamask', address });
    return true;
  } catch (error) {
    fail(walletErrorMessage(error, metaMaskFailed));
    return false;
  }
}

export type DevAccountChoice = { name: string; uri: string };

/** The devnet's dev accounts (Alice … Ferdie); empty on a real network. */
export function devAccounts(): DevAccountChoice[] {
  if (!chainConfig().devAccounts) return [];
  return DEV_ACCOUNT_URIS.map((uri) => ({ uri, name: uri.replace(/^\/\//, '') }));
}

/** Connects a dev account that signs in the page (devnet only). */
export function connectDevAccount(uri: string): boolean {
  if (!chainConfig().devAccounts || !(DEV_ACCOUNT_URIS as readonly string[]).includes(uri)) return false;
  const account = Sr25519Account.fromUri(uri);
  connected(
    {
      type: 'dev',
      address: account.address,
      client: chainClient(account),
      canWriteTokens: true,
      signMessage: keyMessageSigner(account.sign),
    },
    { type: 'dev', address: account.address },
  );
  return true;
}

async function reconnect(stored: StoredWallet): Promise<boolean> {
  if (stored.type === 'dev') {
    const uri = devAccounts().find((d) => Sr25519Account.fromUri(d.uri).address === stored.address)?.uri;
    return uri ? connectDevAccount(uri) : false;
  }
  if (stored.type === 'metamask') {
    // eth_accounts only: no prompt the player did not ask for.
    const provider = await findMetaMaskProvider(page());
    const address = await reconnectMetaMask(provider, stored.address);
    if (!address) return false;
    watchMetaMask(provider, address);
    connected(metaMaskSession(provider, address), stored);
    return true;
  }
  // Polkadot: enable only the extension that held the account (it already authorised this site, so no prompt).
  const only = stored.extension ? [stored.extension] : undefined;
  const { accounts } = await loadPolkadotAccounts(page().injectedWeb3, {
    appName: APP_NAME,
    ...(only ? { only } : {}),
  });
  const match = accounts.find((a) => a.address === stored.address);
  if (!match) return false;
  choosePolkadotAccount(match);
  return getWalletState().status === 'connected';
}

/**
 * Page load (spec §4): when both wallet keys are stored, reconnects without opening prompts; on failure the error
 * message asks the player to connect manually. The stored keys are kept (the extension may come back).
 */
export async function autoConnect(): Promise<void> {
  const storage = browserStorage();
  const stored = storage ? readStoredWallet(storage) : null;
  if (!stored || getWalletState().status !== 'disconnected') return;
  setWalletState({ status: 'connecting', errorMessage: null });
  let ok = false;
  try {
    ok = await reconnect(stored);
  } catch (error) {
    console.error(walletMessages.autoReconnectFailed, error instanceof WalletError ? error.message : error);
  }
  if (!ok) fail(walletMessages.autoReconnectFailed);
}
