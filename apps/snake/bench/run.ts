/**
 * `npm run bench -w snake`: per-tick cost (engine step + React commit) in Chromium at snake lengths 1, 100 and
 * 600, the cost of one animation frame of the gliding snake at length 600, and the gzip size of the production build's initial JS and CSS. Writes one flat JSON object to BENCH_OUT.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Direction, GameState } from '@nftkit/snake-engine';
import { createInitialState, startGame } from '@nftkit/snake-engine';
import { chromium } from '@playwright/test';
import { build, preview } from 'vite';
import { CHROMIUM_LAUNCH } from '../playwright.config';
import { benchCycle, directionBetween } from './cycle';
import { startWithMint } from './startWithMint';

const appDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = join(appDir, '..', '..');
const out = process.env.BENCH_OUT ?? join(repoRoot, 'bench', 'parts', 'snake.json');
const LENGTHS = [1, 100, 600] as const;
const WARMUP_TICKS = 400;
/** p99 is taken per round and the median round reported, so one burst of load on a shared machine does not decide it. */
const ROUNDS = 7;
const ROUND_TICKS = 1000;
const MEASURED_TICKS = ROUNDS * ROUND_TICKS;

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
const round = (n: number, digits = 4) => Number(n.toFixed(digits));

/** A running game whose snake lies on the bench cycle, head at index `length - 1`, and the moves that follow it. */
function benchGame(length: number, ticks: number): { state: GameState; moves: Direction[] } {
  const cycle = benchCycle();
  const at = (i: number) => cycle[((i % cycle.length) + cycle.length) % cycle.length]!;
  const head = length - 1;
  const snake = Array.from({ length }, (_, i) => at(head - i));
  const base = startGame(createInitialState(), 1, 'WITH_BORDERS');
  const state: GameState = {
    ...base,
    snake,
    snack: { x: 34, y: 17 },
    playground: { direction: directionBetween(at(head - 1), at(head)), isGameOver: false },
  };
  const moves = Array.from({ length: ticks }, (_, t) => directionBetween(at(head + t), at(head + t + 1)));
  return { state, moves };
}

async function tickTimes(): Promise<Record<string, number>> {
  await build({
    root: appDir,
    mode: 'test',
    logLevel: 'warn',
    build: { outDir: 'dist-test', emptyOutDir: true },
  });
  // Cross-origin isolation lifts performance.now() resolution from 100 µs to 5 µs.
  const server = await preview({
    root: appDir,
    mode: 'test',
    logLevel: 'warn',
    build: { outDir: 'dist-test' },
    preview: {
      host: '127.0.0.1',
      port: 4318,
      strictPort: false,
      headers: {
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
      },
    },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a URL');
  const browser = await chromium.launch({
    ...CHROMIUM_LAUNCH,
    args: [...CHROMIUM_LAUNCH.args, '--js-flags=--expose-gc'],
  });
  const metrics: Record<string, number> = {};
  try {
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
    await page.goto(`${url}?tick=manual&seed=1`);
    await page.waitForFunction(() => window.__snake !== undefined);
    const isolated = await page.evaluate(() => crossOriginIsolated);
    console.log(
      `[bench] crossOriginIsolated=${isolated}, load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    for (const length of LENGTHS) {
      const { state, moves } = benchGame(length, WARMUP_TICKS + MEASURED_TICKS);
      const times = await page.evaluate(
        ({ state, moves, warmup, roundTicks }) => {
          const hook = window.__snake!;
          hook.load(state);
          const result: number[] = [];
          const gc = (globalThis as { gc?: () => void }).gc;
          for (let i = 0; i < moves.length; i += 1) {
            // Collect between rounds so a round starts with a clean heap (garbage of earlier rounds is not billed to it).
            if (i >= warmup && (i - warmup) % roundTicks === 0) gc?.();
            const t0 = performance.now();
            // One tick as the app sees it: the buffered turn and the step, committed to the DOM (flushSync).
            hook.run({ type: 'turn', direction: moves[i]! }, { type: 'tick' });
            const t1 = performance.now();
            if (i >= warmup) result.push(t1 - t0);
          }
          const end = hook.state();
          if (!end.isPlaying || end.snake.length !== state.snake.length)
            throw new Error('bench game did not run');
          return result;
        },
        { state, moves, warmup: WARMUP_TICKS, roundTicks: ROUND_TICKS },
      );
      const sorted = [...times].sort((a, b) => a - b);
      const roundP99 = Array.from({ length: ROUNDS }, (_, r) =>
        quantile(
          times.slice(r * ROUND_TICKS, (r + 1) * ROUND_TICKS).sort((a, b) => a - b),
          0.99,
        ),
      ).sort((a, b) => a - b);
      metrics[`game.tick_ms.median.len${length}`] = round(quantile(sorted, 0.5));
      metrics[`game.tick_ms.p99.len${length}`] = round(quantile(roundP99, 0.5));
      const cells = await page.locator('[data-cell="body"]').count();
      console.log(
        `[bench] len${length}: ${times.length} ticks, body cells ${cells}, p50 ${quantile(sorted, 0.5)} p90 ${quantile(sorted, 0.9)} p95 ${quantile(sorted, 0.95)} p99 ${quantile(sorted, 0.99)} max ${sorted.at(-1)} over1ms ${sorted.filter((t) => t > 1).length} roundP99 ${roundP99.map((v) => v.toFixed(2)).join(' ')}`,
      );
    }
    Object.assign(metrics, await frameTimes(page));
    Object.assign(metrics, await startWithMint(browser, url));
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
  return metrics;
}

const FRAME_LENGTH = 600;
const FRAMES_PER_TICK = 8;
const FRAME_WARMUP = 200;
const ROUND_FRAMES = 400;

/**
 * `game.frame_ms.*.len600`: one animation frame of the snake layer with a 600-cell snake — the glide points, the
 * canvas commands and their rasterisation (getImageData makes the canvas draw them now rather than at the next
 * paint). Eight frames per tick, the tick itself not timed (it is `game.tick_ms`).
 */
async function frameTimes(page: import('@playwright/test').Page): Promise<Record<string, number>> {
  const total = FRAME_WARMUP + ROUNDS * ROUND_FRAMES;
  const { state, moves } = benchGame(FRAME_LENGTH, Math.ceil(total / FRAMES_PER_TICK) + 1);
  const times = await page.evaluate(
    ({ state, moves, total, warmup, perTick }) => {
      const hook = window.__snake!;
      const view = window.__snakeView!;
      const canvas = document.querySelector<HTMLCanvasElement>('canvas.snake-layer');
      const ctx = canvas?.getContext('2d');
      if (!view.motion || !canvas || !ctx) throw new Error('no snake layer with motion');
      hook.load(state);
      const result: number[] = [];
      for (let f = 0; f < total; f += 1) {
        if (f % perTick === 0) hook.run({ type: 'turn', direction: moves[f / perTick]! }, { type: 'tick' });
        const t0 = performance.now();
        view.draw(((f % perTick) + 1) / perTick);
        ctx.getImageData(0, 0, 1, 1);
        const t1 = performance.now();
        if (f >= warmup) result.push(t1 - t0);
      }
      if (hook.state().snake.length !== state.snake.length) throw new Error('bench game did not run');
      return result;
    },
    { state, moves, total, warmup: FRAME_WARMUP, perTick: FRAMES_PER_TICK },
  );
  const sorted = [...times].sort((a, b) => a - b);
  const roundP99 = Array.from({ length: ROUNDS }, (_, r) =>
    quantile(
      times.slice(r * ROUND_FRAMES, (r + 1) * ROUND_FRAMES).sort((a, b) => a - b),
      0.99,
    ),
  ).sort((a, b) => a - b);
  const canvasSize = await page.evaluate(
    () => document.querySelector<HTMLCanvasElement>('canvas.snake-layer')?.width ?? 0,
  );
  console.log(
    `[bench] frames len${FRAME_LENGTH} (canvas ${canvasSize}² px): ${times.length}, p50 ${quantile(sorted, 0.5)} p99 ${quantile(sorted, 0.99)} max ${sorted.at(-1)} roundP99 ${roundP99.map((v) => v.toFixed(2)).join(' ')}`,
  );
  return {
    [`game.frame_ms.median.len${FRAME_LENGTH}`]: round(quantile(sorted, 0.5)),
    [`game.frame_ms.p99.len${FRAME_LENGTH}`]: round(quantile(roundP99, 0.5)),
  };
}

/** gzip size of what index.html loads up front: its module scripts, modulepreloads and stylesheets. */
async function bundleSizes(): Promise<Record<string, number>> {
  await build({
    root: appDir,
    mode: 'production',
    logLevel: 'warn',
    build: { outDir: 'dist', emptyOutDir: true },
  });
  const dist = join(appDir, 'dist');
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!);
  const js = [
    ...refs(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...refs(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ];
  const css = refs(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g);
  const gzipKb = (files: string[]) =>
    files.reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f.replace(/^\//, '')))).length, 0) / 1024;
  console.log(`[bench] initial JS: ${js.join(', ')}; CSS: ${css.join(', ')}`);
  return {
    'game.bundle.initial_js_gzip_kb': round(gzipKb(js), 2),
    'game.bundle.initial_css_gzip_kb': round(gzipKb(css), 2),
  };
}

try {
  const metrics = { ...(await tickTimes()), ...(await bundleSizes()) };
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(metrics, null, 2)}\n`);
  console.log(metrics);
} catch (error) {
  // Benchmarks never fail the build: report and leave the figures out.
  console.error('[bench] snake failed:', error);
}
