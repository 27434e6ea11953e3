/** The walkthrough's "browse by status" step: done once a status row is expanded. */
import type * as vscode from 'vscode';
import type { Milestones } from '../../../model/walkthroughProgress';

export function watchStatusExpansion(view: vscode.TreeView<{ readonly kind: string }>, milestones: Milestones): vscode.Disposable {
  let expanded = false;
  return view.onDidExpandElement((event) => {
    if (!expanded && event.element.kind === 'status') {
      expanded = true;
      milestones.reached('statusBrowsed');
    }
  });
}
