// Small process helpers shared by the root scripts.
import { spawn } from 'node:child_process';

export const root = new URL('..', import.meta.url).pathname;

/** Runs a command with inherited output; resolves with its exit code (rejects on non-zero unless allowFail). */
export function run(cmd, args, { allowFail = false, env = {}, cwd = root } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      if (status !== 0 && !allowFail) reject(new Error(`${cmd} ${args.join(' ')} exited with ${status}`));
      else resolve(status);
    });
  });
}
