// `npm run build`: everything the commands run: the packages (tsc project references, ESM + .d.ts), the devnet CLI
// bundle that `npx nftkit-devnet` and `npm start` run (packages/devnet/scripts/bundle.mjs), and the game.
import { root, run } from './run.mjs';

await run('npx', ['tsc', '-b']);
await run(process.execPath, [`${root}packages/devnet/scripts/bundle.mjs`]);
await run('npm', ['run', 'build', '--workspace', 'snake']);
