import { describe, expect, it } from 'vitest';
import { extractSnippets, pointAtDevnet } from './readmeSnippets.js';

const md = [
  '# T',
  '```sh',
  'npm start',
  '```',
  '```ts',
  "console.log('a');",
  '```',
  '- item:',
  '  ```ts',
  "  import '@nftkit/sdk/mnemonic';",
  '  ```',
  '```ts',
  '// not run: needs a wallet',
  'await sign();',
  '```',
  '```',
  'layout',
  '```',
].join('\n');

describe('extractSnippets', () => {
  it('takes TypeScript blocks, indented ones too, and reads the not-run marker; shell and plain blocks are not code', () => {
    expect(extractSnippets(md)).toEqual([
      { line: 5, lang: 'ts', code: "console.log('a');\n" },
      { line: 9, lang: 'ts', code: "import '@nftkit/sdk/mnemonic';\n" },
      { line: 12, lang: 'ts', code: '// not run: needs a wallet\nawait sign();\n', notRun: 'needs a wallet' },
    ]);
  });

  it("points the devnet's default address at another origin", () => {
    expect(pointAtDevnet("fetch('http://127.0.0.1:9944/v2/devnet/health')", 'http://127.0.0.1:1234')).toBe(
      "fetch('http://127.0.0.1:1234/v2/devnet/health')",
    );
    expect(pointAtDevnet("new WsProvider('ws://127.0.0.1:9944')", 'http://127.0.0.1:1234')).toBe(
      "new WsProvider('ws://127.0.0.1:1234')",
    );
  });
});
