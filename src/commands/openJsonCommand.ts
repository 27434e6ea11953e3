/** Open as JSON: any row (or a quick pick from the palette) as a read-only, formatted JSON document. */
import * as l10n from '@vscode/l10n';
import type { CommandContext } from './commandContext';
import { itemOf, type ItemAddress } from '../model/itemArgs';
import { pickLoadedItem } from './itemPicker';
import { itemDocument } from '../documents/itemDocuments';
import type { TreeNode } from '../views/gatewayTree';

export async function openJson(ctx: CommandContext, node?: TreeNode | ItemAddress): Promise<void> {
  const own = node !== undefined && 'document' in node ? node.document?.() : undefined;
  if (own) {
    await ctx.documents.open(own.address, own.snapshot);
    return;
  }
  const ref =
    itemOf(ctx.registry, ctx.kinds, node) ?? (node === undefined ? await pickLoadedItem(ctx, { title: l10n.t('Page Gateway: Open as JSON'), placeHolder: l10n.t('Type a title, name, URL or id') }) : undefined);
  if (ref) {
    const doc = itemDocument(ref);
    await ctx.documents.open(doc.address, doc.snapshot);
  }
}
