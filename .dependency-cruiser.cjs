// Import rules of the repository, checked by `npm run lint` (dependency-cruiser): no import cycle anywhere, the
// packages in DESIGN §1's one direction, and the devnet's folders in DESIGN §8's layers. A rule broken here is a
// design question first: move the code to the layer its role says rather than widening a rule.

/** Workspace packages and what each may import of the others (DESIGN §1). */
const PACKAGES = {
  primitives: [],
  metadata: ['primitives'],
  api: ['primitives', 'metadata'],
  sdk: ['primitives', 'metadata', 'api'],
  devnet: ['primitives', 'metadata', 'api'],
  'snake-engine': [],
  'snake-protocol': ['primitives', 'metadata', 'snake-engine'],
};

/**
 * The devnet's layers, lowest first (DESIGN §8). A folder of `packages/devnet/src` imports from its own layer and
 * those below it, never from above. The faces sit side by side and never import each other. The files at the root
 * of `src` (the public entry, the server, the CLI, the database's opening, the app that mounts the faces) assemble
 * the layers: nothing in a layer imports them.
 */
const DEVNET_LAYERS = [
  { name: 'shared', folders: ['crypto', 'threads', 'jsonRpc'] },
  { name: 'storage', folders: ['storage'] },
  { name: 'runtime', folders: ['runtime'] },
  { name: 'views', folders: ['views'] },
  { name: 'chain', folders: ['chain'] },
  { name: 'indexer', folders: ['indexer'] },
  { name: 'faces', folders: ['http', 'ethRpc', 'substrateRpc'], apart: true },
];

const SRC = '^packages/devnet/src/';
const folderPath = (folders) => `${SRC}(${folders.join('|')})/`;

const layerRules = DEVNET_LAYERS.flatMap((layer, i) => {
  const above = DEVNET_LAYERS.slice(i + 1).flatMap((l) => l.folders);
  const rules = [];
  if (above.length > 0)
    rules.push({
      name: `devnet-layer-${layer.name}`,
      comment: `devnet: ${layer.folders.join(', ')} must not import a layer above it (${above.join(', ')}).`,
      severity: 'error',
      from: { path: folderPath(layer.folders) },
      to: { path: folderPath(above) },
    });
  if (layer.apart)
    for (const face of layer.folders)
      rules.push({
        name: `devnet-face-${face}`,
        comment: `devnet: the faces do not import each other; what two share belongs to a layer below them.`,
        severity: 'error',
        from: { path: folderPath([face]) },
        to: { path: folderPath(layer.folders.filter((f) => f !== face)) },
      });
  return rules;
});

const packageRules = Object.entries(PACKAGES).map(([name, allowed]) => {
  const others = Object.keys(PACKAGES).filter((p) => p !== name && !allowed.includes(p));
  return {
    name: `package-direction-${name}`,
    comment: `${name}'s sources import only ${allowed.length > 0 ? allowed.join(', ') : 'none of our packages'} (DESIGN §1).`,
    severity: 'error',
    from: { path: `^packages/${name}/src/` },
    to: { path: `^packages/(${others.join('|')})/` },
  };
});

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'An import cycle: modules that need each other are one concept, or one of them is in the wrong layer.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...packageRules,
    {
      name: 'apps-never-import-the-devnet',
      comment:
        'The game and its service talk to a chain through the sdk; only tests, benches and e2e start a devnet.',
      severity: 'error',
      from: { path: '^apps/[^/]+/src/' },
      to: { path: '^packages/devnet/' },
    },
    {
      name: 'nothing-imports-an-app',
      comment:
        'No package imports an app, and neither app imports the other (the game’s e2e tests start its service).',
      severity: 'error',
      from: { path: '^(packages/[^/]+|apps/[^/]+)/src/' },
      to: { path: '^apps/', pathNot: '^$1/' },
    },
    {
      name: 'devnet-root-is-the-top',
      comment: "devnet: the files at src's root assemble the layers; no layer imports them.",
      severity: 'error',
      from: { path: folderPath(DEVNET_LAYERS.flatMap((l) => l.folders)) },
      to: { path: `${SRC}[^/]+$` },
    },
    {
      name: 'devnet-folder-in-a-layer',
      comment:
        'devnet: every folder of src belongs to a layer; a new folder is added to DEVNET_LAYERS above first.',
      severity: 'error',
      from: { path: `${SRC}[^/]+/`, pathNot: folderPath(DEVNET_LAYERS.flatMap((l) => l.folders)) },
      to: {},
    },
    ...layerRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-test|test-results|playwright-report)/' },
    // Type-only imports count: a cycle of types is still two modules that cannot be read one before the other.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.check.json' },
    // Workspace packages resolve to their TypeScript sources (the `source` export condition), as tsc and Vitest do.
    enhancedResolveOptions: {
      conditionNames: ['source', 'import', 'require', 'node', 'default'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
