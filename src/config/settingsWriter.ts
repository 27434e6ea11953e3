/**
 * Writes a `pageGateway.*` setting where its effective value lives: a value set in the workspace wins over the user's,
 * so writing the user setting would seem to do nothing. In a workspace that is not trusted, the gateway URLs are
 * written to the user settings (see settingsTarget.ts). Says where it wrote.
 */
import * as vscode from 'vscode';
import { SECTION } from './settings';
import { writePlace } from './settingsTarget';

export interface Written {
  readonly target: vscode.ConfigurationTarget;
  /** "user settings" / "workspace settings" / "folder settings". */
  readonly where: string;
}

/**
 * Where the effective value of `pageGateway.<name>` is defined (user settings when nowhere; always user settings for
 * the gateway URLs in a workspace that is not trusted, where `inspect` still reports the ignored workspace value).
 */
export function effectiveTarget(name: string): vscode.ConfigurationTarget {
  const inspected = vscode.workspace.getConfiguration(SECTION).inspect(name);
  const definedAt = { folder: inspected?.workspaceFolderValue !== undefined, workspace: inspected?.workspaceValue !== undefined };
  switch (writePlace(name, definedAt, vscode.workspace.isTrusted)) {
    case 'folder':
      return vscode.ConfigurationTarget.WorkspaceFolder;
    case 'workspace':
      return vscode.ConfigurationTarget.Workspace;
    case 'user':
      return vscode.ConfigurationTarget.Global;
  }
}

export function targetName(target: vscode.ConfigurationTarget): string {
  switch (target) {
    case vscode.ConfigurationTarget.Workspace:
      return 'workspace settings';
    case vscode.ConfigurationTarget.WorkspaceFolder:
      return 'folder settings';
    default:
      return 'user settings';
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
