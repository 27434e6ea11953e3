// The CI check that no user-visible string bypasses l10n (scripts/checkL10n.ts, run by .ci/run): each rule fails on
// a sample that breaks it and passes on the same sample done right; and it passes on the repository as it is.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sameBundle, staleBundles } from '../../../scripts/l10n/bundleFreshness';
import { checkManifest } from '../../../scripts/l10n/manifestStrings';
import { checkSource, type SourceRule } from '../../../scripts/l10n/sourceStrings';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

function rules(text: string): SourceRule[] {
  return checkSource('sample.ts', text).map((problem) => problem.rule);
}

function inFunction(body: string): string {
  return `import * as l10n from '@vscode/l10n';\nimport * as vscode from 'vscode';\nexport function run(name: string, n: number): unknown {\n${body}\n}\n`;
}

describe('l10n check (scripts/checkL10n.ts)', () => {
  describe('source strings', () => {
    it('fails on a message shown without l10n, passes when it goes through l10n.t', () => {
      assert.deepEqual(rules(inFunction(`  return vscode.window.showInformationMessage('Hello there');`)), ['words']);
      assert.deepEqual(rules(inFunction(`  return vscode.window.showInformationMessage(l10n.t('Hello there'));`)), []);
    });

    it('catches phrases in templates, object properties and assignments', () => {
      assert.deepEqual(rules(inFunction('  return `Copied ${n} IDs`;')), ['words']);
      assert.deepEqual(rules(inFunction("  return { label: 'Load more…' };")), ['words']);
      assert.deepEqual(rules(inFunction("  const item = { tooltip: '' };\n  item.tooltip = 'Click to retry';\n  return item;")), ['words']);
      assert.deepEqual(rules(inFunction('  return `${n} s`;')), ['words'], 'a unit is a word');
    });

    it('catches single words where they are shown: capitalised anywhere, lower case at a label or a string return', () => {
      assert.deepEqual(rules(inFunction("  return [['Name', name]];")), ['words']);
      assert.deepEqual(rules(inFunction("  return { description: 'deleted' };")), ['words']);
      assert.deepEqual(rules("export function state(): string {\n  return 'inactive';\n}\n"), ['words']);
      assert.deepEqual(rules(inFunction("  const parts = [`${n} ${n === 1 ? 'warning' : 'warnings'}`];\n  return parts;")), ['words', 'words'], 'words joined by a template');
      assert.deepEqual(rules(inFunction("  return `pageGateway.webhook.${n > 0 ? 'active' : 'inactive'}`;")), [], 'an id built by a template has no spaces');
      assert.deepEqual(rules("type Kind = 'ready' | 'gone';\nexport function state(): Kind {\n  return 'ready';\n}\n"), [], 'a value of a union of literals is an id');
    });

    it('leaves data alone: ids, imports, keys, comparisons, codicons, settings, log lines', () => {
      const text = inFunction(
        [
          "  void vscode.commands.executeCommand('setContext', 'pageGateway.ready', true);",
          "  const icon = new vscode.ThemeIcon('loading~spin');",
          "  const config = vscode.workspace.getConfiguration('pageGateway').get<number>('pageSize');",
          "  const record = { 'a key with spaces': 1 };",
          "  if (name === 'two words') { return '$(check)'; }",
          "  switch (name) { case 'some words': return undefined; }",
          "  logger.info(`Page Gateway Explorer activated in ${n} ms`);",
          '  return [icon, config, record];',
        ].join('\n'),
      );
      assert.deepEqual(rules(text), []);
    });

    it('accepts an explicit reason, and only with a reason', () => {
      assert.deepEqual(rules(inFunction("  return 'x-api-key value'; // l10n-ignore: an HTTP header name")), []);
      assert.deepEqual(rules(inFunction("  // l10n-ignore: an address, the same in every language\n  return 'all subscriptions';")), []);
      assert.deepEqual(rules(inFunction("  return 'two words'; // l10n-ignore")), ['ignoreReason', 'words']);
      assert.deepEqual(rules(`// l10n-ignore-file: technical log text\n${inFunction("  return 'HTTP error from the server';")}`), []);
    });

    it('checks the l10n.t calls themselves: literal messages, placeholders, no call at module load, one style', () => {
      assert.deepEqual(rules(inFunction('  return l10n.t(name);')), ['notLiteral']);
      assert.deepEqual(rules(inFunction("  return l10n.t('{0} of {1}', n);")), ['placeholders']);
      assert.deepEqual(rules(inFunction("  return l10n.t('{0} pages', n, name);")), ['placeholders']);
      assert.deepEqual(rules(inFunction("  return l10n.t({ message: '{0} pages', args: [n], comment: 'plural: few' });")), []);
      assert.deepEqual(rules(inFunction("  return l10n.t({ message: '{0} pages', args: [n], comment: name });")), ['notLiteral']);
      assert.deepEqual(rules("import * as l10n from '@vscode/l10n';\nexport const TITLE = l10n.t('Page Gateway');\n"), ['topLevel']);
      assert.deepEqual(rules("import * as l10n from '@vscode/l10n';\nexport const title = (): string => l10n.t('Page Gateway');\n"), []);
      assert.deepEqual(rules(inFunction("  return vscode.l10n.t('Page Gateway');")), ['vscodeL10n']);
    });

    it('reports file, line and column', () => {
      const [problem] = checkSource('src/x.ts', inFunction("  void vscode.window.showWarningMessage('Hello there');"));
      assert.deepEqual({ file: problem?.file, line: problem?.line, column: problem?.column, text: problem?.text }, {
        file: 'src/x.ts',
        line: 4,
        column: 41,
        text: 'Hello there',
      });
    });
  });

  describe('manifest strings', () => {
    const nls = { 'command.title': 'Do It', category: 'Page Gateway', 'view.name': 'Page Groups' };

    it('passes when every shown string is a %key% of package.nls.json and every key is used', () => {
      const manifest = {
        contributes: {
          commands: [{ command: 'x.do', title: '%command.title%', category: '%category%' }],
          views: { x: [{ id: 'x.view', name: '%view.name%' }] },
          configuration: { properties: { 'x.gateways': { items: { properties: { name: { type: 'string' } } } } } },
          resourceLabelFormatters: [{ formatting: { label: '${authority} · ${path}' } }],
        },
      };
      assert.deepEqual(checkManifest(manifest, nls), []);
    });

    it('fails on literal text, an unknown key and an unused key', () => {
      const manifest = {
        contributes: {
          commands: [{ command: 'x.do', title: 'Do It', category: '%category%' }],
          views: { x: [{ id: 'x.view', name: '%view.missing%' }] },
        },
      };
      assert.deepEqual(
        checkManifest(manifest, nls).map((p) => p.path),
        ['contributes.commands[0].title', 'contributes.views.x[0].name', 'package.nls.json command.title', 'package.nls.json view.name'],
      );
    });
  });

  describe('bundles', () => {
    it('compares bundles by content, in any order', () => {
      assert.equal(sameBundle({ a: 'A', b: { message: 'B', comment: ['c'] } }, { b: { comment: ['c'], message: 'B' }, a: 'A' }), true);
      assert.equal(sameBundle({ a: 'A' }, { a: 'A', b: 'B' }), false);
    });

    it('the repository passes: every source file clean, the manifest translatable, the bundles fresh', async function () {
      this.timeout(60_000);
      const files = fs
        .readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.ts'))
        .map((name) => path.join(ROOT, 'src', name));
      const problems = files.flatMap((file) => checkSource(path.relative(ROOT, file), fs.readFileSync(file, 'utf8')));
      assert.deepEqual(problems, []);
      const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as unknown;
      const nls = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, unknown>;
      assert.deepEqual(checkManifest(manifest, nls), []);
      assert.deepEqual(await staleBundles(ROOT, files), [], 'run npm run l10n and commit the bundles');
    });
  });
});
