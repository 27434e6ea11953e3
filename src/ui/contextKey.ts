/**
 * Sets a context key for `when` clauses and remembers the value set, so the extension (and its tests) can tell what
 * the editor was told: VS Code has no API to read a context key back. A value equal to the one last set is not sent
 * again (`ContextKeyMirror`). Call it with the key as a literal: the CI check (scripts/checkCommands.ts) finds the
 * keys `when` clauses may use that way.
 */
import * as vscode from 'vscode';
import { ContextKeyMirror } from './contextKeyMirror';

// Module state on purpose: the editor's context keys are one set per window, as is this mirror of them.
const mirror = new ContextKeyMirror((key, value) => void vscode.commands.executeCommand('setContext', key, value));

export function setContext(key: string, value: unknown): void {
  mirror.set(key, value);
}

/** The value last set for `key` by this extension (undefined when never set). */
export function contextValue(key: string): unknown {
  return mirror.get(key);
}
