// `npm start`: builds the kit, starts the devnet, builds the game pointed at it, serves the game and prints the URLs.
// Environment: HOST (127.0.0.1), PORT (game, 5173), DEVNET_PORT (9944), DEVNET_DB (./.devnet/chain.sqlite),
// DEVNET_ARGS (extra devnet flags, e.g. "--reset --instant"), VITE_CHAIN_BASE_URL (point the game elsewhere, then no devnet).
// The game service (apps/snake-service, SERVICE_PORT 5175) starts beside the devnet, or beside another chain when
// SNAKE_OPERATOR_SEED is set; SNAKE_SERVICE=off leaves it out (the game then runs the self-custody token path).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { build } from 'esbuild';
import { keepRunning } from './keepRunning.mjs';
import { assertPortFree } from './ports.mjs';
import { root, run } from './run.mjs';

const host = process.env.HOST ?? '127.0.0.1';
const port = process.env.PORT ?? '5173';
const devnetPort = process.env.DEVNET_PORT ?? '9944';
const url = `http://${host}:${port}/`;
const external = process.env.VITE_CHAIN_BASE_URL;
const chainUrl = external ?? `http://${host}:${devnetPort}/v2/devnet`;

const serviceOn = process.env.SNAKE_SERVICE !== 'off' && (!external || process.env.SNAKE_OPERATOR_SEED);
const servicePort = process.env.SERVICE_PORT ?? '5175';
try {
  if (!external) await assertPortFree(host, devnetPort, 'DEVNET_PORT', 'the devnet');
  if (serviceOn) await assertPortFree(host, servicePort, 'SERVICE_PORT', 'the game service');
  await assertPortFree(host, port, 'PORT', 'the game');
} catch (error) {
  console.error(`[start] ${error.message}`);
  process.exit(1);
}

// What to stop on Ctrl-C (or SIGTERM): each answers once its process has exited.
const stoppers = [];
let stopping = false;
async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  await Promise.all(stoppers.map((stop) => stop()));
  process.exit(code);
}
process.on('SIGINT', () => void stopAll());
process.on('SIGTERM', () => void stopAll());

/**
 * Watches a child. The game server is what the user opened: when it exits, everything stops. The devnet may stop
 * (a crash, or killed to try something) while the game keeps being served: the page then says the chain does not
 * answer, and the game plays on without its token until a devnet is back on the same port. (The game service is
 * not watched here: it is started again when it exits, see startGameService.)
 */
function keep(child, name, { essential = true, onLoss } = {}) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  stoppers.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  });
  child.once('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[start] ${name} exited with ${code ?? signal}`);
    if (essential) void stopAll(code ?? 1);
    else onLoss?.();
  });
}

/** Polls `target` until it answers 200; gives up when `child` (if given) exits first or after two minutes. */
async function waitFor(target, what, child) {
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`${what} exited before it answered at ${target}`);
    try {
      const response = await fetch(target);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not answer at ${target}`);
}

if (!external) {
  // The devnet runs as one bundled file (packages/devnet/scripts/bundle.mjs): it starts in about half the time.
  // The command (bin/nftkit-devnet.js) rebuilds that bundle when it is missing or older than the sources.
  const args = [
    '--host',
    host,
    '--port',
    devnetPort,
    '--db',
    process.env.DEVNET_DB ?? '.devnet/chain.sqlite',
  ];
  if (process.env.DEVNET_ARGS) args.push(...process.env.DEVNET_ARGS.split(/\s+/).filter(Boolean));
  const devnet = spawn(process.execPath, [`${root}packages/devnet/bin/nftkit-devnet.js`, ...args], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  keep(devnet, 'the devnet', {
    essential: false,
    onLoss: () =>
      console.error(
        `[start] the game is still served at ${url}; it shows that the chain does not answer. Start a devnet again` +
          ` with: npx nftkit-devnet ${args.join(' ')}`,
      ),
  });
  await waitFor(`${chainUrl}/health`, 'the devnet');
}

const serviceUrl = await startGameService();
const gameEnv = {
  VITE_CHAIN_BASE_URL: chainUrl,
  ...(serviceUrl ? { VITE_GAME_SERVICE_URL: serviceUrl } : {}),
};
await run('npm', ['run', 'build', '--workspace', 'snake'], { env: gameEnv });
// Node runs Vite directly (not through npx) so that stopping this script stops the server too.
const vite = `${root}node_modules/vite/bin/vite.js`;
const server = spawn(process.execPath, [vite, 'preview', '--host', host, '--port', port, '--strictPort'], {
  cwd: `${root}apps/snake`,
  stdio: ['ignore', 'ignore', 'inherit'],
});
keep(server, 'the game server');
await waitFor(url, 'the game');
console.log(`\n  Snake is ready: ${url}`);
console.log(`  Chain (REST API v2): ${chainUrl}${external ? '' : `   API docs: ${chainUrl}/docs`}`);
console.log(`  Game service: ${serviceUrl ?? 'off (the wallet creates, mints and updates the token)'}\n`);

/**
 * The game service (apps/snake-service/README.md), its settings from the environment; null when it stays off.
 * When it dies after it has started, it is started again (the devnet and the game server stay up); a line says so,
 * and another when it answers again. Its session secret is made once here, so a restarted service still accepts the
 * sessions and open games of the one before (set SNAKE_SESSION_SECRET to choose it).
 */
async function startGameService() {
  if (!serviceOn) return null;
  const env = {
    ...process.env,
    HOST: host,
    SERVICE_PORT: servicePort,
    SNAKE_CHAIN_BASE_URL: chainUrl,
    SNAKE_ALLOWED_ORIGINS:
      process.env.SNAKE_ALLOWED_ORIGINS ?? `http://${host}:${port},http://localhost:${port}`,
    SNAKE_SESSION_SECRET: process.env.SNAKE_SESSION_SECRET ?? randomBytes(32).toString('hex'),
  };
  const serviceUrl = `http://${host}:${servicePort}`;
  const health = `${serviceUrl}/health`;
  const bundle = await bundleGameService();
  const launch = () =>
    spawn(process.execPath, [bundle], {
      cwd: `${root}apps/snake-service`,
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  const service = keepRunning(launch, {
    name: 'the game service',
    onRestart: (child) =>
      waitFor(health, 'the game service', child).then(
        () => console.error(`[start] the game service is back at ${serviceUrl}`),
        () => {}, // it died again: keepRunning says so and starts it once more
      ),
  });
  stoppers.push(() => service.stop());
  try {
    await waitFor(health, 'the game service', service.child);
  } catch (error) {
    // A service that cannot start at all (a bad setting) is not started again and again: say so and stop.
    console.error(`[start] ${error.message}`);
    await stopAll(1);
  }
  return serviceUrl;
}

/**
 * The game service as one bundled file (the workspace packages from their sources, as tsx runs them in its tests):
 * it answers about three times sooner than through tsx, which is what a restart waits for. One process, too (tsx's
 * CLI runs the server in a second process, which a kill of the first would leave holding the port). Written under
 * node_modules/.cache at each start, so it is never older than the sources.
 */
async function bundleGameService() {
  const outfile = `${root}node_modules/.cache/snake-service/server.mjs`;
  await build({
    entryPoints: [`${root}apps/snake-service/src/server.ts`],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['source'],
    // CommonJS dependencies inside an ES module bundle still call require().
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: 'warning',
  });
  return outfile;
}
