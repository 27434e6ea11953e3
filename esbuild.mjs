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
 * activation, docs/performance.md). Here the API object is read once. The names are those `src/` uses as
 * `vscode.<name>` that `@types/vscode` declares as values (namespaces, classes, enums, constants, functions); a name
 * used another way is not exported, and esbuild then fails the build on it, so nothing can go missing silently.
 */
function valueNamesOfVscode() {
  const declarations = fs.readFileSync(path.join(import.meta.dirname, 'node_modules/@types/vscode/index.d.ts'), 'utf8');
  const declared = new Set([...declarations.matchAll(/^\texport (?:declare )?(?:namespace|class|enum|const|let|function) ([A-Za-z_$][\w$]*)/gm)].map((match) => match[1]));
  const used = new Set();
  for (const file of fs.readdirSync(path.join(import.meta.dirname, 'src'), { recursive: true })) {
    if (String(file).endsWith('.ts')) {
      const text = fs.readFileSync(path.join(import.meta.dirname, 'src', String(file)), 'utf8');
      for (const match of text.matchAll(/\bvscode\.([A-Za-z_$][\w$]*)/g)) {
        used.add(match[1]);
      }
    }
  }
  const names = [...used].filter((name) => declared.has(name)).sort();
  if (declared.size < 100 || !names.includes('window')) {
    throw new Error(`vscode-once: ${declared.size} names declared by @types/vscode, ${names.length} used`);
  }
  return names;
}

const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) => (args.namespace === 'vscode-once' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-once' }));
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({
      contents: `const api = require('vscode');\nexport const { ${valueNamesOfVscode().join(', ')} } = api;\n`,
      loader: 'js',
      resolveDir: import.meta.dirname,
    }));
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
  // Our strings are full of typographic characters (… — ’ · ↔): kept as UTF-8 rather than 6-byte \u escapes.
  charset: 'utf8',
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
