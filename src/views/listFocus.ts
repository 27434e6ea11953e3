/**
 * Remembers the list view the user was in last, for the generic commands run without a row (a view title with no
 * focused row, a keybinding, the palette): VS Code tells an extension neither which view has focus nor which one ran
 * a keybinding, so a view counts as used when its selection changes or a row in it is expanded or collapsed. Coming
 * into sight does not count: opening the side bar shows every list view at once, in no telling order, and a guess
 * there would refresh the wrong list; the commands then ask (listTarget.ts).
 */
import * as vscode from 'vscode';
import type { TreeNode } from './gatewayTree';

export interface WatchedList {
  readonly viewId: string;
  readonly view: vscode.TreeView<TreeNode>;
}

export class ListFocus {
  private lastViewId: string | undefined;

  /** The list view used last (it may be hidden now), or undefined before any was used. */
  public last(): string | undefined {
    return this.lastViewId;
  }

  /** Follows `list`'s view until the result is disposed (the view left: it is forgotten). */
  public watch(list: WatchedList): vscode.Disposable {
    const used = (): void => {
      this.lastViewId = list.viewId;
    };
    const subscriptions = [
      list.view.onDidChangeSelection(used),
      list.view.onDidExpandElement(used),
      list.view.onDidCollapseElement(used),
    ];
    return new vscode.Disposable(() => {
      subscriptions.forEach((subscription) => subscription.dispose());
      if (this.lastViewId === list.viewId) {
        this.lastViewId = undefined;
      }
    });
  }
}
