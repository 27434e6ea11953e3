/** The Page Groups view of a window: its provider and its tree view, what the feature's commands work on. */
import type * as vscode from 'vscode';
import type { PageGroupsNode, PageGroupsProvider } from './pageGroupsProvider';

export interface PageGroupsTree {
  readonly provider: PageGroupsProvider;
  readonly view: vscode.TreeView<PageGroupsNode>;
}
