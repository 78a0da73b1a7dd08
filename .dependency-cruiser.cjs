// The layer rules of src/ (docs/architecture.md, "Layers"), checked by
// dependency-cruiser as part of the test command (scripts/test.sh runs
// `npm run lint:layers` before vitest; test/unit/layers.test.ts shows a broken
// rule is caught). Every import points down: a layer may import its own layer
// and the layers listed before it, nothing after it.

/** Bottom to top. Layers on one line are peers: neither imports the other. */
const LAYERS = [
  // What every layer shares: contract types, names, typed errors, sealing, the settings' type.
  { name: 'core', path: '^src/(core/|config\\.ts$)' },
  // Formats parsed and written in-process (no processes).
  { name: 'formats', path: '^src/(files|pdf|layout|writers)/' },
  // One module per native tool; tools/run.ts starts every process.
  { name: 'tools', path: '^src/tools/' },
  // SQLite / PostgreSQL: accounts, keys, usage, jobs.
  { name: 'store', path: '^src/store/' },
  // Peers: an operation never sees HTTP; the HTTP middleware never runs an operation.
  [
    { name: 'operations', path: '^src/operations/' },
    { name: 'http', path: '^src/http/' },
  ],
  // A route declares an operation for HTTP (and the job runner); services.ts is what a request needs.
  { name: 'routes', path: '^src/(routes/|services\\.ts$)' },
  // Asynchronous jobs run the declared operations off the request.
  { name: 'jobs', path: '^src/jobs/' },
  // Wiring: the app, the OpenAPI document, the command line.
  { name: 'app', path: '^src/(openapi/|server\\.ts$|main\\.ts$|cli\\.ts$|crash-guards\\.ts$)' },
];

const levels = LAYERS.map((l) => (Array.isArray(l) ? l : [l]));
const upRules = levels.flatMap((level, i) => {
  const above = levels.slice(i + 1).flat();
  return level.flatMap((layer) => {
    const peers = level.filter((p) => p !== layer);
    const forbidden = [...peers, ...above];
    if (forbidden.length === 0) return [];
    return [
      {
        name: `${layer.name}-imports-down-only`,
        comment: `${layer.name} may not import ${forbidden.map((l) => l.name).join(', ')} (imports point down; docs/architecture.md, "Layers").`,
        severity: 'error',
        from: { path: layer.path },
        to: { path: forbidden.map((l) => l.path) },
      },
    ];
  });
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...upRules,
    {
      name: 'operations-never-import-http',
      comment: 'An operation never sees HTTP: it gets files on disk and parsed options (core/contract.ts), wherever the request came from.',
      severity: 'error',
      from: { path: '^src/operations/' },
      to: { path: '^src/http/' },
    },
    {
      name: 'only-run-starts-processes',
      comment: 'tools/run.ts (with the spawn helper client it owns, tools/spawner.ts) is the one place a process starts: process group, scrubbed environment, pool slot, deadline.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/tools/(run|spawner)\\.ts$' },
      to: { path: '^(node:)?child_process$|^execa$', dependencyTypes: ['core', 'npm', 'npm-dev', 'npm-no-pkg', 'npm-unknown', 'unknown'] },
    },
    {
      name: 'every-module-in-a-layer',
      comment: 'A module outside every layer escapes the rules above: add its folder to LAYERS.',
      severity: 'error',
      from: { path: '^src/', pathNot: levels.flat().map((l) => l.path) },
      to: {},
    },
    {
      name: 'no-cycles',
      comment: 'A cycle (even of types only) means two modules are one module, or a shared part belongs lower.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: a type from a higher layer is still an up-import.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '^(dist|node_modules)/' },
  },
};
