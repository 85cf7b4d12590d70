// What the player is told about a failed service step: a reason in the page's language (by the service's error
// code), and the raw error apart, for the notice's detail line.
import { type FailureText, failureNotice } from '../token/failureNotice';
import type { TokenNotice } from '../token/tokenState';
import type { ServiceCalls } from './serviceEnv';
import { serviceReasons, serviceText } from './strings';

/** The reason for a failed step (the wallet's refusal, the service unreachable, its refusal by code) and the raw error. */
export function describeFailure(c: ServiceCalls, error: unknown): FailureText {
  if (error instanceof c.SignInError)
    return error.refused
      ? { reason: serviceText.signRejected }
      : { reason: serviceReasons.signFailed, detail: error.message };
  const info = c.classify(error);
  const reason =
    info.status === 0
      ? serviceReasons.unreachable
      : (serviceReasons.byCode[info.code] ??
        (info.status >= 500 ? serviceReasons.serverFailed : serviceReasons.refusedRequest));
  return { reason, detail: info.message };
}

/** The notice for a sign-in that did not happen: the player said no, or it failed and why. */
export function signInNotice(c: ServiceCalls, error: unknown): TokenNotice {
  if (error instanceof c.SignInError && error.refused)
    return { kind: 'error', text: serviceText.signRejected };
  return failureNotice(describeFailure(c, error), serviceText.signInFailed);
}
