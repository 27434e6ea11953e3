/**
 * Reveals an item's row in the view that shows its kind, whichever kind and gateway it is. When the row is not loaded
 * yet and the view can load it (e.g. a page group's status chain loads pages up to it), that happens first, behind a
 * cancellable notification while the row's group shows its spinner.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { formatNumber } from '../l10n/numbers';
import type { ItemRef } from '../model/resource';
import type { TreeNode } from './gatewayTree';
import { plainText } from '../text/surfaceText';

export interface RevealableView {
  readonly view: vscode.TreeView<TreeNode>;
  /** The item's own row, when it is loaded. */
  nodeFor(ref: ItemRef): TreeNode | undefined;
  /** Loads until `nodeFor` can find the item (or nothing more can be loaded, or the signal aborts). */
  load?(ref: ItemRef, signal: AbortSignal, progress: (loaded: number) => void): Promise<void>;
  /**
   * For an item that is loaded but that the view does not draw (a limit on the rows it draws): the row that stands for
   * it, why the item has no row of its own, and the setting of that limit.
   */
  standIn?(ref: ItemRef): StandIn | undefined;
}

/** The row shown instead of an item's own, and why (see `RevealableView.standIn`). */
export interface StandIn {
  readonly node: TreeNode;
  readonly why: string;
  readonly setting?: string;
}

/** How long a view takes to show rows that were just loaded (the editor refreshes a tree at most every 200 ms). */
const REFRESH_WAIT_MS = 400;

export class TreeReveal {
  private readonly views = new Map<string, RevealableView>();

  public register(viewId: string, view: RevealableView): void {
    this.views.set(viewId, view);
  }

  public unregister(viewId: string): void {
    this.views.delete(viewId);
  }

  /**
   * Selects the item's row; with `load`, loads what it takes to show it first. False when it cannot be shown
   * (not loaded, not found, or the user cancelled the loading). With `explain` (Reveal in Tree), an item the view has
   * loaded but does not draw has the row that stands for it selected and is explained in a message that offers its
   * JSON and the setting of the limit; that counts as shown.
   */
  public async reveal(ref: ItemRef, options: { focus?: boolean; load?: boolean; explain?: boolean } = {}): Promise<boolean> {
    const target = this.views.get(ref.kind.viewId);
    if (!target) {
      return false;
    }
    let node = target.nodeFor(ref);
    const load = target.load;
    if (!node && options.load && load) {
      const label = plainText(ref.kind.label(ref.item.value));
      await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: l10n.t('Finding “{0}” in the tree of {1}', label, plainText(ref.gateway.name)), cancellable: true },
        async (progress, token) => {
          const controller = new AbortController();
          const subscription = token.onCancellationRequested(() => controller.abort());
          try {
            await load(ref, controller.signal, (loaded) => progress.report({ message: l10n.t('{0} loaded', formatNumber(loaded)) }));
          } finally {
            subscription.dispose();
          }
        },
      );
      node = target.nodeFor(ref);
    }
    if (!node) {
      const standIn = options.explain ? target.standIn?.(ref) : undefined;
      if (standIn === undefined) {
        return false;
      }
      await this.revealNode(ref.kind.viewId, standIn.node, { ...options, expand: false });
      void this.explain(ref, standIn);
      return true;
    }
    await this.revealNode(ref.kind.viewId, node, options);
    return true;
  }

  private async explain(ref: ItemRef, standIn: StandIn): Promise<void> {
    const openJson = l10n.t('Open as JSON');
    const openSettings = l10n.t('Open Settings');
    const choice = await vscode.window.showInformationMessage(standIn.why, openJson, ...(standIn.setting === undefined ? [] : [openSettings]));
    if (choice === openJson) {
      await vscode.commands.executeCommand('pageGateway.openJson', { ref, gateway: ref.gateway });
    } else if (choice === openSettings) {
      await vscode.commands.executeCommand('workbench.action.openSettings', standIn.setting);
    }
  }

  public async revealNode(viewId: string, node: TreeNode, options: { focus?: boolean; select?: boolean; expand?: boolean } = {}): Promise<void> {
    const target = this.views.get(viewId);
    if (!target) {
      return;
    }
    if (!target.view.visible) {
      await vscode.commands.executeCommand(`${viewId}.focus`);
    }
    const reveal = (): Thenable<void> => target.view.reveal(node, { select: options.select ?? true, focus: options.focus ?? false, expand: options.expand ?? true });
    try {
      await reveal();
    } catch {
      // Rows just loaded at a view's top level reach the workbench with the view's next refresh; a reveal that
      // arrives before it finds no such row. Once more after the refresh.
      await new Promise((resolve) => setTimeout(resolve, REFRESH_WAIT_MS));
      await reveal();
    }
  }
}
