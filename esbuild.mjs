// Bundles the extension to dist/extension.js. `vscode` is provided by the editor. `undici` stays a separate module:
// VS Code patches an extension's undici when it is `require`d (http.proxy, http.noProxy, system certificates), which a
// copy inlined into dist/extension.js would bypass. So undici is bundled on its own, into
// dist/node_modules/undici/index.js, where Node resolves `require('undici')` from dist/extension.js: the .vsix ships
// one file for it instead of a hundred (vsce warns past 100 JavaScript files).
import * as esbuild from 'esbuild';
import * as fs from 'node:fs';
import * as path from 'node:path';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const common = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20.18',
  minify: production,
  legalComments: production ? 'none' : 'inline',
  logLevel: 'warning',
};

const extension = {
  ...common,
  entryPoints: ['src/extension.ts'],
  outfile: 'dist/extension.js',
  external: ['vscode', 'undici'],
  sourcemap: !production,
  sourcesContent: false,
};

const undiciDir = 'dist/node_modules/undici';
const undici = {
  ...common,
  entryPoints: ['node_modules/undici/index.js'],
  outfile: `${undiciDir}/index.js`,
};

function writeUndiciPackage() {
  const source = JSON.parse(fs.readFileSync('node_modules/undici/package.json', 'utf8'));
  const manifest = { name: 'undici', version: source.version, license: source.license, main: 'index.js', description: 'undici, bundled into one file for Page Gateway Explorer' };
  fs.writeFileSync(path.join(undiciDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.copyFileSync('node_modules/undici/LICENSE', path.join(undiciDir, 'LICENSE'));
}

if (watch) {
  await esbuild.build(undici);
  writeUndiciPackage();
  const context = await esbuild.context(extension);
  await context.watch();
} else {
  const [ext, lib] = await Promise.all([esbuild.build({ ...extension, metafile: true }), esbuild.build({ ...undici, metafile: true })]);
  writeUndiciPackage();
  const size = (result) => Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js')).reduce((sum, [, o]) => sum + o.bytes, 0);
  const mode = production ? ' (minified)' : '';
  console.log(`dist/extension.js: ${(size(ext) / 1024).toFixed(1)} KiB${mode}; ${undiciDir}/index.js: ${(size(lib) / 1024).toFixed(1)} KiB${mode}`);
}
