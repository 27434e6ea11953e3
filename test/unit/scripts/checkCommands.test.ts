// The CI check that package.json and src/ agree (scripts/checkCommands.ts, run by .ci/run): it finds each kind of
// disagreement.
import * as assert from 'node:assert/strict';
import { findProblems, GENERIC_LIST_COMMANDS, genericCommandProblems, localizedManifest, namesInWhen, registeredCommands, staleGenericCommands, whenClauseKeys, type CheckInput } from '../../../scripts/checkCommands';

const REGISTER = `
export function registerCommands(ctx: CommandContext): vscode.Disposable[] {
  const commands = {
    'pageGateway.one': () => one(ctx),
    'pageGateway.two': (arg?: unknown) => two(ctx, arg),
  };
}`;

function input(contributes: Record<string, unknown>, sources: string[] = []): CheckInput {
  return {
    manifest: { contributes: { commands: [{ command: 'pageGateway.one' }, { command: 'pageGateway.two' }], ...contributes } },
    registerCommandsSource: REGISTER,
    sources: sources.map((text, index) => ({ file: `src/file${index}.ts`, text })),
  };
}

describe('check-commands', () => {
  describe('whenClauseKeys', () => {
    it('takes bare keys, negations and the left side of comparisons', () => {
      assert.deepEqual(whenClauseKeys('view == pageGateway.pageGroups && !pageGateway.filtered && pageGateway.hasApiKey'), [
        'view',
        'pageGateway.filtered',
        'pageGateway.hasApiKey',
      ]);
      assert.deepEqual(whenClauseKeys('pageGateway.gatewayCount > 0'), ['pageGateway.gatewayCount']);
      assert.deepEqual(whenClauseKeys('(a || b) && c != "x y" && d == \'z\''), ['a', 'b', 'c', 'd']);
    });

    it('skips regular expressions, even with operators and slashes inside', () => {
      assert.deepEqual(whenClauseKeys('viewItem =~ /^pageGateway\\.(pageGroup|status)\\/x && y/i && other'), ['viewItem', 'other']);
    });

    it('reads both sides of in / not in, and no literals', () => {
      assert.deepEqual(whenClauseKeys('resourceFilename in pageGateway.names'), ['resourceFilename', 'pageGateway.names']);
      assert.deepEqual(whenClauseKeys('a not in b'), ['a', 'b']);
      assert.deepEqual(whenClauseKeys('false'), ['false']);
      assert.deepEqual(whenClauseKeys('x >= 2'), ['x']);
    });
  });

  it('reads the registered ids from the commands record', () => {
    assert.deepEqual(registeredCommands(REGISTER), ['pageGateway.one', 'pageGateway.two']);
  });

  it('is quiet when everything agrees', () => {
    const problems = findProblems(
      input(
        {
          menus: { commandPalette: [{ command: 'pageGateway.two', when: 'pageGateway.known && pageGateway.other && config.pageGateway.x && view == y' }] },
          keybindings: [{ command: 'pageGateway.one', key: 'f5', when: 'focusedView == pageGateway.pageGroups' }],
        },
        ["void vscode.commands.executeCommand('setContext', 'pageGateway.known', true);", "setContext('pageGateway.other', 1);"],
      ),
    );
    assert.deepEqual(problems, []);
  });

  it('finds a contributed command that is not registered, and a registered one that is not contributed', () => {
    const problems = findProblems({
      manifest: { contributes: { commands: [{ command: 'pageGateway.one' }, { command: 'pageGateway.three' }] } },
      registerCommandsSource: REGISTER,
      sources: [],
    });
    assert.equal(problems.length, 2, problems.join('\n'));
    assert.match(problems[0] ?? '', /pageGateway\.three is contributed .* not registered/);
    assert.match(problems[1] ?? '', /pageGateway\.two is registered .* not contributed/);
  });

  it('finds a context key that no setContext sets, wherever the when clause is', () => {
    const problems = findProblems(
      input({
        menus: { 'view/title': [{ command: 'pageGateway.one', when: 'pageGateway.typo' }] },
        viewsWelcome: [{ view: 'v', contents: '', when: 'pageGateway.welcome' }],
        walkthroughs: [{ steps: [{ id: 's', completionEvents: ['onContext:pageGateway.stepDone'] }] }],
      }),
    );
    assert.equal(problems.length, 3, problems.join('\n'));
    assert.ok(problems.some((p) => p.includes('pageGateway.typo') && p.startsWith('menus.view/title[0]')));
    assert.ok(problems.some((p) => p.includes('pageGateway.welcome')));
    assert.ok(problems.some((p) => p.includes('pageGateway.stepDone')));
  });

  it('finds references to commands that are not contributed, and registrations outside registerCommands.ts', () => {
    const problems = findProblems(
      input(
        {
          menus: { 'view/title': [{ command: 'pageGateway.gone' }] },
          views: { pageGateway: [{ id: 'pageGateway.aView' }] },
          walkthroughs: [
            {
              steps: [
                { id: 's', description: '[Go](command:pageGateway.missing)\n[Show](command:pageGateway.aView.focus)', completionEvents: ['onCommand:pageGateway.nope'] },
              ],
            },
          ],
        },
        ["vscode.commands.registerCommand('pageGateway.sneaky', () => undefined);"],
      ),
    );
    for (const id of ['pageGateway.gone', 'pageGateway.missing', 'pageGateway.nope', 'src/file0.ts registers']) {
      assert.ok(problems.some((p) => p.includes(id)), `${id} in ${problems.join('\n')}`);
    }
    assert.ok(!problems.some((p) => p.includes('aView.focus')), "a view's own commands are the workbench's");
    assert.equal(problems.length, 4, problems.join('\n'));
  });

  it('reads the text of %key% strings from package.nls.json, so links in translated welcome content are checked too', () => {
    const manifest = localizedManifest(
      { contributes: { commands: [{ command: 'pageGateway.one', title: '%title%' }], viewsWelcome: [{ view: 'v', contents: '%welcome%', when: 'true' }] } },
      { title: 'One', welcome: 'Nothing yet.\n[Do it](command:pageGateway.elsewhere)' },
    );
    assert.deepEqual(manifest, {
      contributes: { commands: [{ command: 'pageGateway.one', title: 'One' }], viewsWelcome: [{ view: 'v', contents: 'Nothing yet.\n[Do it](command:pageGateway.elsewhere)', when: 'true' }] },
    });
    const problems = findProblems({ ...input({}), manifest });
    assert.ok(problems.some((p) => p.includes('pageGateway.elsewhere')), problems.join('\n'));
  });

  describe('generic list commands ask for capabilities, not names', () => {
    /** A manifest that contributes every generic list command, with these menus and keybindings. */
    const manifest = (menus: Record<string, unknown[]>, keybindings: unknown[] = []): unknown => ({
      contributes: { commands: GENERIC_LIST_COMMANDS.map((command) => ({ command })), menus, keybindings },
    });

    it('is quiet for capabilities, view in …, generic rows and feature-own commands that name their view', () => {
      const problems = genericCommandProblems(
        manifest(
          {
            'view/title': [
              { command: 'pageGateway.refreshView', when: 'view in pageGateway.listViews && pageGateway.hasApiKey' },
              { command: 'pageGateway.filterByStatus', when: 'view == pageGateway.pageGroups' },
            ],
            'view/item/context': [
              { command: 'pageGateway.openJson', when: 'viewItem =~ /\\+(item|json)\\b/' },
              { command: 'pageGateway.copyAsCurl', when: 'viewItem =~ /\\+curl\\b/' },
              { command: 'pageGateway.showLogs', when: 'viewItem =~ /^pageGateway\\.(error|auth)/' },
              { command: 'pageGateway.search', when: 'viewItem =~ /\\+search\\b/ && viewItem =~ /^pageGateway\\.(?!gateway\\.)/' },
              { command: 'pageGateway.refresh', when: 'viewItem == pageGateway.gateway.ready' },
              { command: 'pageGateway.copyWebhookUrl', when: 'viewItem =~ /^pageGateway\\.webhook/' },
            ],
          },
          [{ command: 'pageGateway.copyId', key: 'ctrl+c', when: 'focusedView in pageGateway.listViews' }],
        ),
      );
      assert.deepEqual(problems, []);
    });

    it("finds a resource's rows in viewItem and a single view in view == / focusedView ==, saying which command", () => {
      const problems = genericCommandProblems(
        manifest(
          {
            'view/title': [{ command: 'pageGateway.goToId', when: '(view == pageGateway.pageGroups || view == pageGateway.webhooks) && pageGateway.hasApiKey' }],
            'view/item/context': [
              { command: 'pageGateway.copyRowId', when: 'viewItem =~ /^pageGateway\\.(pageGroup|webhook)/' },
              { command: 'pageGateway.loadAll', when: 'viewItem == pageGateway.status.more' },
              { command: 'pageGateway.export', when: 'viewItem =~ /status/' },
            ],
          },
          [{ command: 'pageGateway.refreshView', key: 'f5', when: 'focusedView == pageGateway.webhooks' }],
        ),
      );
      assert.equal(problems.length, 6, problems.join('\n'));
      assert.match(problems[0] ?? '', /view\/title\[0\]: the generic command pageGateway\.goToId names the single view pageGateway\.pageGroups/);
      assert.match(problems[1] ?? '', /pageGateway\.goToId names the single view pageGateway\.webhooks/);
      assert.match(problems[2] ?? '', /view\/item\/context\[0\]: the generic command pageGateway\.copyRowId names the rows/);
      assert.match(problems[3] ?? '', /pageGateway\.loadAll names the rows pageGateway\.status\.more/);
      assert.match(problems[4] ?? '', /pageGateway\.export names the rows \/status\//);
      assert.match(problems[5] ?? '', /keybindings\[0\]: the generic command pageGateway\.refreshView names the single view pageGateway\.webhooks \(focusedView ==\)/);
    });

    it('reads each kind of name out of a when clause', () => {
      assert.deepEqual(namesInWhen('view =~ /pageGateway\\.(pageGroups|forms)/'), ['the single view /pageGateway\\.(pageGroups|forms)/ (view =~)']);
      assert.deepEqual(namesInWhen('viewItem =~ /\\+loadAll\\b/ && viewItem != pageGateway.error'), []);
      assert.equal(namesInWhen('viewItem =~ /^pageGateway\\.(gateway|form)\\./').length, 1);
    });

    it('runs with the other checks; the list of generic commands cannot name one package.json lacks', () => {
      const problems = findProblems(input({ menus: { 'view/item/context': [{ command: 'pageGateway.search', when: 'view == pageGateway.pageGroups' }] } }));
      assert.ok(problems.some((p) => p.includes('the generic command pageGateway.search names the single view pageGateway.pageGroups')), problems.join('\n'));
      assert.deepEqual(staleGenericCommands(manifest({})), []);
      const stale = staleGenericCommands({ contributes: { commands: [{ command: 'pageGateway.openJson' }] } });
      assert.equal(stale.length, GENERIC_LIST_COMMANDS.length - 1);
      assert.match(stale[0] ?? '', /names pageGateway\.copyId, which package\.json does not contribute/);
    });
  });
});
