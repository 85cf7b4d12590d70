import type { SnakeChainClient } from '../token/chainClient';
import type { WalletType } from './storage';

export type BalanceAnswer = { available: string; decimals: number; tokenSymbol: string };

/** The chain client the wallet side needs: the token calls plus the balance query. */
export type WalletChainClient = SnakeChainClient & {
  balance: { get(params: { address: string }): Promise<BalanceAnswer> };
};

/** A connected wallet: its address, the client signing as it, and whether it can write the snake token. */
export type WalletSession = {
  type: WalletType;
  address: string;
  client: WalletChainClient;
  /** Ethereum accounts need the EVM route (a later issue): until then they play without a token. */
  canWriteTokens: boolean;
};
