// Network configuration of the game, read once from Vite's env. The real networks' constants (spec §9 chain ids,
// symbols, RPC and explorer addresses) come from the kit's chain table; the devnet's are its own.
import { CHAINS } from '@nftkit/primitives';

export type ChainKind = 'devnet' | 'unique' | 'quartz' | 'opal' | 'sapphire';

export type ChainConfig = {
  kind: ChainKind;
  /** REST API base URL, e.g. `https://rest.unique.network/v2/opal`. */
  baseUrl: string;
  /** Balance symbol; `null` on the devnet, where the symbol is read from `/balances/get` (`tokenSymbol`). */
  symbol: string | null;
  /** Human name used for MetaMask's `wallet_addEthereumChain`. */
  chainName: string;
  evmChainId: number;
  /** `0x`-prefixed lower-case hex of `evmChainId`, as EIP-3085/EIP-3326 want it. */
  evmChainIdHex: string;
  /** EVM native currency (MetaMask needs one even before the first balance answer); 18 decimals everywhere. */
  nativeCurrencyName: string;
  nativeSymbol: string;
  rpcUrls: string[];
  /**
   * The node's Substrate JSON-RPC over HTTP, where the page reads the metadata it gives Polkadot extensions: the
   * devnet serves it at its origin, Unique's nodes at the same address as their Ethereum JSON-RPC.
   */
  substrateRpcUrl: string;
  blockExplorerUrls: string[];
  /** The dev accounts (Alice … Ferdie, signing in the page) are offered only on the devnet. */
  devAccounts: boolean;
};

export type ChainEnv = Record<string, string | boolean | undefined>;

export const OPAL_BASE_URL = 'https://rest.unique.network/v2/opal';
export const DEVNET_BASE_URL = 'http://127.0.0.1:9944/v2/devnet';
/** The devnet's EVM chain id: the next free id after Sapphire's 8883, so it never collides with a real Unique network. */
export const DEVNET_EVM_CHAIN_ID = 8884;
// The devnet's own symbol (packages/devnet CHAIN.symbol), for MetaMask's chain entry; balances use the chain's answer.
const DEVNET_SYMBOL_FALLBACK = 'DEV';

const KINDS: readonly ChainKind[] = ['devnet', 'unique', 'quartz', 'opal', 'sapphire'];

export class ChainConfigError extends Error {
  readonly code = 'CHAIN_CONFIG';
  override name = 'ChainConfigError';
}

const str = (env: ChainEnv, key: string): string | undefined => {
  const value = env[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

const isKind = (value: string): value is ChainKind => (KINDS as readonly string[]).includes(value);

/** The network kind named by the base URL's last path segment (`…/v2/opal` → opal), if it names one. */
const kindFromUrl = (baseUrl: string): ChainKind | undefined => {
  const last = baseUrl.replace(/\/+$/, '').split('/').pop()?.toLowerCase() ?? '';
  return isKind(last) ? last : undefined;
};

/**
 * Reads the configuration from an env object (Vite's `import.meta.env`).
 * Production builds default to Opal; the dev server defaults to a local devnet.
 */
export function readChainConfig(env: ChainEnv, production: boolean): ChainConfig {
  const kindValue = str(env, 'VITE_CHAIN_KIND')?.toLowerCase();
  if (kindValue !== undefined && !isKind(kindValue)) {
    throw new ChainConfigError(`VITE_CHAIN_KIND must be one of ${KINDS.join(', ')}; got ${kindValue}`);
  }
  const urlValue = str(env, 'VITE_CHAIN_BASE_URL');
  const kind: ChainKind =
    kindValue ??
    (urlValue ? kindFromUrl(urlValue) : undefined) ??
    (urlValue ? 'opal' : production ? 'opal' : 'devnet');
  const baseUrl = (
    urlValue ?? (kind === 'devnet' ? DEVNET_BASE_URL : `https://rest.unique.network/v2/${kind}`)
  ).replace(/\/+$/, '');
  try {
    new URL(baseUrl);
  } catch {
    throw new ChainConfigError(`VITE_CHAIN_BASE_URL is not a URL: ${baseUrl}`);
  }

  const idValue = str(env, 'VITE_CHAIN_EVM_ID');
  const evmIdOverride = idValue === undefined ? undefined : Number(idValue);
  if (evmIdOverride !== undefined && !(Number.isSafeInteger(evmIdOverride) && evmIdOverride > 0)) {
    throw new ChainConfigError(`VITE_CHAIN_EVM_ID must be a positive integer; got ${idValue}`);
  }
  const rpcOverride = str(env, 'VITE_CHAIN_EVM_RPC_URL');
  const explorerOverride = str(env, 'VITE_CHAIN_EXPLORER_URL');
  const substrateOverride = str(env, 'VITE_CHAIN_SUBSTRATE_RPC_URL');

  if (kind === 'devnet') {
    const evmChainId = evmIdOverride ?? DEVNET_EVM_CHAIN_ID;
    return {
      kind,
      baseUrl,
      symbol: null,
      chainName: 'nftkit devnet',
      evmChainId,
      evmChainIdHex: `0x${evmChainId.toString(16)}`,
      nativeCurrencyName: 'Devnet',
      nativeSymbol: str(env, 'VITE_CHAIN_SYMBOL') ?? DEVNET_SYMBOL_FALLBACK,
      rpcUrls: [rpcOverride ?? new URL(baseUrl).origin],
      substrateRpcUrl: substrateOverride ?? new URL(baseUrl).origin,
      blockExplorerUrls: explorerOverride ? [explorerOverride] : [],
      devAccounts: true,
    };
  }
  const chain = CHAINS[kind];
  const evmChainId = evmIdOverride ?? chain.chainId;
  return {
    kind,
    baseUrl,
    symbol: str(env, 'VITE_CHAIN_SYMBOL') ?? chain.symbol,
    chainName: chain.displayName,
    evmChainId,
    evmChainIdHex: `0x${evmChainId.toString(16)}`,
    nativeCurrencyName: chain.currencyName,
    nativeSymbol: str(env, 'VITE_CHAIN_SYMBOL') ?? chain.symbol,
    rpcUrls: [rpcOverride ?? chain.ethRpcUrl],
    substrateRpcUrl: substrateOverride ?? chain.ethRpcUrl,
    blockExplorerUrls: [explorerOverride ?? chain.blockExplorerUrl],
    devAccounts: false,
  };
}

/**
 * Non-production builds (dev server, `--mode test`) take `?chain=<base URL>` from the page address, so browser tests
 * can point a built game at a devnet they started on any port. Production builds ignore it.
 */
export function chainUrlOverride(search: string, mode: string): ChainEnv {
  if (mode === 'production') return {};
  const url = new URLSearchParams(search).get('chain');
  return url ? { VITE_CHAIN_BASE_URL: url, VITE_CHAIN_KIND: kindFromUrl(url) ?? 'devnet' } : {};
}

let cached: ChainConfig | undefined;

/** The configuration of this build (memoised). */
export function chainConfig(): ChainConfig {
  const search = typeof location === 'undefined' ? '' : location.search;
  cached ??= readChainConfig(
    { ...import.meta.env, ...chainUrlOverride(search, import.meta.env.MODE) },
    import.meta.env.PROD,
  );
  return cached;
}
