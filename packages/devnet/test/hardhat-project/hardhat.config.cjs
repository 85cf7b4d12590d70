// A Hardhat 2 project as a Solidity developer has one: the ethers plugin and the chai matchers, tests that use the
// network helpers. `npx hardhat test` runs it on Hardhat's in-process network; `--network devnet` runs the same tests
// against the devnet's JSON-RPC, with the node's unlocked accounts (no keys in this file).
require('@nomicfoundation/hardhat-chai-matchers');
require('@nomicfoundation/hardhat-ethers');
const { subtask } = require('hardhat/config');
const { TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD } = require('hardhat/builtin-tasks/task-names');

// Compiled with the solc npm package (solcjs) instead of a compiler Hardhat downloads: the tests download nothing.
subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD, async ({ solcVersion }) => {
  const solc = require('solc');
  const longVersion = solc.version();
  if (!longVersion.startsWith(`${solcVersion}+`))
    throw new Error(`this project compiles with solc ${solcVersion}; the solc package is ${longVersion}`);
  return {
    compilerPath: require.resolve('solc/soljson.js'),
    isSolcJs: true,
    version: solcVersion,
    longVersion,
  };
});

module.exports = {
  solidity: {
    version: '0.8.26',
    settings: { evmVersion: 'cancun', optimizer: { enabled: true, runs: 200 } },
  },
  networks: {
    hardhat: { hardfork: 'cancun' },
    devnet: { url: process.env.DEVNET_RPC ?? 'http://127.0.0.1:9944' },
  },
  paths: {
    // Where the Vitest test puts them (a scratch folder), else beside the project.
    artifacts: process.env.HARDHAT_OUT ? `${process.env.HARDHAT_OUT}/artifacts` : './artifacts',
    cache: process.env.HARDHAT_OUT ? `${process.env.HARDHAT_OUT}/cache` : './cache',
  },
  mocha: {
    timeout: 120_000,
    ...(process.env.MOCHA_JSON
      ? { reporter: 'json', reporterOption: { output: process.env.MOCHA_JSON } }
      : {}),
  },
};
