// `npm run bench -w snake-service`: the service's figures, written to BENCH_OUT as one flat JSON object.
// - service.replay_ms.median: replaying a 10 000-tick game (target ≤ 5 ms).
// - service.results_per_s: results recorded on a devnet (its own process as under `npm start`, in memory, a block per
//   transaction) by 50 concurrent players over HTTP, each playing its games one after another — Start, then the
//   result — as one game at a time requires (target ≥ 300).
// - service.refuse_oversized_claim_us.median: POST /games/result claiming 100 000 ticks a minute after Start, refused
//   without a replay (target ≤ 500 µs), through app.inject (the route's whole work, no socket).
// - service.leaderboard_ms.median: GET /leaderboard (top 20 and the player's rank) with 100 000 tokens in the index
//   (target ≤ 20 ms). The tokens are put into the index directly: minting 100 000 on the devnet would take minutes and
//   measure the devnet, while the route answers from the index either way.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  createSnakeServiceClient,
  MAX_GAME_TICKS,
  playRecordedGame,
  replayGame,
} from '@nftkit/snake-protocol';
import { createHttpFetch } from '../src/chain/httpFetch.js';
import type { BatchInfo } from '../src/chain/writer.js';
import { loadConfig } from '../src/config.js';
import { buildServiceApp } from '../src/http/app.js';
import { standingOf } from '../src/leaderboard/leaderboard.js';
import { startSnakeService } from '../src/service.js';
import { chaseSnack } from '../test/helpers/bots.js';
import { sr25519Key } from '../test/helpers/keys.js';
import { longGame } from './longGame.js';

/** The devnet's bundled CLI (packages/devnet/scripts/bundle.mjs) in its own process, on a free port. */
async function spawnDevnet() {
  const { bundleCli } = (await import(
    fileURLToPath(new URL('../../../packages/devnet/scripts/bundle.mjs', import.meta.url))
  )) as {
    bundleCli(): Promise<string>;
  };
  const dir = await bundleCli();
  // BENCH_DEVNET_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the devnet's process too.
  const nodeArgs = process.env.BENCH_DEVNET_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const args = [...nodeArgs, `${dir}/cli.js`, '--port', '0', '--db', ':memory:', '--instant'];
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const m = /listening on (\S+)/.exec(text);
      if (m?.[1]) resolve(m[1]);
    });
    child.once('exit', (code) => reject(new Error(`the devnet exited with ${code}: ${text}`)));
  });
  return { child, url };
}

/** CPU time (user + system) a process has used, from /proc (Linux; NaN elsewhere). */
function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};
const round = (x: number, digits = 3) => Number(x.toFixed(digits));
const results: Record<string, number> = {};

// ---- replay ----
const game = longGame(10_000);
const replayTimes: number[] = [];
for (let i = 0; i < 60; i += 1) {
  const t0 = performance.now();
  const outcome = replayGame(game);
  replayTimes.push(performance.now() - t0);
  if (!outcome.ok || outcome.score !== game.score) throw new Error('the long game did not replay');
}
results['service.replay_ms.median'] = round(median(replayTimes.slice(10)));
console.log(`replay of ${game.ticks} ticks (score ${game.score}): ${results['service.replay_ms.median']} ms`);

// ---- results on a devnet ----
const PLAYERS = 50;
const GAMES_EACH = 12;
const devnet = await spawnDevnet();
// The devnet goes with the bench, also when a step of it fails.
process.on('exit', () => devnet.child.kill('SIGTERM'));
// The service's clock moves two minutes on at every reading once the players have signed in, so each game has lasted
// long enough when its result comes and the next Start comes after it ended, without the bench waiting: what is
// measured is the service and the chain. (A game id stays valid for 5 040 readings; each game gets a fresh session.)
const clock = { offset: 0, step: 0 };
const tick = () => {
  clock.offset += clock.step;
  return Date.now() + clock.offset;
};
const config = loadConfig({
  SNAKE_CHAIN_BASE_URL: devnet.url,
  SERVICE_PORT: '0',
  SNAKE_LEADERBOARD_REFRESH_MS: '600000',
  // The bench's players all come from one address and play as fast as the chain lets them.
  SNAKE_RATE_SIGN_IN_PER_IP: '1000000',
  SNAKE_RATE_START_PER_IP: '1000000',
  SNAKE_RATE_START_PER_ADDRESS: '1000000',
  SNAKE_RATE_RESULT_PER_IP: '1000000',
  SNAKE_RATE_RESULT_PER_ADDRESS: '1000000',
});
const batches: BatchInfo[] = [];
const service = await startSnakeService(config, {
  now: tick,
  onBatch: (b) => batches.push(b),
});
const app = await buildServiceApp(service);
const base = await app.listen({ host: '127.0.0.1', port: 0 });
// The players' requests go through Node's HTTP client (as the service's own do): in use they come from browsers on
// other machines, and global fetch would charge this process several times the CPU per request for them.
const playersHttp = createHttpFetch();
const client = createSnakeServiceClient(base, playersHttp.fetch);

const players = await Promise.all(
  Array.from({ length: PLAYERS }, async () => {
    const key = sr25519Key();
    const { message } = await client.challenge(key.address);
    const { session } = await client.session({ address: key.address, message, signature: key.sign(message) });
    return { session, address: key.address };
  }),
);
// Signed in on the real clock (a challenge lives five minutes); the games on the jumping one.
clock.step = 120_000;
/** One game: Start, play it from the seed (the page's part, outside the service), send the result. */
const playOne = async (address: string) => {
  const { session } = service.sessions.issue(address);
  const { gameId, seed } = await client.startGame(session);
  const played = playRecordedGame(seed, chaseSnack, 20_000);
  await client.sendResult(session, {
    gameId,
    inputs: [...played.inputs],
    ticks: played.ticks,
    durationMs: 600_000,
  });
};
// Each player's first game mints its token: played before the timing, so the figure is of results on tokens.
await Promise.all(players.map(({ address }) => playOne(address)));
const t0 = performance.now();
const cpu0 = { service: process.cpuUsage(), devnet: cpuMsOf(devnet.child.pid) };
await Promise.all(
  players.map(async ({ address }) => {
    for (let i = 0; i < GAMES_EACH; i += 1) await playOne(address);
  }),
);
const seconds = (performance.now() - t0) / 1000;
// CPU per result in each process (the bench's 50 players run in the service's process): on a shared machine the
// rate follows the load, these much less.
const serviceCpu = process.cpuUsage(cpu0.service);
const devnetCpu = cpuMsOf(devnet.child.pid) - cpu0.devnet;
const perResult = (ms: number) => round(ms / (PLAYERS * GAMES_EACH), 2);
console.log(
  `cpu per result: service + players ${perResult((serviceCpu.user + serviceCpu.system) / 1000)} ms, ` +
    `devnet ${perResult(devnetCpu)} ms`,
);
const during = batches.slice(-Math.ceil(batches.length / 2));
const avg = (f: (b: BatchInfo) => number) => round(during.reduce((n, b) => n + f(b), 0) / during.length, 1);
console.log(
  `batches: ${batches.length} (${batches.filter((b) => b.overlapped).length} planned while the previous was in flight); ` +
    `later ones: ${avg((b) => b.calls)} calls, read ${avg((b) => b.readMs)} ms, ` +
    `encode ${avg((b) => b.encodeMs)} ms, write ${avg((b) => b.writeMs)} ms, check ${avg((b) => b.checkMs)} ms`,
);
results['service.results_per_s'] = round((PLAYERS * GAMES_EACH) / seconds, 1);
console.log(`${PLAYERS * GAMES_EACH} results from ${PLAYERS} players in ${seconds.toFixed(2)} s`);

// ---- a 100 000-tick claim, refused before any replay ----
clock.step = 0; // sent at once after its Start: far too soon for 100 000 ticks
const claimant = sr25519Key();
const claimantSession = service.sessions.issue(claimant.address).session;
const claimTimes: number[] = [];
const replaysBefore = service.checks.replays;
for (let i = 0; i < 520; i += 1) {
  // A game id of its own each time (a refused one is answered from its refusal after that).
  const { gameId } = service.gameIds.issue({
    collectionId: service.collectionId,
    tokenId: 0,
    seed: i,
    address: claimant.address,
  });
  const payload = {
    gameId,
    inputs: [{ tick: 3, direction: 'UP' }],
    ticks: MAX_GAME_TICKS,
    durationMs: 30_000_000,
  };
  const t = performance.now();
  const answer = await app.inject({
    method: 'POST',
    url: '/games/result',
    headers: { authorization: `Bearer ${claimantSession}` },
    payload,
  });
  claimTimes.push(performance.now() - t);
  if (answer.json().code !== 'SnakeTooFast') throw new Error(`the oversized claim: ${answer.body}`);
}
if (service.checks.replays !== replaysBefore) throw new Error('an oversized claim was replayed');
results['service.refuse_oversized_claim_us.median'] = round(median(claimTimes.slice(20)) * 1000, 1);
console.log(
  `a ${MAX_GAME_TICKS}-tick claim refused in ${results['service.refuse_oversized_claim_us.median']} µs`,
);

// ---- leaderboard ----
const TOKENS = 100_000;
const someone = sr25519Key().address;
service.leaderboard.index.replaceAll(
  Array.from({ length: TOKENS }, (_, i) =>
    standingOf({
      totals: {
        collectionId: service.collectionId,
        tokenId: i + 1,
        owner: i === TOKENS / 2 ? someone : `0x${(i + 1).toString(16).padStart(40, '0')}`,
        totalScore: (i * 7919) % 5000,
        gamesPlayed: 1 + (i % 97),
      },
      bestScore: null,
    }),
  ),
);
const boardTimes: number[] = [];
for (let i = 0; i < 220; i += 1) {
  const t = performance.now();
  const answer = await app.inject({ method: 'GET', url: `/leaderboard?limit=20&address=${someone}` });
  boardTimes.push(performance.now() - t);
  if (answer.statusCode !== 200 || answer.json().total !== TOKENS)
    throw new Error(`leaderboard: ${answer.body}`);
}
results['service.leaderboard_ms.median'] = round(median(boardTimes.slice(20)));
console.log(`leaderboard top 20 of ${TOKENS}: ${results['service.leaderboard_ms.median']} ms`);

await app.close();
playersHttp.close();
devnet.child.kill('SIGTERM');
console.log(results);
if (process.env.BENCH_OUT) writeFileSync(process.env.BENCH_OUT, `${JSON.stringify(results, null, 2)}\n`);
