/**
 * Export… of a view's title: a list of the view the user is in (the focused row's, the one used last, or the one
 * picked), on the focused row's gateway (or the only one, or the one picked). A view that has one list per gateway
 * (Webhooks) exports it at once; a view with several (Page Groups: all, or one status) asks which.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { ExportPlan } from '../model/exportPlan';
import type { ListView } from '../views/listView';
import type { CommandContext } from './commandContext';
import { isExportOptions, runExport, type ExportResult } from './exportCommand';
import { pickGateway } from './gatewayPicker';
import { pickList } from './listPicker';

/** `list`: the view (the older per-view command ids pass theirs); undefined: found from `arg` or the user's focus. */
export async function exportList(ctx: CommandContext, list: ListView | undefined, arg?: unknown, optionsArg?: unknown): Promise<ExportResult | undefined> {
  const title = l10n.t('Page Gateway: Export');
  const target = list ?? (await pickList(ctx, arg, title));
  const gateway = target && (await pickGateway(ctx.registry, arg, { title, placeHolder: l10n.t('Export from which gateway?') }));
  if (target === undefined || gateway === undefined) {
    return undefined;
  }
  const plan = await pickPlan(target, gateway, ctx.registry.gateways().length > 1, title);
  return plan && runExport(ctx, plan, isExportOptions(optionsArg) ? optionsArg : {});
}

interface PlanPick extends vscode.QuickPickItem {
  readonly plan?: () => ExportPlan;
}

async function pickPlan(list: ListView, gateway: Parameters<ListView['exports']>[0], several: boolean, title: string): Promise<ExportPlan | undefined> {
  const choices = await list.exports(gateway, several);
  if (choices.length === 0) {
    void vscode.window.showInformationMessage(l10n.t('There is nothing to export in this view on {0} yet: open the view to load its lists.', gateway.name));
    return undefined;
  }
  const [only] = choices;
  if (only !== undefined && choices.length === 1) {
    return only.plan();
  }
  const picks: PlanPick[] = choices.flatMap((choice): PlanPick[] => [
    ...(choice.heading === undefined ? [] : [{ label: choice.heading, kind: vscode.QuickPickItemKind.Separator }]),
    { label: choice.label, description: choice.description, plan: () => choice.plan() },
  ]);
  const picked = await vscode.window.showQuickPick(picks, { title, placeHolder: l10n.t('Export what?') });
  return picked?.plan?.();
}
