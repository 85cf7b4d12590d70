import type { TokenNotice } from './tokenState';

/** A failure as the player is told it: a short reason in the page's language, and the raw error apart. */
export type FailureText = { reason: string; detail?: string };

/** An error notice: `text(reason)` in the page's language, the raw error as its detail line. */
export function failureNotice(failure: FailureText, text: (reason: string) => string): TokenNotice {
  return {
    kind: 'error',
    text: text(failure.reason),
    ...(failure.detail ? { detail: failure.detail } : {}),
  };
}
