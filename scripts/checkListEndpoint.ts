// CI check (run by .ci/run before the tests, counted as one test in its summary): a list endpoint is one folder. The
// test-only forms resource (test/host/features/forms/) is the proof: it must need nothing outside its folder but the
// generic code of src/, the test manifest's view (test/harness/hostManifest.ts, as a real one adds its view to
// package.json) and the suites that add it (as src/features/features.ts lists a real one).
//   - every import of a forms file is a file of its folder, or a generic file of src/ (never a feature's folder);
//   - no file of src/, package.json or package.nls.json names it (its kind id, folder, view, path or files);
//   - outside its folder, only the test manifest and the suites under test/host/ import it.
// Usage: node out/scripts/checkListEndpoint.js [repository root]   (exit code 1 and one line per problem)
import * as fs from 'node:fs';
import * as path from 'node:path';

export interface SourceFile {
  /** Relative to the repository root, with `/`. */
  readonly file: string;
  readonly text: string;
}

export const ENDPOINT_FOLDER = 'test/host/features/forms/';

/** Where the forms resource is named: its folder's path, its view, its API path, its kind's exports. */
const NAMES = [/features\/forms\//, /pageGateway\.forms\b/, /v0\/forms\b/, /\bFORMS?_(FEATURE|VIEW|LIST)\b/, /\bFORM\b/];

/** An import of one of its files. */
const IMPORTS_IT = /(from\s+|import\(\s*)['"][^'"]*features\/forms\//;

/** Files outside the folder that may name it: the test manifest (its view) and the suites that add it. */
function mayName(file: string): boolean {
  return file === 'test/harness/hostManifest.ts' || (file.startsWith('test/host/') && file.endsWith('.test.ts')) || file === 'scripts/checkListEndpoint.ts' || file === 'test/unit/scripts/checkListEndpoint.test.ts';
}

/** The relative imports of a TypeScript source (`from '…'` and `import('…')`). */
export function relativeImports(text: string): string[] {
  return [...text.matchAll(/(?:from\s+|import\(\s*)(['"])(\.[^'"]*)\1/g)].map((match) => match[2] as string);
}

function resolve(from: string, specifier: string): string {
  return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
}

export function findEndpointProblems(files: readonly SourceFile[]): string[] {
  const problems: string[] = [];
  const own = files.filter((file) => file.file.startsWith(ENDPOINT_FOLDER) && file.file.endsWith('.ts'));
  if (own.length === 0) {
    problems.push(`${ENDPOINT_FOLDER} has no TypeScript file: the check has nothing to prove`);
  }
  for (const file of own) {
    for (const specifier of relativeImports(file.text)) {
      const target = resolve(file.file, specifier);
      if (target.startsWith(ENDPOINT_FOLDER.slice(0, -1))) {
        continue;
      }
      if (!target.startsWith('src/')) {
        problems.push(`${file.file} imports ${target}: a list endpoint needs nothing outside its folder but src/`);
      } else if (/^src\/features\/[^/]+\//.test(target)) {
        problems.push(`${file.file} imports ${target}, a feature's own file: what it needs belongs in a generic layer`);
      }
    }
  }
  for (const file of files) {
    if (file.file.startsWith(ENDPOINT_FOLDER) || mayName(file.file)) {
      continue;
    }
    // Elsewhere in the tests only an import of its files counts (other suites may use the word, or the folder's name
    // in a fixture of their own).
    const names = file.file.startsWith('test/') ? [IMPORTS_IT] : NAMES;
    const named = names.find((name) => name.test(file.text));
    if (named !== undefined) {
      problems.push(`${file.file} names the forms resource (${named.source}): adding a list endpoint must not need it`);
    }
  }
  return problems;
}

function walk(root: string, folder: string, out: SourceFile[]): void {
  for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const file = `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      walk(root, file, out);
    } else if (/\.(ts|json)$/.test(entry.name)) {
      out.push({ file, text: fs.readFileSync(path.join(root, file), 'utf8') });
    }
  }
}

/** The files the check reads: src/, test/, scripts/ and the manifest with its words. */
export function readRepository(root: string): SourceFile[] {
  const files: SourceFile[] = [];
  for (const folder of ['src', 'test', 'scripts']) {
    walk(root, folder, files);
  }
  for (const file of ['package.json', 'package.nls.json']) {
    files.push({ file, text: fs.readFileSync(path.join(root, file), 'utf8') });
  }
  return files;
}

if (require.main === module) {
  const root = path.resolve(process.argv[2] ?? path.join(__dirname, '..', '..'));
  const problems = findEndpointProblems(readRepository(root));
  for (const problem of problems) {
    console.error(problem);
  }
  console.log(problems.length === 0 ? 'A list endpoint is one folder: the forms resource needs nothing outside its own.' : `${problems.length} problem(s)`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
