import * as z from 'zod/mini';

/**
 * The api schemas are zod/mini, which loads no locale (its messages are all "Invalid input"); the devnet's 4xx
 * bodies name what is wrong in zod's English, as the real API's do. A function rather than a side-effect import:
 * the package is `"sideEffects": false`, so a bundler drops a bare import (the bundled CLI lost the messages).
 */
export function useEnglishMessages(): void {
  z.config(z.locales.en());
}
