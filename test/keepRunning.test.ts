import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { keepRunning } from '../scripts/keepRunning.mjs';

/** A real child process that exits with `code` at once (a service that crashes at every start). */
const crashing = (code: number) => () => spawn(process.execPath, ['-e', `process.exit(${code})`]);
/** A real child process that runs until it is killed. */
const running = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('keepRunning', () => {
  it('starts a child that died again and says so; a crash loop waits longer each time', async () => {
    const lines: string[] = [];
    let starts = 0;
    const kept = keepRunning(
      () => {
        starts += 1;
        return crashing(3)();
      },
      {
        name: 'the thing',
        log: (line) => lines.push(line),
        firstDelayMs: 10,
        maxDelayMs: 40,
        steadyMs: 60_000,
      },
    );
    await until(() => lines.length >= 4);
    await kept.stop();
    expect(lines.slice(0, 4)).toEqual([
      '[start] the thing exited with 3; starting it again in 10 ms',
      '[start] the thing exited with 3; starting it again in 20 ms',
      '[start] the thing exited with 3; starting it again in 40 ms',
      '[start] the thing exited with 3; starting it again in 40 ms',
    ]);
    expect(starts).toBeGreaterThanOrEqual(4);
  });

  it('a child that ran steadily before it died is started again after the first wait', async () => {
    const lines: string[] = [];
    const kept = keepRunning(running, { name: 'the thing', log: (line) => lines.push(line), steadyMs: 0 });
    const first = kept.child;
    first.kill('SIGKILL');
    await until(() => kept.child !== first);
    expect(lines).toEqual(['[start] the thing exited with SIGKILL; starting it again in 200 ms']);
    const second = kept.child;
    second.kill('SIGKILL');
    await until(() => kept.child !== second);
    expect(lines[1]).toBe('[start] the thing exited with SIGKILL; starting it again in 200 ms');
    await kept.stop();
  });

  it('stop ends it for good: no restart, and it resolves once the child has exited', async () => {
    const lines: string[] = [];
    const kept = keepRunning(running, {
      name: 'the thing',
      log: (line) => lines.push(line),
      firstDelayMs: 10,
    });
    const child = kept.child;
    await kept.stop();
    expect(child.signalCode).toBe('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(kept.child).toBe(child);
    expect(lines).toEqual([]);
  });
});
