import type { SnakeChainClient } from '../chain/chainClient';
import type { MessageSigner } from './signMessage';
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
  /**
   * Whether the wallet can write the snake token itself (the self-custody path, no game service): Ethereum accounts
   * cannot (they need the EVM route) and play without a token there; with a game service every wallet has a token.
   */
  canWriteTokens: boolean;
  /** Signs a text message (the game service's sign-in challenge) without any fee. */
  signMessage: MessageSigner;
};
