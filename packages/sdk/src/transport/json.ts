/** JSON text with every bigint written as its decimal string (rest-api §1.4). */
export function stringifyJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === 'bigint' ? inner.toString() : inner,
  );
}

/** A body as the real client sees it: JSON when it parses, the text otherwise, `''` when empty. */
export function parseBody(text: string): unknown {
  if (text === '') return '';
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
