/**
 * `pageGateway.statusExpanded`: true once a status row was expanded in this window (the walkthrough's "browse by
 * status" step completes on it).
 */
import type * as vscode from 'vscode';
import { setContext } from '../../../util/contextKey';

export function watchStatusExpansion(view: vscode.TreeView<{ readonly kind: string }>): vscode.Disposable {
  let expanded = false;
  return view.onDidExpandElement((event) => {
    if (!expanded && event.element.kind === 'status') {
      expanded = true;
      setContext('pageGateway.statusExpanded', true);
    }
  });
}
