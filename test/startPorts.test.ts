import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './freePort.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A server that answers everything with 200, as another devnet or an unrelated app on the port would. */
async function foreignServer(): Promise<{ port: number; requests: () => number }> {
  let requests = 0;
  const server = createServer((_req, res) => {
    requests += 1;
    res.end('{"ok":true}');
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { port: (server.address() as AddressInfo).port, requests: () => requests };
}

function start(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

describe('npm start on taken ports', () => {
  it('stops with a message naming DEVNET_PORT instead of using whatever answers there', async () => {
    const taken = await foreignServer();
    const { code, stderr } = await start({ DEVNET_PORT: String(taken.port), SERVICE_PORT: '1', PORT: '2' });
    expect(code).toBe(1);
    expect(stderr).toContain(`127.0.0.1:${taken.port} (DEVNET_PORT, for the devnet) is already in use`);
    expect(taken.requests()).toBe(0);
  });

  it('names SERVICE_PORT and PORT when those are the taken ones', async () => {
    const service = await foreignServer();
    const devnetPort = String(await freePort());
    let result = await start({ DEVNET_PORT: devnetPort, SERVICE_PORT: String(service.port), PORT: '3' });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('(SERVICE_PORT, for the game service) is already in use');

    const game = await foreignServer();
    result = await start({ DEVNET_PORT: devnetPort, SNAKE_SERVICE: 'off', PORT: String(game.port) });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('(PORT, for the game) is already in use');
    expect(service.requests() + game.requests()).toBe(0);
  });
});
