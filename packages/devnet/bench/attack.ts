import { request } from 'node:http';
import { connect, type Socket } from 'node:net';

// The hostile client's attack, shared by the attack test and the bench: thousands of idle connections
// held open, and requests whose address is a megabyte, sent without pause, while /health is probed.

export type AttackOptions = { idleConnections: number; bigRequestLoops: number };
export type Attack = {
  /** How many of the idle connections the server still holds open. */
  readonly idleOpen: number;
  /** Megabyte requests answered so far, by status. */
  readonly answered: ReadonlyMap<number, number>;
  stop(): Promise<void>;
};

const MEGABYTE_ADDRESS = 'A'.repeat(1 << 20);
const BIG_BODY = JSON.stringify({
  signerPayloadJSON: { address: MEGABYTE_ADDRESS, version: 4 },
  signature: '0x01',
});

/** One request on its own connection (no agent: a prober is a new client); answers the status and the time taken. */
export function timedRequest(
  url: string,
  method: 'GET' | 'POST' = 'GET',
  body?: string,
): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        agent: false,
        headers:
          body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function idleConnection(host: string, port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host);
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Starts the attack on the server at `origin` (`http://host:port`) and resolves once the idle connections are open. */
export async function startAttack(origin: string, options: AttackOptions): Promise<Attack> {
  const { hostname, port } = new URL(origin);
  const sockets: Socket[] = [];
  let open = 0;
  for (let i = 0; i < options.idleConnections; i += 250) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(250, options.idleConnections - i) }, () =>
        idleConnection(hostname, Number(port)),
      ),
    );
    for (const s of batch) {
      open++;
      s.on('error', () => {});
      s.once('close', () => open--);
      sockets.push(s);
    }
  }
  const answered = new Map<number, number>();
  let running = true;
  const loops = Array.from({ length: options.bigRequestLoops }, async () => {
    while (running) {
      const status = await timedRequest(`${origin}/v2/devnet/extrinsics/submit`, 'POST', BIG_BODY).then(
        (r) => r.status,
        () => 0,
      );
      answered.set(status, (answered.get(status) ?? 0) + 1);
    }
  });
  return {
    get idleOpen() {
      return open;
    },
    answered,
    async stop() {
      running = false;
      await Promise.all(loops);
      for (const s of sockets) s.destroy();
    },
  };
}

/** `count` probes of `/health`, one after another with `gapMs` between them; their times in ms. */
export async function probeHealth(origin: string, count: number, gapMs: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const { status, ms } = await timedRequest(`${origin}/health`);
    if (status !== 200) throw new Error(`/health answered ${status}`);
    times.push(ms);
    await new Promise((r) => setTimeout(r, gapMs));
  }
  return times;
}

/**
 * The bench figure: /health over new connections while 3 000 idle connections are held and four loops send
 * megabyte-address requests without pause (200 probes, well within the 10 s the server gives an idle connection).
 */
export async function runAttackBench(origin: string): Promise<Record<string, number>> {
  const attack = await startAttack(origin, { idleConnections: 3_000, bigRequestLoops: 4 });
  try {
    await probeHealth(origin, 20, 5);
    const times = (await probeHealth(origin, 200, 5)).sort((a, b) => a - b);
    const at = (p: number) =>
      Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]! * 100) / 100;
    return {
      'devnet.health_ms_under_attack.median': at(0.5),
      'devnet.health_ms_under_attack.p99': at(0.99),
    };
  } finally {
    await attack.stop();
  }
}
