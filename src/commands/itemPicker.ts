/** A quick pick over every loaded item of every kind on every gateway, filterable by label, id and details. */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ItemRef, ResourceKind } from '../model/resource';
import type { CommandContext } from './commandContext';
import { DETAIL_LENGTH, plainText } from '../text/surfaceText';

interface ItemPick extends vscode.QuickPickItem {
  readonly ref?: ItemRef;
}

export interface PickOptions {
  readonly title: string;
  readonly placeHolder: string;
  /** Only these kinds (default: all). */
  readonly kinds?: readonly ResourceKind<unknown>[];
  /** Leave out items without an id (for copying ids). */
  readonly requireId?: boolean;
  /** Offered first, under "Selected" (the rows selected in the views), and not again below. */
  readonly first?: readonly ItemRef[];
}

export function loadedRefs(ctx: CommandContext, kinds: readonly ResourceKind<unknown>[] = ctx.kinds.all()): ItemRef[] {
  return ctx.registry.gateways().flatMap((gateway) => kinds.flatMap((kind) => [...kind.loaded(gateway)].map((item): ItemRef => ({ gateway, kind, item }))));
}

export async function pickLoadedItem(ctx: CommandContext, options: PickOptions): Promise<ItemRef | undefined> {
  const kinds = options.kinds ?? ctx.kinds.all();
  const several = ctx.registry.gateways().length > 1;
  const picks: ItemPick[] = [];
  const itemPick = (ref: ItemRef): ItemPick => {
    const id = ref.kind.idOf(ref.item.value);
    return {
      label: `$(${ref.kind.icon}) ${plainText(ref.kind.label(ref.item.value))}`,
      description: plainText(several ? [id, ref.gateway.name].filter((x) => x !== undefined).join(' · ') : (id ?? '')),
      detail: plainText(ref.kind.pickDetail(ref.item.value), DETAIL_LENGTH),
      ref,
    };
  };
  const first = (options.first ?? []).filter((ref) => kinds.includes(ref.kind) && (!options.requireId || ref.kind.idOf(ref.item.value) !== undefined));
  const offered = new Set(first.map((ref) => ref.item));
  if (first.length > 0) {
    picks.push({ label: l10n.t({ message: 'Selected', comment: 'the rows selected in the views, offered first' }), kind: vscode.QuickPickItemKind.Separator });
    picks.push(...first.map(itemPick));
  }
  for (const gateway of ctx.registry.gateways()) {
    for (const kind of kinds) {
      const items = [...kind.loaded(gateway)].filter((item) => !offered.has(item) && (!options.requireId || kind.idOf(item.value) !== undefined));
      if (items.length === 0) {
        continue;
      }
      const heading = kind.words.heading();
      picks.push({ label: several ? l10n.t({ message: '{0} — {1}', args: [heading, plainText(gateway.name)], comment: 'a kind of item, then a gateway name: "Page groups — staging"' }) : heading, kind: vscode.QuickPickItemKind.Separator });
      for (const item of items) {
        picks.push(itemPick({ gateway, kind, item }));
      }
    }
  }
  if (picks.length === 0) {
    const only = kinds.length === 1 ? kinds[0] : undefined;
    const view = kinds[0]?.viewId;
    const message = only ? only.words.noneLoaded() : l10n.t('Nothing is loaded yet. Open the Page Gateway views to load page groups and webhook subscriptions.');
    void vscode.window.showInformationMessage(message, l10n.t('Open Page Gateway')).then((choice) => {
      if (choice && view) {
        void vscode.commands.executeCommand(`${view}.focus`);
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
  return chosen?.ref;
}
