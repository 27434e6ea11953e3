// CI check (run by .ci/run before the tests, counted as one test in its summary): no user-visible string bypasses
// l10n.
//   - src/**/*.ts: no literal that looks like words reaches the user outside `l10n.t(…)` (rules in
//     scripts/l10n/sourceStrings.ts), and every `l10n.t` call can be exported and formatted;
//   - package.json: every user-visible manifest string is a `%key%` of package.nls.json, and every key is used
//     (scripts/l10n/manifestStrings.ts);
//   - the committed bundles are what `npm run l10n` makes now: l10n/bundle.l10n.json equals a fresh
//     `@vscode/l10n-dev export` of src/, and the pseudo-locale files (qps-ploc) equal a fresh `generate-pseudo`.
// Usage: node out/scripts/checkL10n.js [repository root]   (exit code 1 and one line per problem)
import * as fs from 'node:fs';
import * as path from 'node:path';
import { checkSource, type SourceProblem } from './l10n/sourceStrings';
import { checkManifest } from './l10n/manifestStrings';
import { staleBundles } from './l10n/bundleFreshness';

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))
    .map((name) => path.join(dir, name))
    .sort();
}

function formatSourceProblem(root: string, problem: SourceProblem): string {
  return `${path.relative(root, problem.file)}:${problem.line}:${problem.column} [${problem.rule}] ${problem.message}: ${JSON.stringify(problem.text)}`;
}

async function main(): Promise<number> {
  const root = path.resolve(process.argv[2] ?? path.join(__dirname, '..', '..'));
  const lines: string[] = [];
  const files = sourceFiles(path.join(root, 'src'));
  for (const file of files) {
    for (const problem of checkSource(file, fs.readFileSync(file, 'utf8'))) {
      lines.push(formatSourceProblem(root, problem));
    }
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as unknown;
  const nls = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, unknown>;
  for (const problem of checkManifest(manifest, nls)) {
    lines.push(`package.json ${problem.path}: ${problem.message}`);
  }
  for (const stale of await staleBundles(root, files)) {
    lines.push(`${stale}: not what \`npm run l10n\` makes from the current sources: run npm run l10n and commit the result`);
  }
  for (const line of lines) {
    console.error(line);
  }
  console.log(lines.length === 0 ? `l10n check: ${files.length} source files, the manifest and the bundles: no string bypasses l10n` : `l10n check: ${lines.length} problem(s)`);
  return lines.length === 0 ? 0 : 1;
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`l10n check could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      process.exit(1);
    },
  );
}
