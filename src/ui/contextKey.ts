/**
 * Sets a context key for `when` clauses and remembers the value set, so the extension (and its tests) can tell what
 * the editor was told: VS Code has no API to read a context key back. Call it with the key as a literal: the CI check
 * (scripts/checkCommands.ts) finds the keys `when` clauses may use that way.
 */
import * as vscode from 'vscode';

const values = new Map<string, unknown>();

export function setContext(key: string, value: unknown): void {
  values.set(key, value);
  void vscode.commands.executeCommand('setContext', key, value);
}

/** The value last set for `key` by this extension (undefined when never set). */
export function contextValue(key: string): unknown {
  return values.get(key);
}
