import { describe, expect, it } from 'vitest';
import { probeChain, watchChain } from './reachability';

const answering = (status: number): typeof fetch =>
  (async () => new Response('{}', { status })) as typeof fetch;
const refusing: typeof fetch = async () => {
  throw new TypeError('Failed to fetch');
};

describe('probeChain', () => {
  it('asks the devnet health route', async () => {
    const asked: string[] = [];
    const recording: typeof fetch = async (input) => {
      asked.push(String(input));
      return new Response('{}', { status: 200 });
    };
    expect(await probeChain('http://127.0.0.1:9944/v2/devnet', recording)).toBe(true);
    expect(asked).toEqual(['http://127.0.0.1:9944/v2/devnet/health']);
  });

  it('is false when the connection is refused or the answer is an error', async () => {
    expect(await probeChain('http://x', refusing)).toBe(false);
    expect(await probeChain('http://x', answering(503))).toBe(false);
  });
});

describe('watchChain', () => {
  it('reports each probe until stopped', async () => {
    const seen: boolean[] = [];
    let calls = 0;
    const flaky: typeof fetch = async (...args) => {
      calls += 1;
      return calls === 2 ? refusing(...args) : answering(200)(...args);
    };
    let stop = () => {};
    await new Promise<void>((resolve) => {
      stop = watchChain(
        'http://x',
        (reachable) => {
          seen.push(reachable);
          if (seen.length === 3) resolve();
        },
        1,
        flaky,
      );
    });
    stop();
    expect(seen).toEqual([true, false, true]);
  });
});
