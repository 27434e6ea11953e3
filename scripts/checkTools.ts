// CI check (run by .ci/run before the tests, counted as one test in its summary): the language-model tools of the
// manifest and the code agree.
//   - every tool contributed in package.json (`contributes.languageModelTools`) is registered with the same name by a
//     `vscode.lm.registerTool('<name>', …)` call in src/, and every tool registered there is contributed;
//   - no name is contributed or registered twice;
//   - each contributed tool has what the editor and the agent need: a displayName, a modelDescription, a
//     userDescription, a toolReferenceName starting with `pageGateway` (no collision with another extension's tools)
//     with canBeReferencedInPrompt, an object inputSchema, and a `when` clause.
// Usage: node out/scripts/checkTools.js [repository root]   (exit code 1 and one line per problem when they disagree)
import * as fs from 'node:fs';
import * as path from 'node:path';

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The contributed tools, as declared. */
export function contributedTools(manifest: unknown): Array<Record<string, unknown>> {
  const list = record(record(manifest).contributes).languageModelTools;
  return Array.isArray(list) ? list.map(record) : [];
}

/** Tool names registered in a source file: the literal first argument of every `registerTool(` call. */
export function registeredTools(source: string): string[] {
  return [...source.matchAll(/\bregisterTool\(\s*(['"`])([^'"`]*)\1/g)].map((match) => match[2] as string);
}

/** Sources that call `registerTool` with something other than a literal name (the check could not see the name). */
export function unreadableRegistrations(sources: ReadonlyArray<{ readonly file: string; readonly text: string }>): string[] {
  return sources.filter((source) => /\bregisterTool\(\s*[^'"`\s]/.test(source.text)).map((source) => source.file);
}

const REQUIRED_TEXT = ['name', 'displayName', 'modelDescription', 'userDescription', 'toolReferenceName', 'when'] as const;

export function findToolProblems(manifest: unknown, sources: ReadonlyArray<{ readonly file: string; readonly text: string }>): string[] {
  const problems: string[] = [];
  const tools = contributedTools(manifest);
  const contributed = tools.flatMap((tool) => (typeof tool.name === 'string' ? [tool.name] : []));
  const registered = sources.flatMap((source) => registeredTools(source.text));
  const twice = (names: readonly string[]): string[] => [...new Set(names.filter((name, index) => names.indexOf(name) !== index))];
  tools.forEach((tool, index) => {
    const where = `contributes.languageModelTools[${index}]${typeof tool.name === 'string' ? ` (${tool.name})` : ''}`;
    for (const field of REQUIRED_TEXT) {
      if (typeof tool[field] !== 'string' || (tool[field] as string).trim() === '') {
        problems.push(`${where} has no ${field}`);
      }
    }
    if (typeof tool.toolReferenceName === 'string' && !tool.toolReferenceName.startsWith('pageGateway')) {
      problems.push(`${where}: toolReferenceName "${tool.toolReferenceName}" does not start with pageGateway (it could collide with another extension's tool)`);
    }
    if (tool.canBeReferencedInPrompt !== true) {
      problems.push(`${where}: canBeReferencedInPrompt is not true (the user cannot reference it with #)`);
    }
    if (record(tool.inputSchema).type !== 'object') {
      problems.push(`${where}: inputSchema is not an object schema`);
    }
  });
  for (const name of twice(contributed)) {
    problems.push(`${name} is contributed twice in package.json`);
  }
  for (const name of twice(registered)) {
    problems.push(`${name} is registered twice in src/`);
  }
  for (const name of contributed) {
    if (!registered.includes(name)) {
      problems.push(`${name} is contributed in package.json but never registered with vscode.lm.registerTool in src/`);
    }
  }
  for (const name of registered) {
    if (!contributed.includes(name)) {
      problems.push(`${name} is registered in src/ but not contributed in package.json (languageModelTools)`);
    }
  }
  for (const file of unreadableRegistrations(sources)) {
    problems.push(`${file} registers a tool whose name is not a string literal: write the name where registerTool is called`);
  }
  return problems;
}

/** Reads the repository at `root` and checks it. */
export function checkToolsOf(root: string): string[] {
  const src = path.join(root, 'src');
  const sources = fs
    .readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .sort()
    .map((name) => ({ file: path.join('src', name), text: fs.readFileSync(path.join(src, name), 'utf8') }));
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as unknown;
  return findToolProblems(manifest, sources);
}

if (require.main === module) {
  const root = path.resolve(process.argv[2] ?? path.join(__dirname, '..', '..'));
  const problems = checkToolsOf(root);
  if (problems.length > 0) {
    console.error(`check-tools: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`);
    problems.forEach((problem) => console.error(`  ✗ ${problem}`));
    process.exit(1);
  }
  console.log(`check-tools: package.json and src/ agree on the ${contributedTools(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))).length} language-model tools`);
}
