// Bundles the extension. `vscode` is provided by the editor; `undici` stays external and ships in the
// .vsix so that VS Code's proxy and certificate support can patch it when the extension requires it.
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const options = {
  entryPoints: ['src/extension.ts'],
  bundle: true,
  outfile: 'dist/extension.js',
  format: 'cjs',
  platform: 'node',
  target: 'node20.18',
  external: ['vscode', 'undici'],
  sourcemap: !production,
  minify: production,
  sourcesContent: false,
  legalComments: production ? 'none' : 'inline',
  logLevel: 'warning',
};

if (watch) {
  const context = await esbuild.context(options);
  await context.watch();
} else {
  const result = await esbuild.build({ ...options, metafile: true });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
  console.log(`dist/extension.js: ${(bytes / 1024).toFixed(1)} KiB${production ? ' (minified)' : ''}`);
}
