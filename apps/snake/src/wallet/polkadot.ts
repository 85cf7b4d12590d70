import { polkadotFailed, WalletError } from './errors';
import type { InjectedAccount, InjectedExtension, InjectedWeb3 } from './injected';
import { walletMessages } from './strings';

/** Spec §9: the known extensions, offered first; any other key of `window.injectedWeb3` follows. */
export const KNOWN_POLKADOT_WALLETS = ['polkadot-js', 'subwallet-js', 'talisman'] as const;

export const APP_NAME = 'Snake';

export type PolkadotWalletAccount = {
  address: string;
  name: string | undefined;
  /** The `injectedWeb3` key of the extension that holds it. */
  wallet: string;
  extension: InjectedExtension;
};

export type LoadedPolkadotWallets = {
  accounts: PolkadotWalletAccount[];
  /** Extensions that refused `enable`, with the reason (shown when nothing else worked). */
  rejected: { wallet: string; error: unknown; blockedByUser: boolean }[];
};

/** The extension keys present in `injectedWeb3`, known ones first in spec order, then the rest alphabetically. */
export function listPolkadotWallets(injectedWeb3: InjectedWeb3 | undefined | null): string[] {
  if (!injectedWeb3 || typeof injectedWeb3 !== 'object') return [];
  const present = Object.keys(injectedWeb3).filter((key) => typeof injectedWeb3[key]?.enable === 'function');
  const known = KNOWN_POLKADOT_WALLETS.filter((key) => present.includes(key));
  const others = present.filter((key) => !(KNOWN_POLKADOT_WALLETS as readonly string[]).includes(key)).sort();
  return [...known, ...others];
}

// polkadot-js answers a refused origin with "… is not allowed to interact with this extension"; SubWallet and
// Talisman reject with "Rejected" / "User rejected" style texts.
const BLOCKED = /not allowed to interact|reject|denied|not authori[sz]ed/i;

const isBlockedByUser = (error: unknown): boolean =>
  error instanceof Error ? BLOCKED.test(error.message) : BLOCKED.test(String(error));

// Ethereum accounts that Talisman and SubWallet also list cannot sign a Substrate payload.
const isSubstrateAccount = (account: InjectedAccount): boolean =>
  typeof account.address === 'string' && account.address.length > 0 && account.type !== 'ethereum';

/**
 * Enables the given extensions (all present ones by default) and lists their Substrate accounts.
 * Throws a WalletError whose message is spec §8's text:
 * - no extension at all → `请安装兼容 polkadot.js 的扩展。`
 * - every extension refused access → `请至少授权访问您的一个账户。`
 * - some extension answered but holds no account → `请在您的钱包中创建一个账户。`
 * - no extension could be enabled for another reason → `在 Polkadot 扩展中未找到账户。`
 * - an extension failed after enabling (listing accounts) → `连接到 Polkadot 扩展失败: {reason}`
 */
export async function loadPolkadotAccounts(
  injectedWeb3: InjectedWeb3 | undefined | null,
  options: { appName?: string; only?: readonly string[] } = {},
): Promise<LoadedPolkadotWallets> {
  const names = listPolkadotWallets(injectedWeb3).filter(
    (name) => !options.only || options.only.includes(name),
  );
  if (!injectedWeb3 || names.length === 0) {
    throw new WalletError('POLKADOT_NOT_INSTALLED', walletMessages.polkadotInstall);
  }
  const appName = options.appName ?? APP_NAME;
  const enabled = await Promise.all(
    names.map(async (wallet) => {
      try {
        const extension = await injectedWeb3[wallet]!.enable(appName);
        return { wallet, extension, error: null };
      } catch (error) {
        return { wallet, extension: null, error };
      }
    }),
  );
  const rejected = enabled
    .filter((e) => e.extension === null)
    .map((e) => ({ wallet: e.wallet, error: e.error, blockedByUser: isBlockedByUser(e.error) }));

  const accounts: PolkadotWalletAccount[] = [];
  let enabledCount = 0;
  for (const { wallet, extension } of enabled) {
    if (!extension) continue;
    enabledCount += 1;
    let listed: InjectedAccount[];
    try {
      listed = await extension.accounts.get();
    } catch (error) {
      throw polkadotFailed(error);
    }
    if (!Array.isArray(listed)) throw polkadotFailed(new Error(`${wallet} returned no account list`));
    for (const account of listed.filter(isSubstrateAccount)) {
      accounts.push({ address: account.address, name: account.name, wallet, extension });
    }
  }

  if (accounts.length === 0) {
    if (enabledCount > 0)
      throw new WalletError('POLKADOT_CREATE_ACCOUNT', walletMessages.polkadotCreateAccount);
    if (rejected.length > 0 && rejected.every((r) => r.blockedByUser)) {
      throw new WalletError('POLKADOT_NOT_AUTHORISED', walletMessages.polkadotAuthorise);
    }
    throw new WalletError('POLKADOT_NO_ACCOUNTS', walletMessages.polkadotNoAccounts);
  }
  return { accounts, rejected };
}
