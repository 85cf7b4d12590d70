// The player-facing text of a failed service step, from the error the step threw.
import type { ServiceCalls } from './serviceEnv';
import { serviceText } from './strings';

/** The reason shown for a failed step: the wallet's refusal, the service being unreachable, or its message. */
export function reasonText(c: ServiceCalls, error: unknown): string {
  if (error instanceof c.SignInError) return error.refused ? serviceText.signRejected : error.message;
  const info = c.classify(error);
  return info.status === 0 ? `${serviceText.unreachable}: ${info.message}` : info.message;
}

/** The notice for a sign-in that did not happen: the player said no, or it failed and why. */
export function signInNotice(c: ServiceCalls, error: unknown): string {
  return error instanceof c.SignInError && error.refused
    ? serviceText.signRejected
    : serviceText.signInFailed(reasonText(c, error));
}
