// `npm start`: builds the kit and the game, then serves the production build and prints its URL.
import { spawn } from 'node:child_process';
import { root, run } from './run.mjs';

const host = process.env.HOST ?? '127.0.0.1';
const port = process.env.PORT ?? '5173';

await run('node', ['scripts/build.mjs']);
const server = spawn('npx', ['vite', 'preview', '--host', host, '--port', port, '--strictPort'], {
  cwd: `${root}apps/snake`,
  stdio: ['ignore', 'pipe', 'inherit'],
});
server.stdout.on('data', (chunk) => {
  if (String(chunk).includes(port)) {
    console.log(`\n  Snake is ready: http://${host}:${port}/\n`);
  }
});
const stop = () => server.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => process.exit(code ?? 0));
