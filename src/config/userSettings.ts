/**
 * Reads the settings that only the user decides (USER_ONLY_SETTINGS in settingsTarget.ts): the user's value (in a
 * remote window, the user's and the remote machine's), else the default. A value in a workspace or folder's settings
 * is ignored, whether the folder is trusted or not: a folder cannot send deliveries elsewhere, turn formula
 * protection off or lift a memory limit.
 */
import * as vscode from 'vscode';
import { userOnlyValue } from './settingsTarget';

/** `<section>.<name>` from the user (or remote) settings only. */
export function readUserSetting<T>(section: string, name: string, fallback: T): T {
  return userOnlyValue(vscode.workspace.getConfiguration(section).inspect<T>(name), fallback);
}
