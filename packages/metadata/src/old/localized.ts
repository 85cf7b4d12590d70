import type { LocalizedValue } from './types.js';

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The text of a localized value: its default `_`, else English, else its first language.
 * A boxed number (`{_: 5}`) gives the number.
 */
export const localizedText = (value: unknown): string | number | undefined => {
  if (!isPlainObject(value)) return undefined;
  for (const candidate of [value._, value.en, ...Object.values(value)])
    if (typeof candidate === 'string' || typeof candidate === 'number') return candidate;
  return undefined;
};

/** A localized value with its `_` filled in, or undefined when it holds no text. */
export const toLocalized = (value: unknown): LocalizedValue | undefined => {
  const text = localizedText(value);
  if (text === undefined || !isPlainObject(value)) return undefined;
  return { ...(value as Record<string, string | number>), _: text };
};

/** Parses JSON, `undefined` when it is not JSON. */
export const parseJson = (text: string | undefined): unknown => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};
