// Which token path runs: the game service's when `VITE_GAME_SERVICE_URL` is set (npm start sets it), else the spec's
// self-custody path. Test builds also take `?service=<URL>` from the page address, so browser tests can point a built
// game at a service they started on any port; production builds ignore it.

export type ServiceEnv = Record<string, string | boolean | undefined>;

/** The service base URL from an env object and the page's query (non-production modes only); `null` when unset. */
export function readServiceUrl(env: ServiceEnv, search: string, mode: string): string | null {
  const fromQuery = mode === 'production' ? null : new URLSearchParams(search).get('service');
  const raw = fromQuery ?? env.VITE_GAME_SERVICE_URL;
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const url = raw.trim().replace(/\/+$/, '');
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(parsed.protocol);
  } catch {
    throw new Error(`VITE_GAME_SERVICE_URL is not an http(s) URL: ${url}`);
  }
  return url;
}

let cached: string | null | undefined;

/** The game service of this build (memoised), or `null`: then the wallet writes its own token. */
export function gameServiceUrl(): string | null {
  if (cached === undefined) {
    const search = typeof location === 'undefined' ? '' : location.search;
    cached = readServiceUrl(import.meta.env, search, import.meta.env.MODE);
  }
  return cached;
}
