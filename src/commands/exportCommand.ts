/**
 * Export…: a list of a gateway (a status group, all page groups, the webhook subscriptions, or search results) saved as
 * JSON, NDJSON or CSV, as the server sent the objects. Asks what (from the palette), how much (what is loaded, or
 * everything: the rest is loaded with progress, cancellable; not asked when nothing or everything is loaded), the
 * format, and where (the save dialog). The file is
 * written as the items come (src/export: batches encoded and streamed to a temporary file, moved into place at the
 * end), so no second copy of a large list is ever held in memory; a cancelled or failed export leaves no file.
 *
 * Scripts and tests can answer every question in advance with `ExportOptions` as the second argument (the target
 * file, the format, the scope, and a signal that cancels), which bypasses the save dialog.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { SECTION } from '../config/settings';
import { readUserSetting } from '../config/userSettings';
import { chooseColumns } from '../export/columns';
import { plainText, STATUS_MESSAGE_LENGTH } from '../text/surfaceText';
import { createEncoder } from '../export/encoder';
import { exportFileName, FORMAT_EXTENSIONS, formatOfFileName, type ExportFormat } from '../export/exportFormat';
import { openFileSink } from '../export/fileSink';
import type { Gateway } from '../gateway/gateway';
import type { TreeNode } from '../views/gatewayTree';
import type { CommandContext } from './commandContext';
import type { ExportOutcome, ExportPlan } from '../model/exportPlan';
import { pickGateway } from './gatewayPicker';
import {
  exportCancelledText,
  exportedText,
  exportedThenStoppedText,
  exportFailedText,
  exportingTitle,
  exportPickText,
  exportResetText,
  exportTitleText,
  formatDetails,
  formatPlaceholder,
  leftOutNote,
  neutralizedNote,
  openLabel,
  saveDialogText,
  scopeText,
  writeFailedText,
  writtenProgress,
} from '../text/exportText';

export type ExportScope = 'loaded' | 'everything';

/** Answers given in advance (scripts, tests): no question is asked for what they say. */
export interface ExportOptions {
  /** The file to write (a Uri or an absolute path): no save dialog. */
  readonly target?: vscode.Uri | string;
  /** Default: from the target's extension, else asked. */
  readonly format?: ExportFormat;
  /** Default: asked when more than what is loaded exists. */
  readonly scope?: ExportScope;
  /** Cancels the export like the notification's Cancel button. */
  readonly signal?: AbortSignal;
}

/** What the command returns (undefined when a question was dismissed). */
export interface ExportResult {
  readonly outcome: ExportOutcome;
  /** Objects written. */
  readonly written: number;
  readonly format: ExportFormat;
  /** The file, as a URI string (written only when the outcome is `complete` or `stopped`). */
  readonly target: string;
  /** CSV: keys of objects that were not columns (first seen after the header was written). */
  readonly leftOut: readonly string[];
  /** CSV: cells that got a `'` so that spreadsheets show them as text instead of running them as formulas. */
  readonly neutralized: number;
}

/** The formats to pick from (names of formats are not translated; what they hold is). */
function formatPicks(): ReadonlyArray<vscode.QuickPickItem & { readonly format: ExportFormat }> {
  const details = formatDetails();
  return [
    { label: 'JSON', description: '.json', detail: details.json, format: 'json' },
    { label: 'NDJSON', description: '.ndjson', detail: details.ndjson, format: 'ndjson' },
    { label: 'CSV', description: '.csv', detail: details.csv, format: 'csv' },
  ];
}

const FORMAT_FILTERS: Record<ExportFormat, string> = { json: 'JSON', ndjson: 'NDJSON', csv: 'CSV' };

/** Whether a command's second argument answers the export's questions in advance. */
export function isExportOptions(value: unknown): value is ExportOptions {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return false;
  }
  const options = value as Record<string, unknown>;
  return options.target !== undefined || options.format !== undefined || options.scope !== undefined || options.signal !== undefined;
}

/** "12 page groups". */
function counted(plan: ExportPlan, count: number): string {
  return plan.kind.words.count(count);
}

/** `pageGateway.export`: from a row that stands for a list (a status, a webhook gateway row), or the palette (asks what). */
export async function exportItems(ctx: CommandContext, arg?: unknown, optionsArg?: unknown): Promise<ExportResult | undefined> {
  const plan = await planFor(ctx, arg);
  return plan && runExport(ctx, plan, isExportOptions(optionsArg) ? optionsArg : {});
}

/** The list a row stands for (its `exportPlan`), or from the palette: a gateway, then one of its views' lists. */
async function planFor(ctx: CommandContext, arg: unknown): Promise<ExportPlan | undefined> {
  const node = typeof arg === 'object' && arg !== null && typeof (arg as { kind?: unknown }).kind === 'string' ? (arg as TreeNode) : undefined;
  const several = ctx.registry.gateways().length > 1;
  const fromRow = await node?.exportPlan?.(several);
  if (fromRow) {
    return fromRow;
  }
  const text = exportPickText();
  const gateway = await pickGateway(ctx.registry, arg, { title: text.title, placeHolder: text.whichGateway });
  return gateway && pickWhat(ctx, gateway, several);
}

interface WhatPick extends vscode.QuickPickItem {
  readonly plan?: () => ExportPlan;
}

async function pickWhat(ctx: CommandContext, gateway: Gateway, several: boolean): Promise<ExportPlan | undefined> {
  const choices = await Promise.all(ctx.lists.map((list) => list.exports(gateway, several)));
  const picks: WhatPick[] = choices
    .flat()
    .flatMap((choice): WhatPick[] => [
      ...(choice.heading === undefined ? [] : [{ label: choice.heading, kind: vscode.QuickPickItemKind.Separator }]),
      { label: choice.label, description: choice.description, plan: () => choice.plan() },
    ]);
  const text = exportPickText();
  const picked = await vscode.window.showQuickPick(picks, { title: text.title, placeHolder: text.whatToExport });
  return picked?.plan?.();
}

async function askScope(plan: ExportPlan): Promise<ExportScope | undefined> {
  const remaining = plan.remaining();
  const text = scopeText(remaining && { items: counted(plan, remaining.items), requests: remaining.requests }, counted(plan, plan.loadedCount()));
  // Everything comes first: Enter exports the whole list, and the choice says what loading the rest costs.
  const picked = await vscode.window.showQuickPick(
    [
      { label: text.everything, description: text.everythingDetail, scope: 'everything' as const },
      { label: text.loaded, description: text.loadedDetail, scope: 'loaded' as const },
    ],
    // A step of several: kept open when the focus goes back for a moment to where the export started (the table's
    // webview takes it back as the step before closes, and would otherwise close this one).
    { title: exportTitle(plan), placeHolder: text.placeHolder, ignoreFocusOut: true },
  );
  return picked?.scope;
}

async function askFormat(plan: ExportPlan): Promise<ExportFormat | undefined> {
  const picked = await vscode.window.showQuickPick(formatPicks(), { title: exportTitle(plan), placeHolder: formatPlaceholder(), ignoreFocusOut: true });
  return picked?.format;
}

function defaultFolder(): vscode.Uri {
  return vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(os.homedir());
}

async function askTarget(plan: ExportPlan, format: ExportFormat): Promise<vscode.Uri | undefined> {
  return vscode.window.showSaveDialog({
    ...saveDialogText(plan.what),
    defaultUri: vscode.Uri.joinPath(defaultFolder(), exportFileName(plan.nameParts, format)),
    filters: { [FORMAT_FILTERS[format]]: [...FORMAT_EXTENSIONS[format]] },
  });
}

function toUri(target: vscode.Uri | string): vscode.Uri {
  return typeof target === 'string' ? vscode.Uri.file(target) : target;
}

/** Asks what the options do not say, then writes the file behind a cancellable notification, and says how it went. */
export async function runExport(ctx: CommandContext, plan: ExportPlan, options: ExportOptions = {}): Promise<ExportResult | undefined> {
  // Asked only when both answers differ and make sense: with nothing loaded yet, everything it is.
  const scope = options.scope ?? (!plan.canLoadMore ? 'loaded' : plan.loadedCount() === 0 ? 'everything' : await askScope(plan));
  if (scope === undefined) {
    return undefined;
  }
  const given = options.target === undefined ? undefined : toUri(options.target);
  const format = options.format ?? (given && formatOfFileName(given.path)) ?? (await askFormat(plan));
  if (format === undefined) {
    return undefined;
  }
  const target = given ?? (await askTarget(plan, format));
  if (target === undefined) {
    return undefined;
  }
  let result: ExportResult;
  try {
    result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: exportingTitle(plainText(plan.what, STATUS_MESSAGE_LENGTH)), cancellable: true },
      async (progress, token) => {
        const controller = new AbortController();
        const cancel = (): void => controller.abort();
        const subscription = token.onCancellationRequested(cancel);
        options.signal?.addEventListener('abort', cancel, { once: true });
        if (options.signal?.aborted) {
          cancel();
        }
        try {
          return await writeExport(plan, scope === 'everything', format, target, controller.signal, (written) =>
            progress.report({ message: writtenProgress(written) }),
          );
        } finally {
          subscription.dispose();
          options.signal?.removeEventListener('abort', cancel);
        }
      },
    );
  } catch (error) {
    ctx.logger.error(`Export to ${target.toString()} failed: ${error instanceof Error ? error.message : String(error)}`);
    void vscode.window.showErrorMessage(writeFailedText(path.basename(target.path), error instanceof Error ? error.message : String(error)));
    return undefined;
  }
  tell(plan, result, target);
  return result;
}

/** Streams the plan's items into `target`: the file appears only when every item was written. */
async function writeExport(
  plan: ExportPlan,
  everything: boolean,
  format: ExportFormat,
  target: vscode.Uri,
  signal: AbortSignal,
  onWritten: (written: number) => void,
): Promise<ExportResult> {
  // The columns: the contract's fields, then the other keys of what is loaded now (an export of everything cannot
  // know the keys of pages not loaded yet; keys first seen in them are reported in `leftOut`).
  // Formula protection is turned off only by the user's own settings, never by a folder's.
  const csvRawCells = readUserSetting<unknown>(SECTION, 'export.csvRawCells', false) === true;
  const encoder = createEncoder(format, format === 'csv' ? chooseColumns(plan.kind.fields, plan.loadedRaws()) : [], { csvRawCells });
  const local = target.scheme === 'file';
  // Elsewhere than on disk (a remote or virtual file system), the file is written locally, then copied.
  const file = local ? target.fsPath : path.join(os.tmpdir(), `page-gateway-export-${process.pid}-${Date.now()}-${path.posix.basename(target.path)}`);
  const sink = await openFileSink(file);
  let outcome: ExportOutcome;
  try {
    await sink.write(encoder.begin());
    outcome = await plan.run(everything, signal, async (items) => {
      await sink.write(encoder.encode(items.map((item) => item.raw)));
      onWritten(encoder.count);
    });
    if (outcome === 'complete' || outcome === 'stopped') {
      await sink.write(encoder.end());
      await sink.commit();
      if (!local) {
        try {
          await vscode.workspace.fs.copy(vscode.Uri.file(file), target, { overwrite: true });
        } finally {
          await fs.promises.rm(file, { force: true });
        }
      }
    } else {
      await sink.abort();
    }
  } catch (error) {
    await sink.abort();
    throw error;
  }
  return { outcome, written: encoder.count, format, target: target.toString(), leftOut: encoder.leftOut, neutralized: encoder.neutralized };
}

function tell(plan: ExportPlan, result: ExportResult, target: vscode.Uri): void {
  const file = path.posix.basename(target.path);
  const written = counted(plan, result.written);
  const notes = [plan.note()];
  if (result.leftOut.length > 0) {
    notes.push(leftOutNote(result.leftOut));
  }
  if (result.neutralized > 0) {
    notes.push(neutralizedNote('pageGateway.export.csvRawCells'));
  }
  const note = notes.filter((n): n is string => n !== undefined).join(' ');
  const withNote = (text: string): string => (note === '' ? text : `${text} ${note}`);
  const open = (choice: string | undefined): void => {
    if (choice === openLabel()) {
      void vscode.commands.executeCommand('vscode.open', target);
    }
  };
  switch (result.outcome) {
    case 'complete':
      void vscode.window.showInformationMessage(withNote(exportedText(written, file)), openLabel()).then(open);
      return;
    case 'stopped':
      void vscode.window.showWarningMessage(withNote(exportedThenStoppedText(written, file, plan.problem() ?? '')), openLabel()).then(open);
      return;
    case 'failed':
      void vscode.window.showWarningMessage(exportFailedText(plan.what, written, plan.problem()));
      return;
    case 'reset':
      void vscode.window.showWarningMessage(exportResetText(plan.what));
      return;
    case 'aborted':
      vscode.window.setStatusBarMessage(`$(circle-slash) ${exportCancelledText(plainText(plan.what, STATUS_MESSAGE_LENGTH))}`, 5000);
      return;
  }
}

/** "Page Gateway: Export page groups with status “draft”". */
function exportTitle(plan: ExportPlan): string {
  return exportTitleText(plainText(plan.what, STATUS_MESSAGE_LENGTH));
}
