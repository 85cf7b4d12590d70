import { describe, PrimitivesError } from './errors.js';

export type ChainName = 'unique' | 'quartz' | 'opal' | 'sapphire';

export type Chain = {
  name: ChainName;
  /** Human name as wallets show it. */
  displayName: string;
  /** EVM chain id. */
  chainId: number;
  /** EVM chain id as 0x hex, the form EIP-3085 `wallet_addEthereumChain` takes. */
  chainIdHex: string;
  currencyName: string;
  symbol: string;
  decimals: number;
  ss58Prefix: number;
  ethRpcUrl: string;
  substrateWsUrl: string;
  blockExplorerUrl: string;
};

const chain = (c: Chain): Readonly<Chain> => Object.freeze(c);

/** The four Unique Network chains (chain-rules §7). Sapphire runs the Quartz runtime and pays in QTZ. */
export const CHAINS: Readonly<Record<ChainName, Readonly<Chain>>> = Object.freeze({
  unique: chain({
    name: 'unique',
    displayName: 'Unique',
    chainId: 8880,
    chainIdHex: '0x22b0',
    currencyName: 'Unique',
    symbol: 'UNQ',
    decimals: 18,
    ss58Prefix: 7391,
    ethRpcUrl: 'https://rpc.unique.network',
    substrateWsUrl: 'wss://ws.unique.network',
    blockExplorerUrl: 'https://uniquescan.io/unique/',
  }),
  quartz: chain({
    name: 'quartz',
    displayName: 'Quartz by Unique',
    chainId: 8881,
    chainIdHex: '0x22b1',
    currencyName: 'Quartz',
    symbol: 'QTZ',
    decimals: 18,
    ss58Prefix: 255,
    ethRpcUrl: 'https://rpc-quartz.unique.network',
    substrateWsUrl: 'wss://ws-quartz.unique.network',
    blockExplorerUrl: 'https://uniquescan.io/quartz/',
  }),
  opal: chain({
    name: 'opal',
    displayName: 'Opal by Unique',
    chainId: 8882,
    chainIdHex: '0x22b2',
    currencyName: 'Opal',
    symbol: 'OPL',
    decimals: 18,
    ss58Prefix: 42,
    ethRpcUrl: 'https://rpc-opal.unique.network',
    substrateWsUrl: 'wss://ws-opal.unique.network',
    blockExplorerUrl: 'https://uniquescan.io/opal/',
  }),
  sapphire: chain({
    name: 'sapphire',
    displayName: 'Sapphire by Unique',
    chainId: 8883,
    chainIdHex: '0x22b3',
    currencyName: 'Quartz',
    symbol: 'QTZ',
    decimals: 18,
    ss58Prefix: 8883,
    ethRpcUrl: 'https://rpc-sapphire.unique.network',
    substrateWsUrl: 'wss://ws-sapphire.unique.network',
    blockExplorerUrl: 'https://uniquescan.io/sapphire/',
  }),
});

export const CHAIN_NAMES: readonly ChainName[] = Object.freeze(['unique', 'quartz', 'opal', 'sapphire']);

export const isChainName = (value: unknown): value is ChainName =>
  typeof value === 'string' && (CHAIN_NAMES as readonly string[]).includes(value);

/** The chain of that name; anything else fails with `Invalid chain name: {name}`. */
export const getChain = (name: string): Readonly<Chain> => {
  if (!isChainName(name)) throw new PrimitivesError('INVALID_CHAIN', `Invalid chain name: ${describe(name)}`);
  return CHAINS[name];
};

/** The chain with that EVM chain id (number or 0x hex), or undefined. */
export const findChainById = (chainId: number | string): Readonly<Chain> | undefined => {
  const id =
    typeof chainId === 'string' && /^0x[0-9a-fA-F]+$/.test(chainId) ? Number.parseInt(chainId, 16) : chainId;
  return Object.values(CHAINS).find((c) => c.chainId === id);
};
