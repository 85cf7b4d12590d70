// Whether the local devnet answers. `npm start` keeps serving the game when the devnet stops; the page then says why
// the wallet and the token wait instead of failing request by request. Only the devnet has `GET …/health` (the real
// REST API has no such route), so real networks are never probed.

export const PROBE_INTERVAL_MS = 5000;

/** `true` when `GET {baseUrl}/health` answers 2xx; `false` when it cannot be reached or answers an error. */
export async function probeChain(baseUrl: string, doFetch: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await doFetch(`${baseUrl}/health`, { cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Probes now and then every `intervalMs` (skipped while the tab is hidden), calling `onChange` with each answer;
 * returns the function that stops it.
 */
export function watchChain(
  baseUrl: string,
  onChange: (reachable: boolean) => void,
  intervalMs = PROBE_INTERVAL_MS,
  doFetch: typeof fetch = fetch,
): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async () => {
    if (typeof document === 'undefined' || document.visibilityState !== 'hidden') {
      const reachable = await probeChain(baseUrl, doFetch);
      if (!stopped) onChange(reachable);
    }
    if (!stopped) timer = setTimeout(tick, intervalMs);
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
