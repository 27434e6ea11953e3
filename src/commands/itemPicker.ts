/** A quick pick over every loaded page group and webhook subscription, filterable by title, name, URL or id. */
import * as vscode from 'vscode';
import type { CheckedPageGroup, CheckedWebhook } from '../api/model';
import { pageGroupLabel, pageGroupPickDetail } from '../views/pageGroups/pageGroupPresentation';
import { webhookDescription } from '../views/webhooks/webhookPresentation';
import type { CommandContext } from './commandContext';

export type LoadedItem =
  | { readonly kind: 'pageGroup'; readonly item: CheckedPageGroup }
  | { readonly kind: 'webhook'; readonly item: CheckedWebhook };

interface ItemPick extends vscode.QuickPickItem {
  readonly loaded?: LoadedItem;
}

export interface PickOptions {
  readonly title: string;
  readonly placeHolder: string;
  readonly include: 'all' | 'webhooks';
  /** Leave out items without an id (for copying ids). */
  readonly requireId?: boolean;
}

export async function pickLoadedItem(ctx: CommandContext, options: PickOptions): Promise<LoadedItem | undefined> {
  const groups = options.include === 'all' ? ctx.pageGroups.model.allLoaded() : [];
  const hooks = ctx.webhooks.webhooks();
  const picks: ItemPick[] = [];
  const groupPicks = groups
    .filter((item) => !options.requireId || item.value.pageGroupId !== undefined)
    .map((item): ItemPick => ({
      label: `$(files) ${pageGroupLabel(item.value)}`,
      description: item.value.pageGroupId,
      detail: pageGroupPickDetail(item.value),
      loaded: { kind: 'pageGroup', item },
    }));
  const hookPicks = hooks
    .filter((item) => !options.requireId || item.value.id !== undefined)
    .map((item): ItemPick => ({
      label: `$(${item.value.active ? 'pass-filled' : 'circle-slash'}) ${item.value.url ?? item.value.id ?? '(no url)'}`,
      description: item.value.id,
      detail: webhookDescription(item.value),
      loaded: { kind: 'webhook', item },
    }));
  if (groupPicks.length > 0) {
    picks.push({ label: 'Page groups', kind: vscode.QuickPickItemKind.Separator }, ...groupPicks);
  }
  if (hookPicks.length > 0) {
    picks.push({ label: 'Webhook subscriptions', kind: vscode.QuickPickItemKind.Separator }, ...hookPicks);
  }
  if (picks.length === 0) {
    const what = options.include === 'all' ? 'page groups or webhook subscriptions' : 'webhook subscriptions';
    void vscode.window.showInformationMessage(`No ${what} are loaded yet. Open the Page Gateway views to load them.`, 'Open Page Gateway').then((choice) => {
      if (choice) {
        void vscode.commands.executeCommand(options.include === 'all' ? 'pageGateway.pageGroups.focus' : 'pageGateway.webhooks.focus');
      }
    });
    return undefined;
  }
  const chosen = await vscode.window.showQuickPick(picks, {
    title: options.title,
    placeHolder: options.placeHolder,
    matchOnDescription: true,
    matchOnDetail: true,
  });
  return chosen?.loaded;
}

export function loadedItemId(loaded: LoadedItem): string | undefined {
  return loaded.kind === 'pageGroup' ? loaded.item.value.pageGroupId : loaded.item.value.id;
}
