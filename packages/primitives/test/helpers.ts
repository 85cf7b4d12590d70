import { expect } from 'vitest';
import { PrimitivesError } from '../src/index.js';

/** Runs `fn`, asserts it threw a PrimitivesError, and returns it. */
export const thrown = (fn: () => unknown): PrimitivesError => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(PrimitivesError);
    return error as PrimitivesError;
  }
  throw new Error('expected a PrimitivesError, nothing was thrown');
};
