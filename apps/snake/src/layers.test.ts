// The page's folders import one way, from the bottom up (README, "Layout"): a module may import its own folder and
// the folders below its layer, nothing above or beside it. Type-only and on-demand imports count too: each is a
// dependency a reader follows.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const LAYERS: readonly (readonly string[])[] = [
  ['styles.css', 'config'],
  ['ui'],
  ['hooks'],
  ['chain'],
  ['wallet'],
  ['token'],
  ['service'],
  ['leaderboard', 'howto'],
  ['app'],
  ['main.tsx'],
];

const src = dirname(fileURLToPath(import.meta.url));
// Files at the top of src that are no part of the layers: type declarations for Vite, and this test.
const OUTSIDE = new Set(['vite-env.d.ts', 'layers.test.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !(dir === src && OUTSIDE.has(entry.name)) ? [path] : [];
  });
}

/** The top folder of `src` a path is in (or the file's own name at the top). */
const areaOf = (path: string): string => relative(src, path).split(/[\\/]/)[0]!;

/** Every relative import of a file (static, type-only, re-exports and `import()`), resolved to its area. */
function importedAreas(file: string): { specifier: string; area: string }[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => ({ specifier, area: areaOf(resolve(dirname(file), specifier)) }));
}

/** The imports of `files` that go against the layers (up, or sideways within a layer). */
function violations(files: string[], layers: readonly (readonly string[])[]): string[] {
  const rank = new Map(layers.flatMap((areas, i) => areas.map((area) => [area, i] as const)));
  const found: string[] = [];
  for (const file of files) {
    const from = areaOf(file);
    for (const { specifier, area } of importedAreas(file)) {
      if (area === from) continue;
      const allowed = rank.has(from) && rank.has(area) && rank.get(area)! < rank.get(from)!;
      if (!allowed) found.push(`${relative(src, file)} imports ${specifier} (${from} -> ${area})`);
    }
  }
  return found;
}

describe('the page imports one way', () => {
  const files = sourceFiles(src);

  it('every folder is in a layer', () => {
    const areas = new Set(files.map(areaOf));
    const named = new Set(LAYERS.flat());
    expect([...areas].filter((a) => !named.has(a))).toEqual([]);
  });

  it('no module imports a folder above or beside its own', () => {
    expect(violations(files, LAYERS)).toEqual([]);
  });

  it('catches an import against the layers', () => {
    // The same files under an order with token below service: the service path writes the token state, so its
    // imports then go against the order.
    const swapped = LAYERS.map((areas) =>
      areas.map((a) => (a === 'token' ? 'service' : a === 'service' ? 'token' : a)),
    );
    expect(violations(files, swapped).some((v) => v.includes('(service -> token)'))).toBe(true);
  });
});
