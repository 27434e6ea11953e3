/** The tree item of a page group row: label, description, icon (deleted, breaking the contract), its capabilities. */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { WARNING_ICON } from '../../../views/icons';
import { rowContextValue } from '../../../views/rowCapabilities';
import { isDeleted, pageGroupAccessibleLabel, pageGroupDescription, pageGroupLabel } from '../text/pageGroupPresentation';
import type { PageGroupNode } from './pageGroupRow';

export function pageGroupItem(node: PageGroupNode): vscode.TreeItem {
  const group = node.item.value;
  const item = new vscode.TreeItem(pageGroupLabel(group), vscode.TreeItemCollapsibleState.None);
  item.id = node.id;
  item.description = pageGroupDescription(group);
  const deleted = isDeleted(group);
  const flagged = node.item.problems.length > 0;
  item.iconPath = flagged ? WARNING_ICON : deleted ? new vscode.ThemeIcon('trash', new vscode.ThemeColor('disabledForeground')) : new vscode.ThemeIcon('files');
  item.contextValue = rowContextValue(`pageGroup${deleted ? '.deleted' : ''}${flagged ? '.flagged' : ''}`, ['item', node.request !== undefined && 'curl']);
  item.accessibilityInformation = { label: pageGroupAccessibleLabel(node.item) };
  item.command = { command: 'pageGateway.openJson', title: l10n.t('Open as JSON'), arguments: [node] };
  return item;
}
