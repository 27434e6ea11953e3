// Bundles the extension into dist/extension.js (what activation loads) and dist/onDemand.js (see below). `vscode` is
// provided by the editor. Requests go through Node's `http`/`https` (src/api/nodeHttp.ts), which are built into Node
// and never bundled: in the extension host they are the editor's proxy-aware versions (http.proxy, http.noProxy, the
// system proxy, system certificates), so the bundle must keep `require("http")` and `require("https")` as written
// (test/unit/package/vsix.test.ts checks).
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
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => virtualModule(`const api = require('vscode');\nexport const { ${valueNamesOfVscode().join(', ')} } = api;\n`));
  },
};

/**
 * Two bundles. `dist/extension.js` holds what activation runs. `dist/onDemand.js` holds the modules that `src/` only
 * reaches through `import()` (a command's body, the inbox's receiver, the agent's tools) and is loaded the first
 * time one of them is used: V8 compiles a bundle whole when it is loaded, and that compile is most of what loading
 * the extension costs (docs/performance.md). The split follows the code: a module goes on demand when no static
 * import chain from src/extension.ts reaches it, and only then.
 *
 * The two bundles share one instance of every module: `dist/onDemand.js` reads the modules of `dist/extension.js` it
 * imports (classes for `instanceof`, module state such as l10n's) from the loaded `dist/extension.js`, which exports
 * them as `onDemandCore`, and fails loudly if that is not loaded. `--watch` builds one bundle (dynamic imports inline).
 */
const ON_DEMAND_FILE = 'onDemand.js';

const options = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20.18',
  minify: production,
  legalComments: production ? 'none' : 'inline',
  logLevel: 'warning',
  external: ['vscode'],
  sourcemap: !production,
  sourcesContent: false,
  // Our strings are full of typographic characters (… — ’ · ↔): kept as UTF-8 rather than 6-byte \u escapes.
  charset: 'utf8',
  metafile: true,
};

/** `path` relative to the repository, with forward slashes: the key metafiles and the two bundles use. */
function repoPath(file) {
  return path.relative(import.meta.dirname, file).split(path.sep).join('/');
}

/** The file an import resolves to and its repository path; undefined when esbuild cannot resolve it or it is external. */
async function resolveFile(build, args) {
  const resolved = await build.resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir, importer: args.importer, pluginData: 'resolving' });
  return resolved.errors.length > 0 || resolved.external ? undefined : { file: resolved.path, key: repoPath(resolved.path) };
}

/** A module esbuild loads from `contents` (JavaScript whose imports resolve from the repository root). */
function virtualModule(contents) {
  return { contents, loader: 'js', resolveDir: import.meta.dirname };
}

/**
 * The main bundle. `core` is undefined in the first pass (every dynamic import of src/ is left out, which finds the
 * modules activation loads); in the second it holds them, and `exported` the ones dist/onDemand.js imports.
 */
function mainBuild(core, exported) {
  const targets = new Set();
  const onDemand = {
    name: 'on-demand-imports',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData === 'resolving') {
          return undefined;
        }
        const resolved = await resolveFile(build, args);
        if (resolved === undefined) {
          return undefined;
        }
        const { file, key } = resolved;
        if (core?.has(key)) {
          return { path: file }; // activation loads it anyway: no need to wait for the other bundle
        }
        targets.add(key);
        return { path: key, namespace: 'on-demand' };
      });
      build.onResolve({ filter: new RegExp(`^\\./${ON_DEMAND_FILE.replace('.', '\\.')}$`) }, () => ({ path: `./${ON_DEMAND_FILE}`, external: true }));
      build.onLoad({ filter: /.*/, namespace: 'on-demand' }, (args) => virtualModule(`module.exports = require('./${ON_DEMAND_FILE}').modules[${JSON.stringify(args.path)}];\n`));
      build.onResolve({ filter: /^main-entry$/ }, () => ({ path: 'main-entry', namespace: 'main-entry' }));
      build.onLoad({ filter: /.*/, namespace: 'main-entry' }, () => {
        const names = [...(exported ?? [])].sort();
        const lines = [`export * from ${JSON.stringify(path.join(import.meta.dirname, 'src/extension.ts'))};`];
        names.forEach((name, i) => lines.push(`import * as core${i} from ${JSON.stringify(path.join(import.meta.dirname, name))};`));
        lines.push(`export const onDemandCore = { ${names.map((name, i) => `${JSON.stringify(name)}: core${i}`).join(', ')} };`);
        return virtualModule(lines.join('\n'));
      });
    },
  };
  return {
    build: { ...options, entryPoints: { extension: 'main-entry' }, outdir: 'dist', plugins: [vscodeOnce, onDemand], write: core !== undefined },
    targets,
  };
}

/** dist/onDemand.js: the modules only reached by `import()`, with every module of `core` read from dist/extension.js. */
function onDemandBuild(targets, core) {
  const imported = new Set();
  const shareCore = {
    name: 'share-core',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === 'resolving' || args.namespace === 'vscode-once' || args.path === 'vscode' || args.kind === 'entry-point') {
          return undefined;
        }
        if (args.namespace === 'core' && args.path === 'core-link') {
          return { path: 'core-link', namespace: 'core-link' };
        }
        if (args.namespace !== 'file' && args.namespace !== 'on-demand-entry') {
          return undefined;
        }
        const resolved = await resolveFile(build, args);
        if (resolved === undefined) {
          return undefined;
        }
        const { file, key } = resolved;
        if (!core.has(key)) {
          return { path: file };
        }
        imported.add(key);
        return { path: key, namespace: 'core' };
      });
      build.onLoad({ filter: /.*/, namespace: 'core' }, (args) => virtualModule(`module.exports = require('core-link')[${JSON.stringify(args.path)}];\n`));
      build.onLoad({ filter: /.*/, namespace: 'core-link' }, () =>
        virtualModule(
          [
            `const main = require.cache[require('path').join(__dirname, 'extension.js')];`,
            `if (main === undefined || main.exports.onDemandCore === undefined) throw new Error('dist/${ON_DEMAND_FILE} is loaded by dist/extension.js, never on its own');`,
            `module.exports = main.exports.onDemandCore;`,
          ].join('\n'),
        ),
      );
      build.onResolve({ filter: /^on-demand-entry$/ }, () => ({ path: 'on-demand-entry', namespace: 'on-demand-entry' }));
      build.onLoad({ filter: /.*/, namespace: 'on-demand-entry' }, () => {
        const names = [...targets].sort();
        const lines = names.map((name, i) => `import * as module${i} from ${JSON.stringify(path.join(import.meta.dirname, name))};`);
        lines.push(`export const modules = { ${names.map((name, i) => `${JSON.stringify(name)}: module${i}`).join(', ')} };`);
        return virtualModule(lines.join('\n'));
      });
    },
  };
  return { build: { ...options, entryPoints: { onDemand: 'on-demand-entry' }, outdir: 'dist', plugins: [vscodeOnce, shareCore] }, imported };
}

function sourceInputs(metafile) {
  return new Set(Object.keys(metafile.inputs).filter((key) => !key.includes(':')));
}

function bytesOf(metafile) {
  return Object.entries(metafile.outputs)
    .filter(([file]) => file.endsWith('.js'))
    .reduce((sum, [, output]) => sum + output.bytes, 0);
}

/**
 * The Page Groups table's webview: its own browser bundle (dist/webview/pageGroupsTable.js), loaded by the webview
 * only when a table opens (the extension never imports it), with its stylesheet and the codicon font beside it.
 */
const webviewOptions = {
  entryPoints: { pageGroupsTable: 'src/features/pageGroups/table/webview/main.ts' },
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: production,
  legalComments: production ? 'none' : 'inline',
  sourcemap: !production,
  sourcesContent: false,
  charset: 'utf8',
  logLevel: 'warning',
  outdir: 'dist/webview',
};

/**
 * The codicons' stylesheet cut to the icons the webview draws (src/features/pageGroups/table/webview/iconNames.ts):
 * everything before its list of icons (the licence header, the font, the base rule, the modifiers), then the rule of
 * each named icon. The full sheet is 40 KB of 660 rules for about a dozen icons: each open of a table fetched and
 * parsed it before its script could run. Fails the build when the list cannot be read or an icon has no rule.
 */
function codiconsFor(codiconCss) {
  const list = fs.readFileSync(path.join(import.meta.dirname, 'src/features/pageGroups/table/webview/iconNames.ts'), 'utf8').match(/ICON_NAMES = \[([^\]]*)\]/);
  const names = list ? [...list[1].matchAll(/'([a-z0-9-]+)'/g)].map((match) => match[1]) : [];
  const icons = codiconCss.indexOf('.codicon-add:before');
  if (names.length === 0 || icons < 0) {
    throw new Error(`codicons: ${names.length} icon names read from iconNames.ts; the icons' rules ${icons < 0 ? 'not found' : 'found'} in codicon.css`);
  }
  const rules = names.map((name) => {
    const rule = codiconCss.match(new RegExp(`^\\.codicon-${name}:before \\{[^}]*\\}$`, 'm'));
    if (!rule) {
      throw new Error(`codicons: no rule for the icon "${name}" (iconNames.ts) in codicon.css`);
    }
    return rule[0];
  });
  return `${codiconCss.slice(0, icons)}${rules.join('\n')}\n`;
}

/**
 * The webview's one stylesheet: the codicons' rules it needs (with their licence header; the font is the file beside
 * it) and then the table's own. One file less for the page to fetch before its script may run (a stylesheet holds the
 * script back).
 */
function copyWebviewFiles() {
  const out = path.join(import.meta.dirname, 'dist/webview');
  fs.mkdirSync(out, { recursive: true });
  const codicons = path.join(import.meta.dirname, 'node_modules/@vscode/codicons/dist');
  const own = fs.readFileSync(path.join(import.meta.dirname, 'src/features/pageGroups/table/webview/pageGroupsTable.css'), 'utf8');
  fs.writeFileSync(path.join(out, 'pageGroupsTable.css'), `${codiconsFor(fs.readFileSync(path.join(codicons, 'codicon.css'), 'utf8'))}\n${own}`);
  fs.copyFileSync(path.join(codicons, 'codicon.ttf'), path.join(out, 'codicon.ttf'));
}

if (watch) {
  const context = await esbuild.context({ ...options, metafile: false, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', plugins: [vscodeOnce] });
  await context.watch();
  copyWebviewFiles();
  await (await esbuild.context(webviewOptions)).watch();
} else {
  fs.rmSync(path.join(import.meta.dirname, 'dist'), { recursive: true, force: true });
  const first = mainBuild(undefined, undefined);
  const core = sourceInputs((await esbuild.build(first.build)).metafile);
  const targets = [...first.targets].filter((target) => !core.has(target));
  const lazy = targets.length > 0 ? onDemandBuild(new Set(targets), core) : undefined;
  const lazyResult = lazy ? await esbuild.build(lazy.build) : undefined;
  const main = mainBuild(core, lazy?.imported ?? new Set());
  const mainResult = await esbuild.build(main.build);
  const mainInputs = sourceInputs(mainResult.metafile);
  const moved = [...core].filter((input) => !mainInputs.has(input)).concat([...mainInputs].filter((input) => !core.has(input)));
  if (moved.length > 0) {
    throw new Error(`the main bundle's modules changed between the two passes: ${moved.join(', ')}`);
  }
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(`dist/extension.js: ${kib(bytesOf(mainResult.metafile))}${production ? ' (minified)' : ''}`);
  const webviewResult = await esbuild.build({ ...webviewOptions, metafile: true });
  copyWebviewFiles();
  console.log(`dist/webview/pageGroupsTable.js: ${kib(bytesOf(webviewResult.metafile))}, loaded by the Page Groups table only`);
  if (lazyResult) {
    console.log(`dist/${ON_DEMAND_FILE}: ${kib(bytesOf(lazyResult.metafile))}, ${targets.length} modules loaded on first use`);
  }
}
