import { reasonOf, walletMessages } from './strings';

export type WalletErrorCode =
  | 'POLKADOT_NO_ACCOUNTS'
  | 'POLKADOT_NOT_INSTALLED'
  | 'POLKADOT_CREATE_ACCOUNT'
  | 'POLKADOT_NOT_AUTHORISED'
  | 'POLKADOT_FAILED'
  | 'METAMASK_NOT_INSTALLED'
  | 'USER_REJECTED'
  | 'METAMASK_FAILED'
  | 'AUTO_RECONNECT_FAILED';

/** A wallet failure whose `message` is the text the player sees (spec §8). */
export class WalletError extends Error {
  override name = 'WalletError';
  constructor(
    readonly code: WalletErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const polkadotFailed = (cause: unknown) =>
  new WalletError('POLKADOT_FAILED', walletMessages.polkadotFailed(reasonOf(cause)), { cause });

export const metaMaskFailed = (cause: unknown) =>
  new WalletError('METAMASK_FAILED', walletMessages.metaMaskFailed(reasonOf(cause)), { cause });

/** The message to show for anything a wallet action threw: WalletErrors carry theirs, anything else is wrapped. */
export function walletErrorMessage(error: unknown, wrap: (cause: unknown) => WalletError): string {
  return error instanceof WalletError ? error.message : wrap(error).message;
}
