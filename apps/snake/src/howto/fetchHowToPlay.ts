/** Spec §7: ask the contents API for the raw file rather than its JSON description. */
export const RAW_CONTENT_ACCEPT = 'application/vnd.github.raw';

export class HowToPlayFetchError extends Error {
  readonly code = 'HOW_TO_PLAY_FETCH_FAILED';
  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HowToPlayFetchError';
  }
}

/** Fetches the how-to-play markdown; a non-OK answer or a network error becomes a HowToPlayFetchError. */
export async function fetchHowToPlay(
  url: string,
  { signal, fetchImpl = fetch }: { signal?: AbortSignal; fetchImpl?: typeof fetch } = {},
): Promise<string> {
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { Accept: RAW_CONTENT_ACCEPT }, signal });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new HowToPlayFetchError(`Could not reach ${url}`, undefined, { cause });
  }
  if (!response.ok) throw new HowToPlayFetchError(`${url} answered ${response.status}`, response.status);
  return response.text();
}
