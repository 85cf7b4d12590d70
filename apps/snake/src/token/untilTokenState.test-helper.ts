import { getTokenState, subscribeToken, type TokenState } from './tokenState';

/** Test helper: resolves once the token state satisfies `done` (at once if it already does). */
export const untilTokenState = (done: (s: TokenState) => boolean) =>
  new Promise<void>((resolve) => {
    if (done(getTokenState())) return resolve();
    const stop = subscribeToken(() => {
      if (done(getTokenState())) {
        stop();
        resolve();
      }
    });
  });
