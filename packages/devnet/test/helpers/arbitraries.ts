import fc from 'fast-check';

/** Any string, integer, double, boolean or null, or one of `more`: the scalars hostile request bodies are made of. */
export function scalars(...more: fc.Arbitrary<unknown>[]): fc.Arbitrary<unknown> {
  return fc.oneof(fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant(null), ...more);
}

/**
 * Any JSON value built of `scalar`s: arrays of at most `maxLength` items and objects of at most `maxKeys` keys,
 * nested a few levels (fast-check's small depth), as hostile request bodies are.
 */
export function jsonValues(
  scalar: fc.Arbitrary<unknown>,
  { maxLength, maxKeys }: { maxLength: number; maxKeys: number },
): fc.Arbitrary<unknown> {
  return fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      scalar,
      fc.array(tie('value'), { maxLength }),
      fc.dictionary(fc.string(), tie('value'), { maxKeys }),
    ),
  })).value;
}
