import * as z from 'zod/mini';

// The api schemas are zod/mini, which loads no locale (its messages are all "Invalid input"); the devnet's 4xx
// bodies name what is wrong in zod's English, as the real API's do.
z.config(z.locales.en());
