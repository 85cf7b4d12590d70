// Port checks for `npm start`: a port already taken must stop the start with a clear message, because
// waiting for `/health` would otherwise succeed against whatever else answers there (a devnet from another
// checkout, an unrelated server) and the game would run against a chain this start did not launch.
import { createServer } from 'node:net';

/** Resolves when `host:port` can be listened on; rejects naming `setting` (the variable that moves it) when it cannot. */
export function assertPortFree(host, port, setting, what) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => {
      const reason =
        error.code === 'EADDRINUSE' ? 'is already in use' : `cannot be used (${error.code ?? error.message})`;
      reject(
        new Error(
          `${host}:${port} (${setting}, for ${what}) ${reason}. Stop what runs there or choose another port, e.g. ${setting}=${Number(port) + 1} npm start`,
        ),
      );
    });
    probe.listen({ host, port: Number(port), exclusive: true }, () => probe.close(() => resolve()));
  });
}
