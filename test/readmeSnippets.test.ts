// Every TypeScript/JavaScript block of every README runs, as a reader would run it: pasted into a file next to the
// workspace's node_modules and executed with tsx, against a devnet this test starts. Blocks written for
// `npx nftkit-devnet` use its default address (http://127.0.0.1:9944), which is pointed at the test's devnet. A block
// that is not meant to run says so on its first line (`// not run: <why>`) and shows as skipped with its reason.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Devnet, startDevnet } from '../packages/devnet/src/index.js';
import { extractSnippets, pointAtDevnet } from './readmeSnippets.js';
import { repoRoot } from './repoFiles.js';

const run = promisify(execFile);
const readmes = (
  await run('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*README.md'], {
    cwd: repoRoot,
  })
).stdout
  .split('\n')
  .filter((file) => file && !file.includes('node_modules'));
// Inside the repository so the snippets' imports resolve to the workspace packages; node_modules is never committed.
const snippetDir = join(repoRoot, 'node_modules', '.cache', 'readme-snippets');
const tsx = join(repoRoot, 'node_modules', '.bin', 'tsx');
const SNIPPET_TIMEOUT_MS = 120_000;

let devnet: Devnet;
let workDir: string;
beforeAll(async () => {
  devnet = await startDevnet({ port: 0, dbPath: ':memory:', instant: true, logLevel: 'silent' });
  mkdirSync(snippetDir, { recursive: true });
  workDir = mkdtempSync(join(tmpdir(), 'nftkit-snippets-'));
});
afterAll(async () => {
  await devnet?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

it('finds the READMEs of the repository', () => {
  expect(readmes).toEqual(
    expect.arrayContaining(['README.md', 'packages/devnet/README.md', 'packages/sdk/README.md']),
  );
});

for (const readme of readmes) {
  const snippets = extractSnippets(readFileSync(join(repoRoot, readme), 'utf8'));
  if (snippets.length === 0) continue;
  describe(readme, () => {
    for (const snippet of snippets) {
      const name = `${readme}:${snippet.line}`;
      if (snippet.notRun) {
        it.skip(`${name} (not run: ${snippet.notRun})`, () => {});
        continue;
      }
      it(
        `${name} runs`,
        async () => {
          const origin = new URL(devnet.url).origin;
          const file = join(snippetDir, `${readme.replaceAll('/', '_')}-${snippet.line}.mts`);
          writeFileSync(file, pointAtDevnet(snippet.code, origin));
          const result = await run(tsx, ['--conditions=source', file], {
            cwd: workDir,
            env: { ...process.env, NFTKIT_SDK_BASE_URL: devnet.url },
            timeout: SNIPPET_TIMEOUT_MS,
          }).catch((error: { stderr?: string; message: string }) => ({
            failed: error.stderr || error.message,
          }));
          expect('failed' in result ? result.failed : '', `${name} failed`).toBe('');
        },
        SNIPPET_TIMEOUT_MS + 10_000,
      );
    }
  });
}
