// The second pass of `npm run check:layers`: the imports that remain at run time (type-only imports erased, as tsc
// and esbuild erase them). The folders that run without the editor (NO_VSCODE in .dependency-cruiser.cjs) must not
// reach vscode through any chain of imports: a unit test on Node, or a webview, would fail to load them. A type-only
// import of an editor-facing type (e.g. `import type { Gateway }` in a model) is fine here; the first pass still
// forbids a pure folder to import vscode itself, even for its types.
const layers = require('./.dependency-cruiser.cjs');

const noVscode = layers.forbidden.find((rule) => rule.name === 'no-vscode-in-models');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-vscode-reachable-from-models',
      comment: `Nothing ${noVscode.from.path} imports at run time reaches vscode, however many files lie between.`,
      severity: 'error',
      from: { path: noVscode.from.path },
      to: { path: noVscode.to.path, reachable: true },
    },
  ],
  options: { ...layers.options, tsPreCompilationDeps: false },
};
