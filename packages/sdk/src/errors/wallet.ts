import { BaseError } from './base.js';

/** `window.injectedWeb3` is missing: not a browser, or no Polkadot wallet installed. */
export class NoInjectedWeb3Error extends BaseError {
  override name = 'NoInjectedWeb3Error';
  constructor() {
    super('NO_INJECTED_WEB3', 'No injected web3 found.');
  }
}

/** `window.injectedWeb3` exists but holds no wallet (or none of the requested ones could be enabled). */
export class NoExtensionError extends BaseError {
  override name = 'NoExtensionError';
  constructor(cause?: unknown) {
    super('NO_EXTENSION', 'No extension found.', cause === undefined ? {} : { cause });
  }
}

/** The wallets were enabled but expose no account (none created, or none shared with this app). */
export class NoAccountsError extends BaseError {
  override name = 'NoAccountsError';
  constructor() {
    super('NO_ACCOUNTS', 'No accounts found.');
  }
}

/** The requested wallet name is not a key of `window.injectedWeb3`. */
export class WalletNotFoundError extends BaseError {
  override name = 'WalletNotFoundError';
  readonly walletName: string;
  constructor(walletName: string) {
    super('WALLET_NOT_FOUND', `Wallet with name ${walletName} not found in window.injectedWeb3.`);
    this.walletName = walletName;
  }
}

/** The wallet's signer lacks the method the payload needs (`signPayload` or `signRaw`). */
export class WalletMethodMissingError extends BaseError {
  override name = 'WalletMethodMissingError';
  readonly walletName: string;
  readonly method: 'signPayload' | 'signRaw';
  constructor(walletName: string, method: 'signPayload' | 'signRaw') {
    super('WALLET_METHOD_MISSING', `No ${method} in the wallet ${walletName}.`);
    this.walletName = walletName;
    this.method = method;
  }
}
