import type { ChildProcess } from 'node:child_process';

export interface KeepRunningOptions {
  /** What the lines call it ("the game service"). */
  name: string;
  /** Where the lines go (stderr). */
  log?: (line: string) => void;
  /** Called with each child started again. */
  onRestart?: (child: ChildProcess) => void;
  /** The wait before the first restart (200 ms). */
  firstDelayMs?: number;
  /** The longest wait between restarts (30 s). */
  maxDelayMs?: number;
  /** A child that ran this long was not crash-looping: the wait starts over (10 s). */
  steadyMs?: number;
}

export interface KeptProcess {
  /** The running child (the latest start). */
  readonly child: ChildProcess;
  /** Stops it for good: no restart; resolves once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export function keepRunning(launch: () => ChildProcess, options: KeepRunningOptions): KeptProcess;
