// Bundles the extension into one file, dist/extension.js. `vscode` is provided by the editor. Requests go through
// Node's `http`/`https` (src/api/nodeHttp.ts), which are built into Node and never bundled: in the extension host they
// are the editor's proxy-aware versions (http.proxy, http.noProxy, the system proxy, system certificates), so the
// bundle must keep `require("http")` and `require("https")` as written (test/unit/package/vsix.test.ts checks).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/**
 * `vscode` through one ES module of named exports. Left as a plain external, esbuild turns every
 * `import * as vscode from 'vscode'` into its own `__toESM(require("vscode"))`, which copies each of the API's ~200
 * properties as a getter: 39 modules import it, and those copies took 5–8 ms of every activation (CPU profile of
 * activation, docs/performance.md). Here the API object is read once: the names are the values `@types/vscode`
 * declares at the top of `declare module 'vscode'` (namespaces, classes, enums, constants, functions).
 */
const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) => (args.namespace === 'vscode-once' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-once' }));
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => {
      const declarations = fs.readFileSync(path.join(import.meta.dirname, 'node_modules/@types/vscode/index.d.ts'), 'utf8');
      const names = [...new Set([...declarations.matchAll(/^\texport (?:declare )?(?:namespace|class|enum|const|let|function) ([A-Za-z_$][\w$]*)/gm)].map((match) => match[1]))];
      if (names.length < 100 || !names.includes('window') || !names.includes('TreeItem')) {
        throw new Error(`vscode-once: found only ${names.length} names in @types/vscode`);
      }
      return { contents: `const api = require('vscode');\nexport const { ${names.join(', ')} } = api;\n`, loader: 'js', resolveDir: import.meta.dirname };
    });
  },
};

const extension = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20.18',
  minify: production,
  legalComments: production ? 'none' : 'inline',
  logLevel: 'warning',
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/extension.js',
  external: ['vscode'],
  plugins: [vscodeOnce],
  sourcemap: !production,
  sourcesContent: false,
};

if (watch) {
  const context = await esbuild.context(extension);
  await context.watch();
} else {
  const result = await esbuild.build({ ...extension, metafile: true });
  const size = Object.entries(result.metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .reduce((sum, [, output]) => sum + output.bytes, 0);
  console.log(`dist/extension.js: ${(size / 1024).toFixed(1)} KiB${production ? ' (minified)' : ''}`);
}
