// Finds the code blocks of the repository's READMEs that a reader would paste and run.

/** Fence languages the snippet runner executes (with tsx, so TypeScript and JavaScript alike). */
export const RUNNABLE_LANGUAGES = new Set(['ts', 'typescript', 'js', 'javascript', 'mjs', 'mts']);

/** The visible marker for a block that is not meant to run, as its first line: `// not run: <why>`. */
export const NOT_RUN_MARKER = /^\/\/ not run: (.+)$/;

export interface Snippet {
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  code: string;
  /** Why the block is not run, when it carries the marker. */
  notRun?: string;
}

/** Every fenced block of a Markdown text whose language is runnable; indented fences (in list items) included. */
export function extractSnippets(markdown: string): Snippet[] {
  const lines = markdown.split('\n');
  const snippets: Snippet[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^( *)(`{3,})(\w*)/.exec(lines[i] ?? '');
    if (!open) continue;
    const [, indent = '', fence = '```', lang = ''] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !(lines[j] ?? '').trimStart().startsWith(fence); j += 1) {
      const text = lines[j] ?? '';
      body.push(text.startsWith(indent) ? text.slice(indent.length) : text.trimStart());
    }
    if (RUNNABLE_LANGUAGES.has(lang.toLowerCase())) {
      const code = `${body.join('\n')}\n`;
      const first = body.find((text) => text.trim() !== '')?.trim() ?? '';
      const notRun = NOT_RUN_MARKER.exec(first)?.[1];
      snippets.push({ line: i + 1, lang, code, ...(notRun ? { notRun } : {}) });
    }
    i = j;
  }
  return snippets;
}

/** Points a snippet written for `npx nftkit-devnet`'s default address (HTTP or WebSocket) at another devnet's origin. */
export function pointAtDevnet(code: string, origin: string): string {
  return code
    .replaceAll('http://127.0.0.1:9944', origin)
    .replaceAll('ws://127.0.0.1:9944', origin.replace(/^http/, 'ws'));
}
