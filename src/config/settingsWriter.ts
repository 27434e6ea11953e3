/**
 * Writes a `pageGateway.*` setting where its effective value lives: a value set in the workspace wins over the user's,
 * so writing the user setting would seem to do nothing. Says where it wrote.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { SECTION } from './settings';

export interface Written {
  readonly target: vscode.ConfigurationTarget;
  /** "user settings" / "workspace settings" / "folder settings". */
  readonly where: string;
}

/** Where the effective value of `pageGateway.<name>` is defined (user settings when nowhere). */
export function effectiveTarget(name: string): vscode.ConfigurationTarget {
  const inspected = vscode.workspace.getConfiguration(SECTION).inspect(name);
  if (inspected?.workspaceFolderValue !== undefined) {
    return vscode.ConfigurationTarget.WorkspaceFolder;
  }
  if (inspected?.workspaceValue !== undefined) {
    return vscode.ConfigurationTarget.Workspace;
  }
  return vscode.ConfigurationTarget.Global;
}

export function targetName(target: vscode.ConfigurationTarget): string {
  switch (target) {
    case vscode.ConfigurationTarget.Workspace:
      return l10n.t('workspace settings');
    case vscode.ConfigurationTarget.WorkspaceFolder:
      return l10n.t('folder settings');
    default:
      return l10n.t('user settings');
  }
}

/** The value of `pageGateway.<name>` at the place it is effective. */
export function effectiveValue<T>(name: string, fallback: T): T {
  return vscode.workspace.getConfiguration(SECTION).get<T>(name, fallback);
}

export async function writeSetting(name: string, value: unknown): Promise<Written> {
  const target = effectiveTarget(name);
  await vscode.workspace.getConfiguration(SECTION).update(name, value, target);
  return { target, where: targetName(target) };
}
