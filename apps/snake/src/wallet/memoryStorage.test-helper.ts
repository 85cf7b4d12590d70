import type { KeyValueStorage } from './storage';

/** Test helper: a `localStorage` stand-in whose entries the test can read and corrupt through `data`. */
export const memoryStorage = (): KeyValueStorage & { data: Map<string, string> } => {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, String(value)),
    removeItem: (key) => void data.delete(key),
  };
};
