// The CI check that package.json and src/ agree (scripts/checkCommands.ts, run by .ci/run): it finds each kind of
// disagreement.
import * as assert from 'node:assert/strict';
import { findProblems, registeredCommands, whenClauseKeys, type CheckInput } from '../../../scripts/checkCommands';

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
});
