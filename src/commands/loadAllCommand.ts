/**
 * Load All: every remaining page of a paged list (a `LoadAllTarget`: a status of page groups, a gateway's forms…) at
 * the largest page size, behind a cancellable notification whose bar fills toward the list's last count when one is
 * known (loadAllBar.ts); cancelling keeps what was loaded. From a row: the list it stands for; from the palette or a
 * view's title: one of the paged lists of the view the user is in (asked when there are several). What it says is the
 * kind's words (`loadingAll`, `loadedAll`, `loadAllStopped`).
 */
import * as vscode from 'vscode';
import { LoadAllBar } from '../model/loadAllBar';
import type { LoadAllTarget } from '../model/loadAllTarget';
import type { ScanOutcome } from '../model/resource';
import type { TreeNode } from '../views/gatewayTree';
import {
  loadAllPickDescription,
  loadAllTitle,
  loadedSoFar,
  loadedSoFarOf,
  loadedWhole,
  loadMoreRetries,
  nothingKnownYet,
  whichGatewayToLoad,
  whichListToLoad,
} from '../text/loadAllText';
import { plainText, STATUS_MESSAGE_LENGTH } from '../text/surfaceText';
import type { CommandContext } from './commandContext';
import { pickGateway } from './gatewayPicker';
import { pickList } from './listPicker';
import { rowArgument } from './listTarget';

/**
 * The shortest time between two progress reports: pages can land every millisecond, and each report is a message and
 * has the editor measure and lay out its notification again.
 */
const PROGRESS_INTERVAL_MS = 250;

export async function loadAll(ctx: CommandContext, arg?: unknown): Promise<void> {
  const row = rowArgument(arg);
  const target = row?.loadAll ?? (await pickTarget(ctx, row));
  if (target === undefined || target.gateway.removed) {
    return;
  }
  ctx.lists.find((list) => list.kind === target.kind)?.willLoadAll?.(target);
  const gatewayName = ctx.registry.gateways().length > 1 ? target.gateway.name : undefined;
  const outcome = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: target.kind.words.loadingAll(target.scope, gatewayName), cancellable: true },
    async (progress, token): Promise<ScanOutcome> => {
      const controller = new AbortController();
      const subscription = token.onCancellationRequested(() => controller.abort());
      try {
        // A bar that fills toward the list's last count when one is known; without one it runs without an end, which
        // has the editor paint a frame of its animation many times a second for the whole load.
        const bar = new LoadAllBar(target.expected?.());
        const report = (): void => {
          const loaded = target.loaded();
          const step = bar.step(loaded, performance.now());
          progress.report({
            message: bar.within(loaded) ? loadedSoFarOf(loaded, bar.expected as number) : loadedSoFar(loaded),
            // Every report of a filling bar has a step (0 too): one without would turn the bar into one without an end.
            ...(step === undefined ? {} : { increment: step }),
          });
        };
        report();
        let reportedAt = performance.now();
        return await target.run(controller.signal, () => {
          const now = performance.now();
          if (now - reportedAt >= PROGRESS_INTERVAL_MS) {
            reportedAt = now;
            report();
          }
        });
      } finally {
        subscription.dispose();
      }
    },
  );
  tellOutcome(target, outcome, gatewayName);
}

/** Says how Load All ended: done (status bar), stopped or failed (a warning with why); nothing when cancelled or reset. */
function tellOutcome(target: LoadAllTarget, outcome: ScanOutcome, gatewayName: string | undefined): void {
  const words = target.kind.words;
  const count = target.loaded();
  const problem = target.problem();
  switch (outcome) {
    case 'complete':
      vscode.window.setStatusBarMessage(`$(check) ${plainText(words.loadedAll(count, target.scope, gatewayName), STATUS_MESSAGE_LENGTH)}`, 4000);
      return;
    case 'failed':
      void vscode.window.showWarningMessage(`${words.loadAllStopped(count, problem ?? '', target.scope, gatewayName)} ${loadMoreRetries()}`);
      return;
    case 'stopped':
      void vscode.window.showWarningMessage(words.loadAllStopped(count, problem ?? '', target.scope, gatewayName));
      return;
    case 'capped': {
      const message = problem ?? words.stoppedAtLimit?.(count, target.gateway.name);
      if (message !== undefined) {
        void vscode.window.showWarningMessage(message);
      }
      return;
    }
    case 'aborted':
    case 'reset':
      return;
  }
}

/** From the palette, a view's title or a row without a list of its own: a paged list of the view, asked when several. */
async function pickTarget(ctx: CommandContext, row: TreeNode | undefined): Promise<LoadAllTarget | undefined> {
  const list = await pickList(ctx, row, loadAllTitle());
  if (list === undefined) {
    return undefined;
  }
  const refusal = row === undefined ? undefined : list.whyNoLoadAll?.(row);
  if (refusal !== undefined) {
    void vscode.window.showInformationMessage(refusal);
    return undefined;
  }
  if (list.loadAllTargets === undefined) {
    void vscode.window.showInformationMessage(loadedWhole());
    return undefined;
  }
  const gateway = await pickGateway(ctx.registry, row, { title: loadAllTitle(), placeHolder: whichGatewayToLoad() });
  if (gateway === undefined) {
    return undefined;
  }
  const targets = list.loadAllTargets(gateway);
  const [only] = targets;
  if (only === undefined) {
    void vscode.window.showInformationMessage(nothingKnownYet(gateway.name));
    return undefined;
  }
  if (targets.length === 1) {
    return only;
  }
  const picks = targets.map((target) => ({
    label: plainText(target.scope ?? target.kind.words.heading()),
    description: loadAllPickDescription(target.loaded(), target.hasMore()),
    target,
  }));
  const picked = await vscode.window.showQuickPick(picks, { title: loadAllTitle(), placeHolder: whichListToLoad() });
  return picked?.target;
}
