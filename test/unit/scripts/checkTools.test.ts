// The CI check that the language-model tools of package.json and src/ agree (scripts/checkTools.ts, run by .ci/run).
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { checkToolsOf, findToolProblems, registeredTools } from '../../../scripts/checkTools';

const tool = (name: string): Record<string, unknown> => ({
  name,
  displayName: '%x%',
  modelDescription: 'does things',
  userDescription: '%y%',
  toolReferenceName: `pageGateway${name}`,
  canBeReferencedInPrompt: true,
  when: 'pageGateway.gatewayCount > 0',
  inputSchema: { type: 'object', properties: {} },
});
const manifest = (...names: string[]): unknown => ({ contributes: { languageModelTools: names.map(tool) } });
const source = (...names: string[]): Array<{ file: string; text: string }> => [
  { file: 'src/tools.ts', text: names.map((name) => `vscode.lm.registerTool('${name}', new Tool(ctx)),`).join('\n') },
];

describe('check-tools', () => {
  it('reads the literal names of registerTool calls', () => {
    assert.deepEqual(registeredTools(`vscode.lm.registerTool('a_b', x);\n  lm.registerTool(\n "c", y)`), ['a_b', 'c']);
  });

  it('agrees when every contributed tool is registered and vice versa', () => {
    assert.deepEqual(findToolProblems(manifest('a', 'b'), source('b', 'a')), []);
  });

  it('finds a tool contributed but not registered, registered but not contributed, twice, or without a literal name', () => {
    const problems = findToolProblems(manifest('a', 'b', 'b'), [...source('a', 'c', 'c'), { file: 'src/other.ts', text: 'vscode.lm.registerTool(NAME, t)' }]);
    assert.ok(problems.some((p) => p.startsWith('b is contributed in package.json but never registered')));
    assert.ok(problems.some((p) => p.startsWith('c is registered in src/ but not contributed')));
    assert.ok(problems.includes('b is contributed twice in package.json'));
    assert.ok(problems.includes('c is registered twice in src/'));
    assert.ok(problems.some((p) => p.startsWith('src/other.ts registers a tool whose name is not a string literal')));
  });

  it('finds a toolReferenceName without the pageGateway prefix (it could collide with another extension’s tool)', () => {
    const problems = findToolProblems({ contributes: { languageModelTools: [{ ...tool('a'), toolReferenceName: 'pageGroups' }] } }, source('a'));
    assert.deepEqual(problems, ['contributes.languageModelTools[0] (a): toolReferenceName "pageGroups" does not start with pageGateway (it could collide with another extension\'s tool)']);
  });

  it('finds a contributed tool that lacks a description, a reference name or a when clause', () => {
    const broken = { ...tool('a'), modelDescription: '', canBeReferencedInPrompt: false, when: undefined, inputSchema: { type: 'string' } };
    const problems = findToolProblems({ contributes: { languageModelTools: [broken] } }, source('a'));
    assert.ok(problems.some((p) => p.includes('has no modelDescription')));
    assert.ok(problems.some((p) => p.includes('has no when')));
    assert.ok(problems.some((p) => p.includes('canBeReferencedInPrompt')));
    assert.ok(problems.some((p) => p.includes('inputSchema')));
  });

  it('this repository agrees', () => {
    assert.deepEqual(checkToolsOf(path.join(__dirname, '..', '..', '..', '..')), []);
  });
});
