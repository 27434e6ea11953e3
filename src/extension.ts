import type * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {
  // Wiring arrives with the views and commands.
}

export function deactivate(): void {
  // Nothing to release yet.
}
