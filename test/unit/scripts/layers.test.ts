// The layer check of CI (`npm run check:layers`: .dependency-cruiser.cjs, then .dependency-cruiser-runtime.cjs): each
// rule fails on a small tree of files that breaks it, the same tree done right passes both passes, and every file of a
// tree is in a layer. The trees are written to a temporary folder and cruised with the project's own configuration, so
// a rule taken out of the configuration (or loosened until it no longer fires) fails its case here.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ICruiseResult, IConfiguration, IViolation } from 'dependency-cruiser' with { 'resolution-mode': 'import' };

const ROOT = path.resolve(__dirname, '../../../..');
const load = createRequire(__filename);
const LAYERS_CONFIG = load(path.join(ROOT, '.dependency-cruiser.cjs')) as IConfiguration;
const RUNTIME_CONFIG = load(path.join(ROOT, '.dependency-cruiser-runtime.cjs')) as IConfiguration;

/** One file of each layer, bottom first (the order of LAYERS in .dependency-cruiser.cjs). */
const LAYER_SAMPLES = [
  'src/activationClock.ts',
  'src/util/a.ts',
  'src/l10n/a.ts',
  'src/export/a.ts',
  'src/api/a.ts',
  'src/lists/a.ts',
  'src/text/a.ts',
  'src/log/a.ts',
  'src/config/a.ts',
  'src/auth/a.ts',
  'src/gateway/a.ts',
  'src/model/a.ts',
  'src/ui/a.ts',
  'src/documents/a.ts',
  'src/views/a.ts',
  'src/commands/a.ts',
  'src/agent/a.ts',
  'src/features/feature.ts',
  'src/features/forms/a.ts',
  'src/features/features.ts',
  'src/extension.ts',
];

/** A file's text: one export, and a value import of each of `imports` (`vscode` or a path under the tree's root). */
function source(file: string, imports: readonly string[], typeOnly: readonly string[] = []): string {
  const lines = imports.map((target, index) => `import * as m${index} from '${specifier(file, target)}';`);
  lines.push(...typeOnly.map((target, index) => `import type * as t${index} from '${specifier(file, target)}';`));
  const used = imports.map((_, index) => `m${index}`).join(', ');
  const types = typeOnly.map((_, index) => `typeof t${index}`).join(' | ');
  lines.push(`export const used = [${used}];`, `export type Used = ${types === '' ? 'never' : types};`);
  return `${lines.join('\n')}\n`;
}

function specifier(file: string, target: string): string {
  if (target === 'vscode') {
    return 'vscode';
  }
  const relative = path.posix.relative(path.posix.dirname(file), target).replace(/\.ts$/, '');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

/** A tree: each file with the files it imports at run time and those it imports for their types only. */
type Tree = Readonly<Record<string, { readonly imports?: readonly string[]; readonly types?: readonly string[] }>>;

let workspace: string;
let cruiseModule: typeof import('dependency-cruiser', { with: { 'resolution-mode': 'import' } });
let trees = 0;

/** The violations of both passes of `npm run check:layers` over `tree`. */
async function violations(tree: Tree): Promise<IViolation[]> {
  const dir = path.join(workspace, `tree${++trees}`);
  for (const [file, { imports = [], types = [] }] of Object.entries(tree)) {
    fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source(file, imports, types));
  }
  // `vscode` resolves as in the repository: to @types/vscode in node_modules.
  fs.symlinkSync(fs.realpathSync(path.join(ROOT, 'node_modules')), path.join(dir, 'node_modules'), 'dir');
  const found: IViolation[] = [];
  for (const config of [LAYERS_CONFIG, RUNTIME_CONFIG]) {
    // The tsconfig only maps paths, which the trees do not use.
    const options = { ...config.options };
    delete options.tsConfig;
    const result = await cruiseModule.cruise(['src'], {
      ...options,
      baseDir: dir,
      validate: true,
      ruleSet: { forbidden: config.forbidden, required: config.required },
    } as Parameters<typeof cruiseModule.cruise>[1]);
    found.push(...(result.output as ICruiseResult).summary.violations);
  }
  return found;
}

/** `tree` breaks `rule`, from `file`. */
async function assertBreaks(tree: Tree, rule: string, file: string): Promise<void> {
  const found = await violations(tree);
  assert.ok(
    found.some((violation) => violation.rule.name === rule && violation.from === file),
    `expected ${rule} from ${file}; got ${JSON.stringify(found.map((violation) => [violation.rule.name, violation.from, violation.to]))}`,
  );
}

describe('layer rules (npm run check:layers)', function () {
  this.timeout(60_000);

  before(async () => {
    workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'layers-'));
    cruiseModule = await import('dependency-cruiser');
  });

  after(() => fs.rmSync(workspace, { recursive: true, force: true }));

  it('has a sample file for every layer of the configuration', () => {
    const layerRules = (LAYERS_CONFIG.forbidden ?? []).filter((rule) => rule.name?.startsWith('layer-'));
    assert.equal(layerRules.length, LAYER_SAMPLES.length - 1, 'one rule per layer but the top one');
    layerRules.forEach((rule, index) => {
      const from = 'from' in rule ? rule.from.path : undefined;
      assert.ok(typeof from === 'string' && new RegExp(from).test(LAYER_SAMPLES[index]), `${LAYER_SAMPLES[index]} is in layer ${index + 1}`);
    });
  });

  it('passes a tree whose imports all go down, with a pure folder importing an editor type for its types only', async () => {
    const tree: Record<string, { imports?: string[]; types?: string[] }> = {};
    // Each layer imports the one below it (the bottom one nothing).
    LAYER_SAMPLES.forEach((file, index) => (tree[file] = { imports: index === 0 ? [] : [LAYER_SAMPLES[index - 1]] }));
    tree['src/gateway/a.ts'] = { imports: ['src/auth/a.ts', 'vscode'] };
    tree['src/model/a.ts'] = { imports: ['src/gateway/b.ts'], types: ['src/gateway/a.ts'] };
    tree['src/gateway/b.ts'] = { imports: ['src/text/a.ts'] };
    tree['src/features/forms/model/m.ts'] = { imports: ['src/model/a.ts'] };
    tree['src/features/forms/text/t.ts'] = { imports: ['src/features/forms/model/m.ts'] };
    tree['src/features/forms/view/v.ts'] = { imports: ['src/features/forms/text/t.ts', 'vscode'] };
    tree['src/features/forms/webview/main.ts'] = { imports: ['src/features/forms/model/m.ts', 'src/util/a.ts'] };
    assert.deepEqual(await violations(tree), []);
  });

  // Layer n imports layer n + 1: the rule of layer n fails it.
  LAYER_SAMPLES.slice(0, -1).forEach((file, index) => {
    const above = LAYER_SAMPLES[index + 1];
    it(`layer-${index + 1}-imports-only-below: ${file} importing ${above} fails`, async () => {
      await assertBreaks({ [file]: { types: [above] }, [above]: {} }, `layer-${index + 1}-imports-only-below`, file);
    });
  });

  it('every-src-file-in-a-layer: a top-level file, or a folder no layer names, fails', async () => {
    const tree: Tree = { 'src/stray.ts': {}, 'src/helpers/a.ts': { imports: ['src/util/a.ts'] }, 'src/util/a.ts': {} };
    await assertBreaks(tree, 'every-src-file-in-a-layer', 'src/stray.ts');
    await assertBreaks(tree, 'every-src-file-in-a-layer', 'src/helpers/a.ts');
  });

  it('no-import-cycles: two files of one folder importing each other fail', async () => {
    await assertBreaks({ 'src/util/a.ts': { imports: ['src/util/b.ts'] }, 'src/util/b.ts': { imports: ['src/util/a.ts'] } }, 'no-import-cycles', 'src/util/a.ts');
  });

  it('no-vscode-in-models: a pure folder importing vscode, even for its types, fails', async () => {
    await assertBreaks({ 'src/util/a.ts': { types: ['vscode'] } }, 'no-vscode-in-models', 'src/util/a.ts');
    await assertBreaks({ 'src/features/forms/text/t.ts': { imports: ['vscode'] } }, 'no-vscode-in-models', 'src/features/forms/text/t.ts');
  });

  it('no-vscode-reachable-from-models: a pure folder reaching vscode at run time through another layer fails', async () => {
    const tree: Tree = {
      'src/model/a.ts': { imports: ['src/gateway/a.ts'] },
      'src/gateway/a.ts': { imports: ['src/gateway/b.ts'] },
      'src/gateway/b.ts': { imports: ['vscode'] },
    };
    await assertBreaks(tree, 'no-vscode-reachable-from-models', 'src/model/a.ts');
  });

  it('feature-models-stay-below-their-feature: a feature model importing its feature’s view fails', async () => {
    const tree: Tree = { 'src/features/forms/model/m.ts': { types: ['src/features/forms/view/v.ts'] }, 'src/features/forms/view/v.ts': {} };
    await assertBreaks(tree, 'feature-models-stay-below-their-feature', 'src/features/forms/model/m.ts');
  });

  it('feature-model-below-its-text: a feature model importing its feature’s text fails', async () => {
    const tree: Tree = { 'src/features/forms/model/m.ts': { imports: ['src/features/forms/text/t.ts'] }, 'src/features/forms/text/t.ts': {} };
    await assertBreaks(tree, 'feature-model-below-its-text', 'src/features/forms/model/m.ts');
  });

  it('webview-code-stays-in-the-webview: the extension side importing a webview’s code fails', async () => {
    const tree: Tree = { 'src/features/forms/view/v.ts': { imports: ['src/features/forms/webview/main.ts'] }, 'src/features/forms/webview/main.ts': {} };
    await assertBreaks(tree, 'webview-code-stays-in-the-webview', 'src/features/forms/view/v.ts');
  });

  it('webview-code-never-reaches-the-editor: a webview importing an editor-side folder below it fails', async () => {
    const tree: Tree = { 'src/features/forms/webview/main.ts': { types: ['src/gateway/a.ts'] }, 'src/gateway/a.ts': {} };
    await assertBreaks(tree, 'webview-code-never-reaches-the-editor', 'src/features/forms/webview/main.ts');
  });

  it('features-stay-apart: a feature importing another feature fails', async () => {
    const tree: Tree = { 'src/features/forms/a.ts': { types: ['src/features/quotas/a.ts'] }, 'src/features/quotas/a.ts': {} };
    await assertBreaks(tree, 'features-stay-apart', 'src/features/forms/a.ts');
  });

  it('every rule of the configuration has a case here', () => {
    const named = [...(LAYERS_CONFIG.forbidden ?? []), ...(LAYERS_CONFIG.required ?? []), ...(RUNTIME_CONFIG.forbidden ?? [])].map((rule) => rule.name);
    const tested = [
      ...LAYER_SAMPLES.slice(0, -1).map((_, index) => `layer-${index + 1}-imports-only-below`),
      'every-src-file-in-a-layer',
      'no-import-cycles',
      'no-vscode-in-models',
      'no-vscode-reachable-from-models',
      'feature-models-stay-below-their-feature',
      'feature-model-below-its-text',
      'webview-code-stays-in-the-webview',
      'webview-code-never-reaches-the-editor',
      'features-stay-apart',
    ];
    assert.deepEqual([...named].sort(), [...tested].sort());
  });
});
