// Bundles the extension into one file, dist/extension.js. `vscode` is provided by the editor. Requests go through
// Node's `http`/`https` (src/api/nodeHttp.ts), which are built into Node and never bundled: in the extension host they
// are the editor's proxy-aware versions (http.proxy, http.noProxy, the system proxy, system certificates), so the
// bundle must keep `require("http")` and `require("https")` as written (test/unit/package/vsix.test.ts checks).
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

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
