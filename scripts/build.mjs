// Builds the kit packages (tsc project references, ESM + .d.ts) and then the game.
import { run } from './run.mjs';

await run('npx', ['tsc', '-b']);
await run('npm', ['run', 'build', '--workspace', 'snake']);
