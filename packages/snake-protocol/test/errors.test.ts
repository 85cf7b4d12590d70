import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SNAKE_ERROR_CODES, SNAKE_ERRORS } from '../src/index.js';

const doc = readFileSync(new URL('../../../docs/snake-service.md', import.meta.url), 'utf8');

describe('error codes', () => {
  it.each(SNAKE_ERROR_CODES)('%s is documented in docs/snake-service.md with its status', (code) => {
    const row = doc.split('\n').find((line) => line.includes(`\`${code}\``));
    expect(row, `${code} has no line in docs/snake-service.md`).toBeDefined();
    expect(row).toContain(String(SNAKE_ERRORS[code].status));
  });
});
