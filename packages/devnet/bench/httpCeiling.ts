import { type ChildProcess, spawn } from 'node:child_process';

// A yardstick for the eth_call round, not a peer: Node's own `http` server, in a process of its own, answering every
// POST with a fixed JSON-RPC result once it has read and parsed the request — what any JSON-RPC server written on
// Node does before its first line of Ethereum. Measured in the same turns as the nodes, it tells how much of a
// Node.js node's eth_call rate the HTTP server alone allows on this machine with this client.

const SERVER = `
const http = require('node:http');
const answer = JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x' + '0'.repeat(64) });
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    JSON.parse(Buffer.concat(chunks).toString());
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
    res.end(answer);
  });
});
server.keepAliveTimeout = 5000;
server.listen(0, '127.0.0.1', () => console.log('listening on ' + server.address().port));
`;

export type HttpCeiling = { url: string; pid: number | undefined; stop(): Promise<void> };

/** Starts the fixed-answer server; resolves once it listens. */
export function startHttpCeiling(): Promise<HttpCeiling> {
  const child: ChildProcess = spawn(process.execPath, ['-e', SERVER], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (d: Buffer) => {
      text += d.toString();
      const m = /listening on (\d+)/.exec(text);
      if (m) resolve({ url: `http://127.0.0.1:${m[1]}`, pid: child.pid, stop });
    });
    child.once('exit', (code) => reject(new Error(`the HTTP ceiling server exited with ${code}`)));
  });
}
