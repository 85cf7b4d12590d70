// Sign-in without fees: the service's one-time challenge, signed by the wallet, traded for a session (kept in
// localStorage until it expires, so a reload or auto-connect does not ask the wallet again).
import { sameAddress } from '@nftkit/primitives';
import { parseChallengeMessage, type SnakeServiceClient } from '@nftkit/snake-protocol';
import type { WalletSession } from '../wallet/session';
import type { KeyValueStorage } from '../wallet/storage';
import { readStoredSession, storeSession } from './storedSession';
import { isUserRefusal } from './strings';

/** The wallet did not sign the challenge: refused by the player (`refused`) or failed. */
export class SignInError extends Error {
  override name = 'SignInError';
  constructor(
    readonly refused: boolean,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export type SignInContext = {
  client: SnakeServiceClient;
  service: string;
  storage: KeyValueStorage | null;
};

/**
 * The bearer session for the wallet: the stored one while valid, else a new one (challenge → the wallet signs →
 * session). Before signing, the page checks that the challenge names this wallet's address, so it never asks the
 * player to sign in as someone else. Service failures are thrown as the client's SnakeServiceError.
 */
export async function signIn(ctx: SignInContext, wallet: WalletSession): Promise<string> {
  const stored = ctx.storage ? readStoredSession(ctx.storage, ctx.service, wallet.address) : null;
  if (stored) return stored.session;
  const { message } = await ctx.client.challenge(wallet.address);
  const fields = parseChallengeMessage(message);
  if (!fields || !sameAddress(fields.address, wallet.address)) {
    throw new SignInError(false, 'the sign-in message does not name this wallet');
  }
  let signature: string;
  try {
    signature = await wallet.signMessage(message);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SignInError(isUserRefusal(error), reason, { cause: error });
  }
  const answer = await ctx.client.session({ address: wallet.address, message, signature });
  if (ctx.storage) {
    storeSession(ctx.storage, {
      service: ctx.service,
      address: wallet.address,
      session: answer.session,
      expiresAt: answer.expiresAt,
    });
  }
  return answer.session;
}
