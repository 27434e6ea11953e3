// Mutation testing with StrykerJS: `npm run mutation` (slow; not part of `npm test` or CI). See docs/mutation.md.
//
// Stryker copies the repository into a sandbox (.stryker-tmp/), writes every mutant of the files in `mutate` into the
// TypeScript sources there (mutation switching: one build holds all mutants, a global picks the active one), runs
// `tsc -p .` once, and then runs the compiled unit tests from out/ under mocha for each mutant.

/** Unit tests that exercise src/ (compiled by tsc). */
const UNIT_TESTS = 'out/test/unit/**/*.test.js';

/**
 * Left out: the .vsix test needs `npm run package`; the script checks test scripts/, not src/; and these tests check
 * the sample gateway (test/gateway/), not src/ (they import nothing from src/, so they cannot kill a mutant and only
 * cost time).
 */
const NOT_SRC_TESTS = [
  'out/test/unit/package/**',
  'out/test/unit/scripts/**',
  'out/test/unit/gateway/cli.test.js',
  'out/test/unit/gateway/cursor.test.js',
  'out/test/unit/gateway/dataset.test.js',
  'out/test/unit/gateway/faults.test.js',
  'out/test/unit/gateway/recordingProxy.test.js',
  'out/test/unit/gateway/server.test.js',
  'out/test/unit/gateway/serverFaults.test.js',
];

/**
 * src/api, the list models of src/lists, and the models and wording that do not import `vscode` (so the unit tests can load them), wherever they live:
 * the generic models (src/model), the shared wording (src/text), the gateway words, the words of change marks (the one
 * such file left under src/views), and each feature's model/ and text/. Not yet mutated: the Webhook Inbox's model
 * (src/features/webhooks/inbox/model) and the agent's (src/agent/model) but its text index (it moved there from src/model). docs/mutation.md has the scores.
 */
const MUTATE = [
  'src/api/**/*.ts',
  'src/lists/**/*.ts',
  'src/agent/model/textIndex.ts',
  'src/model/**/*.ts',
  'src/text/**/*.ts',
  'src/gateway/gatewayText.ts',
  'src/views/changePresentation.ts',
  'src/features/*/model/**/*.ts',
  'src/features/*/text/**/*.ts',
];

const REPORTS = 'test-artifacts/mutation';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export const config = {
  packageManager: 'npm',
  testRunner: 'mocha',
  mutate: MUTATE,
  buildCommand: 'tsc -p .',
  mochaOptions: {
    spec: [UNIT_TESTS],
    ignore: NOT_SRC_TESTS,
    // the `mocha` section of package.json gives the same spec and the timeout
    package: 'package.json',
  },
  coverageAnalysis: 'perTest',
  // No type checker: a mutant that does not type-check still compiles to JavaScript (tsc emits on errors), and
  // the checker would cost a second compile per file group on a 2-core machine.
  checkers: [],
  // The machine is shared: one test process at a time.
  concurrency: 1,
  // Reruns only test the mutants whose code or covering tests changed since the last run.
  incremental: true,
  incrementalFile: `${REPORTS}/stryker-incremental.json`,
  // out/ is not ignored: incremental mode looks for the test files (out/test/unit) among the project's files, and
  // takes tests in a file it cannot find as removed (then no earlier result is reused). `npm run mutation` compiles
  // them first; the sandbox's own build overwrites the copy.
  ignorePatterns: ['dist', '.vscode-test', 'test-artifacts', '*.vsix', 'docs', 'media'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `${REPORTS}/index.html` },
  jsonReporter: { fileName: `${REPORTS}/mutation.json` },
  clearTextReporter: { allowColor: false, reportTests: false },
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
  thresholds: { high: 85, low: 70, break: null },
};

// Stryker reads the default export of its config file (the project's "no default exports" rule is for src/).
export default config;
