// The architecture's import rules, checked by dependency-cruiser (`npm run lint`, so CI too); see
// docs/architecture.md, "Import rules". dependency-cruiser rather than more regular expressions in
// test/unit/architecture.test.ts: it resolves every import as TypeScript does (type-only ones included),
// follows chains of imports for the context rules and finds cycles, and says which rule a file breaks.
// test/unit/architecture.test.ts keeps the rules about packages and globals (domain/ and application/
// import no package and touch no Node global; only bootstrap/ knows inversify).

/** The two bounded contexts, by folder. Everything else outside bootstrap/ belongs to neither. */
const TASKS = [
  '^domain/tasks/',
  '^application/tasks/',
  '^adapters/http/tasks/',
  '^adapters/persistence/',
  '^adapters/crypto/',
];
const FORECAST = [
  '^domain/forecast/',
  '^application/forecast/',
  '^adapters/forecast/',
  '^adapters/http/(forecast|admin)/',
];
/** The shared kernel: what both contexts may use, so it uses neither. */
const SHARED = ['^domain/shared/', '^application/shared/', '^adapters/shared/'];

/** The rule that keeps one context from reaching the other, directly or through other modules. */
const contextApart = (name, from, otherName, other) => ({
  name: `${name}-apart-from-${otherName}`,
  severity: 'error',
  comment: `The ${name} context reaches nothing of the ${otherName} context, directly or through other modules; only bootstrap/ wires the two together.`,
  from: { path: from },
  to: { path: other, reachable: true },
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    contextApart('tasks', TASKS, 'forecast', FORECAST),
    contextApart('forecast', FORECAST, 'tasks', TASKS),
    {
      name: 'shared-kernel-knows-no-context',
      severity: 'error',
      comment: 'domain/shared, application/shared and adapters/shared serve both contexts, so they import neither.',
      from: { path: SHARED },
      to: { path: [...TASKS, ...FORECAST] },
    },
    {
      name: 'adapters-apart',
      severity: 'error',
      comment:
        'One adapter is one folder adapters/<name>/ (subfolders included). It imports no other adapter; what two adapters share lives in adapters/shared/, and bootstrap/ connects them.',
      from: { path: '^adapters/([^/]+)/', pathNot: '^adapters/http/' },
      to: { path: '^adapters/', pathNot: ['^adapters/$1/', '^adapters/shared/'] },
    },
    {
      name: 'http-adapter-apart',
      severity: 'error',
      comment:
        "The same rule for adapters/http/, with one exception: the forecast controls (adapters/forecast/control/: clock, scenario, faults), which the admin routes and the fault answers drive. They are the forecast context's driving side, in adapters/ only because the scenario format is a valibot schema, which application/ may not import.",
      from: { path: '^adapters/http/' },
      to: { path: '^adapters/', pathNot: ['^adapters/http/', '^adapters/shared/', '^adapters/forecast/control/'] },
    },
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No import cycles: a module and what it imports can be read, tested and moved in order.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|\\.tmp|\\.build|coverage)/' },
    // Type-only imports count: a type is as much a dependency of the design as a value.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.mts', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
