// `npm start`: builds the game for production, serves the build and prints its URL once it answers.
// The game bundles the kit from its TypeScript sources (Vite alias), so the kit needs no separate build here.
import { spawn } from 'node:child_process';
import { root, run } from './run.mjs';

const host = process.env.HOST ?? '127.0.0.1';
const port = process.env.PORT ?? '5173';
const url = `http://${host}:${port}/`;

await run('npm', ['run', 'build', '--workspace', 'snake']);
// Node runs Vite directly (not through npx) so that stopping this script stops the server too.
const vite = `${root}node_modules/vite/bin/vite.js`;
const server = spawn(process.execPath, [vite, 'preview', '--host', host, '--port', port, '--strictPort'], {
  cwd: `${root}apps/snake`,
  stdio: ['ignore', 'ignore', 'inherit'],
});

let stopping = false;
const stop = () => {
  stopping = true;
  server.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(stopping ? 0 : (code ?? 1)));

// Announce only once the page is actually served.
for (let attempt = 0; attempt < 600; attempt += 1) {
  try {
    const response = await fetch(url);
    if (response.ok) {
      console.log(`\n  Snake is ready: ${url}\n`);
      break;
    }
  } catch {
    // not listening yet
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
}
