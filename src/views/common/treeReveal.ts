/** Reveals an item's row in the view that shows its kind, whichever kind and gateway it is. */
import * as vscode from 'vscode';
import type { ItemRef } from '../../resources/resource';
import type { TreeNode } from './gatewayTree';

interface RevealableView {
  readonly view: vscode.TreeView<TreeNode>;
  nodeFor(ref: ItemRef): TreeNode | undefined;
}

export class TreeReveal {
  private readonly views = new Map<string, RevealableView>();

  public register(viewId: string, view: RevealableView): void {
    this.views.set(viewId, view);
  }

  /** Selects the item's row (or the closest row that holds it); false when nothing loaded shows it. */
  public async reveal(ref: ItemRef, options: { focus?: boolean } = {}): Promise<boolean> {
    const target = this.views.get(ref.kind.viewId);
    const node = target?.nodeFor(ref);
    if (!target || !node) {
      return false;
    }
    await this.revealNode(ref.kind.viewId, node, options);
    return true;
  }

  public async revealNode(viewId: string, node: TreeNode, options: { focus?: boolean; select?: boolean; expand?: boolean } = {}): Promise<void> {
    const target = this.views.get(viewId);
    if (!target) {
      return;
    }
    if (!target.view.visible) {
      await vscode.commands.executeCommand(`${viewId}.focus`);
    }
    await target.view.reveal(node, { select: options.select ?? true, focus: options.focus ?? false, expand: options.expand ?? true });
  }
}
