// `npm start` keeps the game going when its game service dies: the service is started again (a line says so) while
// the devnet and the game server stay up. The real start script, devnet, service and game server, on free ports.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './freePort.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The children of a process, from /proc (Linux), with their command lines. */
function childrenOf(pid: number): { pid: number; cmdline: string }[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        // The parent pid is the 4th field after the command name, which is in parentheses and may hold spaces.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (ppid !== pid) return [];
        const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
        return [{ pid: Number(name), cmdline }];
      } catch {
        return []; // it exited meanwhile
      }
    });
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

let start: ChildProcess;
let output = '';
let urls: { game: string; devnet: string; service: string };
let dir: string;
// What npm start started (pids), stopped after the test even when npm start itself is gone.
let started: { pid: number; cmdline: string }[] = [];

beforeAll(async () => {
  const [port, devnetPort, servicePort] = [await freePort(), await freePort(), await freePort()];
  dir = mkdtempSync(join(tmpdir(), 'snake-start-'));
  urls = {
    game: `http://127.0.0.1:${port}/`,
    devnet: `http://127.0.0.1:${devnetPort}/v2/devnet/health`,
    service: `http://127.0.0.1:${servicePort}/health`,
  };
  start = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DEVNET_PORT: String(devnetPort),
      SERVICE_PORT: String(servicePort),
      DEVNET_DB: join(dir, 'chain.sqlite'),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  start.stdout!.on('data', collect);
  start.stderr!.on('data', collect);
  // npm start builds the game before it serves it: minutes on a loaded machine.
  while (!output.includes('Snake is ready')) {
    if (start.exitCode !== null) throw new Error(`npm start exited with ${start.exitCode}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  started = childrenOf(start.pid!);
}, 300_000);

afterAll(async () => {
  if (start && start.exitCode === null) {
    start.kill('SIGTERM');
    await once(start, 'exit');
  }
  for (const { pid, cmdline } of started) {
    try {
      // Only the very process it started (a pid may have been given to another since).
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ') === cmdline)
        process.kill(pid, 'SIGTERM');
    } catch {
      // already gone, as it should be
    }
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('npm start when the game service dies', () => {
  it('starts the service again within 5 s; the devnet and the game server stay up', async () => {
    const service = childrenOf(start.pid!).find((c) => c.cmdline.includes('snake-service'));
    expect(service, `no game service among the children of npm start:\n${output}`).toBeDefined();
    expect(await answers(urls.service)).toBe(true);

    const killedAt = performance.now();
    process.kill(service!.pid, 'SIGKILL');
    let backAfterMs = Number.POSITIVE_INFINITY;
    let devnetDown = 0;
    let gameDown = 0;
    // Watch for 10 s: the service must answer again within 5, the others must answer throughout.
    while (performance.now() - killedAt < 10_000) {
      const [svc, devnet, game] = await Promise.all([
        answers(urls.service),
        answers(urls.devnet),
        answers(urls.game),
      ]);
      if (svc && backAfterMs === Number.POSITIVE_INFINITY) backAfterMs = performance.now() - killedAt;
      if (!devnet) devnetDown += 1;
      if (!game) gameDown += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(backAfterMs).toBeLessThan(5_000);
    expect({ devnetDown, gameDown }).toEqual({ devnetDown: 0, gameDown: 0 });
    expect(start.exitCode).toBeNull();
    expect(output).toContain('[start] the game service exited with SIGKILL; starting it again');
    expect(output).toContain('[start] the game service is back at');
    const again = childrenOf(start.pid!).filter((c) => c.cmdline.includes('snake-service'));
    expect(again).toHaveLength(1);
    expect(again[0]!.pid).not.toBe(service!.pid);
    console.log(`the game service answered again ${Math.round(backAfterMs)} ms after it was killed`);
  }, 60_000);
});
