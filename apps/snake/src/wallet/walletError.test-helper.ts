import { expect } from 'vitest';
import { WalletError } from './errors';

/** Test helper: the message of the `WalletError` that `promise` rejects with; a resolve or another error fails. */
export const walletErrorMessage = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(WalletError);
    return (error as Error).message;
  }
  throw new Error('expected a rejection');
};
