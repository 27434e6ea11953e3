// Every command the manifest contributes is registered at activation, and every `pageGateway.*` command the
// extension registers is contributed (no palette entry that does nothing, no hidden command nobody can bind).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

const EXTENSION_ID = 'pagegateway.page-gateway-explorer';

interface ContributedIds {
  readonly commands: readonly string[];
  readonly views: readonly string[];
}

function idsOf(entries: unknown, key: 'command' | 'id'): string[] {
  if (!Array.isArray(entries)) {
    return [];
  }
  return entries.flatMap((entry: unknown) => {
    if (typeof entry === 'object' && entry !== null) {
      const value: unknown = (entry as Record<string, unknown>)[key];
      return typeof value === 'string' ? [value] : [];
    }
    return [];
  });
}

function contributedIds(packageJson: unknown): ContributedIds {
  const contributes: unknown = typeof packageJson === 'object' && packageJson !== null ? (packageJson as Record<string, unknown>).contributes : undefined;
  if (typeof contributes !== 'object' || contributes === null) {
    return { commands: [], views: [] };
  }
  const record = contributes as Record<string, unknown>;
  const viewContainers: unknown = record.views;
  const views =
    typeof viewContainers === 'object' && viewContainers !== null ? Object.values(viewContainers as Record<string, unknown>).flatMap((list) => idsOf(list, 'id')) : [];
  return { commands: idsOf(record.commands, 'command'), views };
}

describe('Commands', () => {
  let contributed: ContributedIds;
  let registered: Set<string>;

  before(async () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `extension ${EXTENSION_ID} is not loaded in this VS Code`);
    await extension.activate();
    contributed = contributedIds(extension.packageJSON);
    registered = new Set(await vscode.commands.getCommands(true));
  });

  it('contributes commands in the pageGateway namespace', () => {
    assert.ok(contributed.commands.length > 0, 'package.json contributes no commands');
    const foreign = contributed.commands.filter((id) => !id.startsWith('pageGateway.'));
    assert.deepEqual(foreign, []);
  });

  it('registers every contributed command at activation', () => {
    const missing = contributed.commands.filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], `contributed in package.json but not registered: ${missing.join(', ')}`);
  });

  it('contributes every pageGateway command it registers', () => {
    // The workbench adds commands of its own for each view (`<viewId>.focus`, `<viewId>.resetViewLocation`, …).
    const byWorkbench = (id: string): boolean => contributed.views.some((view) => id.startsWith(`${view}.`));
    const extra = [...registered].filter((id) => id.startsWith('pageGateway.') && !byWorkbench(id) && !contributed.commands.includes(id)).sort();
    assert.deepEqual(extra, [], `registered but not contributed: ${extra.join(', ')}`);
  });
});
