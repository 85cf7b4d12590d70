// A child process that `npm start` keeps running: when it exits without being asked to, a line says so and it is
// started again, at once the first time; while it keeps dying soon after each start (a crash loop) the wait
// doubles, up to a ceiling, so a broken setting prints a line now and then instead of flooding the terminal.

/**
 * @param {() => import('node:child_process').ChildProcess} launch starts the child (again)
 * @param {object} options
 * @param {string} options.name what the lines call it ("the game service")
 * @param {(line: string) => void} [options.log] where the lines go (stderr)
 * @param {(child: import('node:child_process').ChildProcess) => void} [options.onRestart] after each restart
 * @param {number} [options.firstDelayMs] the wait before the first restart
 * @param {number} [options.maxDelayMs] the longest wait between restarts
 * @param {number} [options.steadyMs] a child that ran this long was not crash-looping: the wait starts over
 */
export function keepRunning(
  launch,
  { name, log = console.error, onRestart, firstDelayMs = 200, maxDelayMs = 30_000, steadyMs = 10_000 },
) {
  let child;
  let startedAt = 0;
  let delay = 0;
  let timer = null;
  let stopping = false;
  let exited = Promise.resolve();

  const start = () => {
    timer = null;
    child = launch();
    startedAt = Date.now();
    const current = child;
    exited = new Promise((resolve) => {
      current.once('exit', (code, signal) => {
        resolve();
        if (stopping) return;
        const steady = Date.now() - startedAt >= steadyMs;
        delay = steady || delay === 0 ? firstDelayMs : Math.min(maxDelayMs, delay * 2);
        log(`[start] ${name} exited with ${code ?? signal}; starting it again in ${formatDelay(delay)}`);
        timer = setTimeout(() => {
          start();
          onRestart?.(child);
        }, delay);
      });
    });
  };
  start();

  return {
    /** The running child (the latest start). */
    get child() {
      return child;
    },
    /** Stops it for good: no restart; resolves once it has exited. */
    stop(signal = 'SIGTERM') {
      stopping = true;
      if (timer) clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

const formatDelay = (ms) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`);
