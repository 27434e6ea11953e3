/** Open as JSON: any row (or a quick pick from the palette) as a read-only, formatted JSON document. */
import type { CheckedPageGroup, CheckedWebhook } from '../api/model';
import type { DocumentTarget } from '../documents/documentPaths';
import type { PageGroupsNode } from '../views/pageGroups/pageGroupsProvider';
import { NO_STATUS } from '../views/pageGroups/pageGroupsModel';
import { pageGroupLabel } from '../views/pageGroups/pageGroupPresentation';
import type { WebhooksNode } from '../views/webhooks/webhooksProvider';
import type { CommandContext } from './commandContext';
import { pickLoadedItem } from './itemPicker';

export async function openJson(ctx: CommandContext, node?: PageGroupsNode | WebhooksNode): Promise<void> {
  if (node === undefined) {
    const picked = await pickLoadedItem(ctx, {
      title: 'Page Gateway: Open as JSON',
      placeHolder: 'Type a title, name, URL or id',
      include: 'all',
    });
    if (picked?.kind === 'pageGroup') {
      await openPageGroup(ctx, picked.item);
    } else if (picked?.kind === 'webhook') {
      await openWebhook(ctx, picked.item);
    }
    return;
  }
  switch (node.kind) {
    case 'pageGroup':
      await openPageGroup(ctx, node.item);
      return;
    case 'status': {
      const target: DocumentTarget = node.key === NO_STATUS ? { kind: 'unstatusedGroup' } : { kind: 'statusGroup', status: node.key };
      await ctx.documents.open(target, ctx.pageGroups.model.itemsOf(node.key).map((item) => item.raw));
      return;
    }
    case 'webhook':
      await openWebhook(ctx, node.item);
      return;
    case 'event':
      await openWebhook(ctx, node.webhook.item);
      return;
    default:
      return;
  }
}

async function openPageGroup(ctx: CommandContext, item: CheckedPageGroup): Promise<void> {
  const id = item.value.pageGroupId;
  const target: DocumentTarget = id === undefined ? { kind: 'snapshot', name: `page-group ${pageGroupLabel(item.value)}` } : { kind: 'pageGroup', id };
  await ctx.documents.open(target, item.raw);
}

async function openWebhook(ctx: CommandContext, item: CheckedWebhook): Promise<void> {
  const id = item.value.id;
  const target: DocumentTarget = id === undefined ? { kind: 'snapshot', name: `webhook ${item.value.url ?? 'without id'}` } : { kind: 'webhook', id };
  await ctx.documents.open(target, item.raw);
}
