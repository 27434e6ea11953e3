/**
 * A small extension made for a test run (the e2e pseudo-locale's language pack, the benchmark's control webview):
 * its files written to a new temporary folder and packaged there with the repository's vsce, the log in
 * test-artifacts/logs/<logName>.log. Returns the folder and the .vsix (to install with `--install-extension`).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LOGS_DIR, REPO_ROOT } from './paths';
import { runCommand } from './processes';

/** A file's text, or a value written as JSON. */
export type ExtensionFiles = Readonly<Record<string, unknown>>;

export async function packTestExtension(name: string, files: ExtensionFiles): Promise<{ readonly dir: string; readonly vsix: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  for (const [file, value] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`);
  }
  const vsix = path.join(dir, `${name}.vsix`);
  const vsce = path.join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  fs.mkdirSync(LOGS_DIR, { recursive: true });
  const log = path.join(LOGS_DIR, `${name}.log`);
  const result = await runCommand(process.execPath, [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', vsix], {
    cwd: dir,
    output: log,
    timeoutMs: 120_000,
  });
  if (result.code !== 0 || !fs.existsSync(vsix)) {
    throw new Error(`vsce could not package ${name} (exit ${String(result.code)}); see ${log}`);
  }
  return { dir, vsix };
}
