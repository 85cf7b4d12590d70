// Code the page loads on demand (a popup, the wallet, the service client) comes in chunks, files fetched when first
// needed, and a fetch can fail (the network dropped, a deploy replaced the files). Chromium then keeps the failure for
// the document's life: an import() of the same URL fails again without asking the network. So a retry asks for the
// same file under another query, which the browser fetches anew; what it gets is kept per chunk, so every later
// import of that chunk shares the one instance.

const FAILED_URL =
  /(?:Failed to fetch dynamically imported module|error loading dynamically imported module): (\S+)/i;
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Whether an error is a chunk of the page that did not load (as opposed to code that failed). */
export function isChunkLoadError(error: unknown): boolean {
  return CHUNK_FAILURE.test(messageOf(error));
}

/** The URL of the chunk that failed, when the browser names it (Chromium and Firefox do, Safari does not). */
function failedUrl(error: unknown): string | null {
  const url = FAILED_URL.exec(messageOf(error))?.[1];
  if (!url) return null;
  try {
    return new URL(url).href;
  } catch {
    return null;
  }
}

const recovered = new Map<string, Promise<unknown>>();
let attempts = 0;

/**
 * Runs `load` (an `import()`); when the chunk it asks for fails to load, asks once more for the same file under a
 * fresh query. Throws the first error when that fails too, or when the error is not a chunk that failed to load.
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const url = failedUrl(error);
    if (!url) throw error;
    let again = recovered.get(url);
    if (!again) {
      attempts += 1;
      const retry = new URL(url);
      retry.searchParams.set('retry', String(attempts));
      const attempt = import(/* @vite-ignore */ retry.href);
      again = attempt;
      recovered.set(url, attempt);
      // A failed retry is forgotten, so the next one asks the network again.
      attempt.catch(() => {
        if (recovered.get(url) === attempt) recovered.delete(url);
      });
    }
    try {
      return (await again) as T;
    } catch {
      throw error;
    }
  }
}
