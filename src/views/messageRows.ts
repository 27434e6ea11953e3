/** Rows that tell the user something inside a tree: errors with retry, "Set API Key…", empty states, notices. */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { GatewayError } from '../api/errors';
import type { Gateway } from '../gateway/gateway';
import { messageAccessibleLabel, type MessageTone } from '../text/accessibleText';
import { describeGatewayError, errorRowText } from '../text/errorText';
import type { ListWords } from '../text/listWords';
import { escapeMarkdown } from '../text/markdown';
import { ERROR_ICON, WARNING_ICON } from './icons';

export interface MessageNode {
  readonly kind: 'message';
  readonly id: string;
  readonly label: string;
  readonly description?: string;
  readonly tooltip?: string;
  readonly icon: vscode.ThemeIcon;
  /** What the icon says, for screen readers. */
  readonly tone: MessageTone;
  readonly contextValue: string;
  readonly command?: vscode.Command;
  /** The gateway the row is about (commands run from it act on that gateway). */
  readonly gateway?: Gateway;
  /** The row it is drawn under (none: a top row); a message row with one can be revealed. */
  readonly parent?: { readonly kind: string; readonly id: string };
}

export function messageTreeItem(node: MessageNode): vscode.TreeItem {
  const item = new vscode.TreeItem(node.label, vscode.TreeItemCollapsibleState.None);
  item.id = node.id;
  item.description = node.description;
  item.tooltip = node.tooltip === undefined ? undefined : new vscode.MarkdownString(node.tooltip, true);
  item.iconPath = node.icon;
  item.accessibilityInformation = { label: messageAccessibleLabel(node.tone, node.label, node.description) };
  item.contextValue = node.contextValue;
  item.command = node.command;
  return item;
}

/** "Set API Key…" for a gateway: the row a missing or rejected key shows (never a notification). */
export function setKeyRow(id: string, gateway: Gateway | undefined, description: string, tooltip: string): MessageNode {
  return {
    kind: 'message',
    id,
    label: l10n.t('Set API Key…'),
    description,
    tooltip,
    icon: new vscode.ThemeIcon('key', new vscode.ThemeColor('problemsWarningIcon.foreground')),
    tone: 'warning',
    contextValue: 'pageGateway.auth',
    command: { command: 'pageGateway.setApiKey', title: l10n.t('Set API Key…'), arguments: gateway ? [{ gateway }] : [] },
    ...(gateway ? { gateway } : {}),
  };
}

/**
 * A failure as a row: 401/403 become a "Set API Key…" row; anything else an error row whose click runs `retry`.
 * `words` are those of the list that failed to load.
 */
export function failureRow(idPrefix: string, error: GatewayError, words: ListWords, retry: vscode.Command, hasItems: boolean, gateway?: Gateway): MessageNode {
  if (error.kind === 'unauthorized') {
    return setKeyRow(
      `${idPrefix}/auth`,
      gateway,
      error.status === 403 ? l10n.t('the gateway refused access (403)') : l10n.t('the gateway rejected the key (401)'),
      escapeMarkdown(describeGatewayError(error, words)),
    );
  }
  const text = errorRowText(error, words, hasItems);
  return {
    kind: 'message',
    id: `${idPrefix}/error`,
    label: text.label,
    description: text.description,
    tooltip: text.tooltip,
    icon: ERROR_ICON,
    tone: 'error',
    contextValue: 'pageGateway.error',
    command: retry,
    ...(gateway ? { gateway } : {}),
  };
}

export function infoRow(id: string, label: string, tooltip?: string, command?: vscode.Command): MessageNode {
  return {
    kind: 'message',
    id,
    label,
    ...(tooltip === undefined ? {} : { tooltip }),
    icon: new vscode.ThemeIcon('info'),
    tone: 'info',
    contextValue: 'pageGateway.info',
    ...(command === undefined ? {} : { command }),
  };
}

export function warningRow(id: string, label: string, tooltip: string, command?: vscode.Command): MessageNode {
  return {
    kind: 'message',
    id,
    label,
    tooltip,
    icon: WARNING_ICON,
    tone: 'warning',
    contextValue: 'pageGateway.warning',
    ...(command === undefined ? {} : { command }),
  };
}
