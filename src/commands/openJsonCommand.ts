/** Open as JSON: any row (or a quick pick from the palette) as a read-only, formatted JSON document. */
import type { CommandContext } from './commandContext';
import { pickLoadedItem } from './itemPicker';
import { itemDocument } from '../documents/itemDocuments';
import type { TreeNode } from '../views/common/gatewayTree';

export async function openJson(ctx: CommandContext, node?: TreeNode): Promise<void> {
  const own = node?.document?.();
  if (own) {
    await ctx.documents.open(own.address, own.snapshot);
    return;
  }
  const ref = node?.ref ?? (node === undefined ? await pickLoadedItem(ctx, { title: 'Page Gateway: Open as JSON', placeHolder: 'Type a title, name, URL or id' }) : undefined);
  if (ref) {
    const doc = itemDocument(ref);
    await ctx.documents.open(doc.address, doc.snapshot);
  }
}
