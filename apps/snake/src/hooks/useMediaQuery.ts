import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now; follows changes (a setting switched, a screen plugged in). */
export function useMediaQuery(query: string): boolean {
  // Stable per query: a new subscribe function would make React unsubscribe and subscribe again on every render.
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = useCallback(() => window.matchMedia(query).matches, [query]);
  return useSyncExternalStore(subscribe, matches, () => false);
}

/** Motion is off when the player asks the system for less of it. */
export const useReducedMotion = (): boolean => useMediaQuery('(prefers-reduced-motion: reduce)');
