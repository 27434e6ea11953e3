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
import * as l10n from '@vscode/l10n';
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
import { formatNumber } from '../l10n/numbers';
import { plural } from '../l10n/plural';

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
  return [
    { label: 'JSON', description: '.json', detail: l10n.t('One array of the objects as the server sent them'), format: 'json' },
    { label: 'NDJSON', description: '.ndjson', detail: l10n.t('One object per line: easy to stream, grep and load into tools'), format: 'ndjson' },
    {
      label: 'CSV',
      description: '.csv',
      detail: l10n.t('One row per object; the contract fields first, then any other; arrays and objects as JSON text'),
      format: 'csv',
    },
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
  const gateway = await pickGateway(ctx.registry, arg, { title: l10n.t('Page Gateway: Export'), placeHolder: l10n.t('Export from which gateway?') });
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
  const picked = await vscode.window.showQuickPick(picks, { title: l10n.t('Page Gateway: Export'), placeHolder: l10n.t('Export what?') });
  return picked?.plan?.();
}

async function askScope(plan: ExportPlan): Promise<ExportScope | undefined> {
  const count = plan.loadedCount();
  const remaining = plan.remaining();
  // Everything comes first: Enter exports the whole list, and the choice says what loading the rest costs.
  const picked = await vscode.window.showQuickPick(
    [
      {
        label: l10n.t('Everything'),
        description:
          remaining === undefined
            ? l10n.t('loads the rest from the gateway first, with progress; cancellable')
            : l10n.t({
                message: '{0} more to load, {1}; cancellable',
                args: [counted(plan, remaining.items), requestCount(remaining.requests)],
                comment: '"32 page groups more to load, 1 request; cancellable"',
              }),
        scope: 'everything' as const,
      },
      { label: l10n.t('What is loaded'), description: l10n.t('{0}, no request', counted(plan, count)), scope: 'loaded' as const },
    ],
    { title: exportTitle(plan), placeHolder: l10n.t('Export what is loaded, or everything the gateway has?') },
  );
  return picked?.scope;
}

/** "1 request", "3 requests". */
function requestCount(n: number): string {
  const count = formatNumber(n);
  return plural(n, {
    zero: () => l10n.t({ message: '{0} requests', args: [count], comment: 'plural: zero' }),
    one: () => l10n.t('{0} request', count),
    two: () => l10n.t({ message: '{0} requests', args: [count], comment: 'plural: two' }),
    few: () => l10n.t({ message: '{0} requests', args: [count], comment: 'plural: few' }),
    many: () => l10n.t({ message: '{0} requests', args: [count], comment: 'plural: many' }),
    other: () => l10n.t('{0} requests', count),
  });
}

async function askFormat(plan: ExportPlan): Promise<ExportFormat | undefined> {
  const picked = await vscode.window.showQuickPick(formatPicks(), { title: exportTitle(plan), placeHolder: l10n.t('Save as') });
  return picked?.format;
}

function defaultFolder(): vscode.Uri {
  return vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(os.homedir());
}

async function askTarget(plan: ExportPlan, format: ExportFormat): Promise<vscode.Uri | undefined> {
  return vscode.window.showSaveDialog({
    title: l10n.t({ message: 'Export {0}', args: [plan.what], comment: '{0} is what is exported, e.g. "page groups with status “draft”"' }),
    saveLabel: l10n.t('Export'),
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
      { location: vscode.ProgressLocation.Notification, title: l10n.t({ message: 'Exporting {0}', args: [plainText(plan.what, STATUS_MESSAGE_LENGTH)], comment: '{0} is what is exported, e.g. "page groups with status “draft”"' }), cancellable: true },
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
            progress.report({ message: l10n.t('{0} written', formatNumber(written)) }),
          );
        } finally {
          subscription.dispose();
          options.signal?.removeEventListener('abort', cancel);
        }
      },
    );
  } catch (error) {
    ctx.logger.error(`Export to ${target.toString()} failed: ${error instanceof Error ? error.message : String(error)}`);
    void vscode.window.showErrorMessage(l10n.t("Couldn't write {0}: {1}", path.basename(target.path), error instanceof Error ? error.message : String(error)));
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
    notes.push(
      l10n.t(
        "Cells starting with =, +, -, @, a tab or a carriage return begin with ' so that spreadsheets show them as text instead of running them as formulas (setting {0}).",
        'pageGateway.export.csvRawCells',
      ),
    );
  }
  const note = notes.filter((n): n is string => n !== undefined).join(' ');
  const withNote = (text: string): string => (note === '' ? text : `${text} ${note}`);
  const openLabel = l10n.t('Open');
  const open = (choice: string | undefined): void => {
    if (choice === openLabel) {
      void vscode.commands.executeCommand('vscode.open', target);
    }
  };
  switch (result.outcome) {
    case 'complete':
      void vscode.window.showInformationMessage(withNote(l10n.t('Exported {0} to {1}.', written, file)), openLabel).then(open);
      return;
    case 'stopped':
      void vscode.window
        .showWarningMessage(
          withNote(l10n.t('Exported {0} to {1}, then paging stopped: {2} The file holds what the gateway listed before that.', written, file, plan.problem() ?? '')),
          openLabel,
        )
        .then(open);
      return;
    case 'failed':
      void vscode.window.showWarningMessage(
        l10n.t({
          message: 'Export of {0} stopped after {1}: {2} Nothing was saved; what was loaded stays in the tree.',
          args: [plan.what, written, plan.problem() ?? l10n.t('a page failed.')],
          comment: '{0} is what is exported, e.g. "page groups with status “draft”"',
        }),
      );
      return;
    case 'reset':
      void vscode.window.showWarningMessage(
        l10n.t({ message: 'Export of {0} stopped: the list was refreshed meanwhile. Nothing was saved; export again.', args: [plan.what], comment: '{0} is what is exported, e.g. "page groups with status “draft”"' }),
      );
      return;
    case 'aborted':
      vscode.window.setStatusBarMessage(
        `$(circle-slash) ${l10n.t({ message: 'Export of {0} cancelled: nothing was saved', args: [plainText(plan.what, STATUS_MESSAGE_LENGTH)], comment: '{0} is what is exported, e.g. "page groups with status “draft”"' })}`,
        5000,
      );
      return;
  }
}

/** "Page Gateway: Export page groups with status “draft”". */
function exportTitle(plan: ExportPlan): string {
  return l10n.t({ message: 'Page Gateway: Export {0}', args: [plainText(plan.what, STATUS_MESSAGE_LENGTH)], comment: '{0} is what is exported, e.g. "page groups with status “draft”"' });
}

/** The CSV columns were chosen before these keys showed up. */
function leftOutNote(leftOut: readonly string[]): string {
  const shown = leftOut.slice(0, 5).join(', ') + (leftOut.length > 5 ? ', …' : '');
  const count = formatNumber(leftOut.length);
  return plural(leftOut.length, {
    zero: () =>
      l10n.t({
        message: '{0} fields first seen in pages loaded during the export ({1}) are not in the CSV, whose columns were chosen before; JSON and NDJSON keep every field.',
        args: [count, shown],
        comment: 'plural: zero',
      }),
    one: () =>
      l10n.t(
        '{0} field first seen in pages loaded during the export ({1}) is not in the CSV, whose columns were chosen before; JSON and NDJSON keep every field.',
        count,
        shown,
      ),
    two: () =>
      l10n.t({
        message: '{0} fields first seen in pages loaded during the export ({1}) are not in the CSV, whose columns were chosen before; JSON and NDJSON keep every field.',
        args: [count, shown],
        comment: 'plural: two',
      }),
    few: () =>
      l10n.t({
        message: '{0} fields first seen in pages loaded during the export ({1}) are not in the CSV, whose columns were chosen before; JSON and NDJSON keep every field.',
        args: [count, shown],
        comment: 'plural: few',
      }),
    many: () =>
      l10n.t({
        message: '{0} fields first seen in pages loaded during the export ({1}) are not in the CSV, whose columns were chosen before; JSON and NDJSON keep every field.',
        args: [count, shown],
        comment: 'plural: many',
      }),
    other: () =>
      l10n.t(
        '{0} fields first seen in pages loaded during the export ({1}) are not in the CSV, whose columns were chosen before; JSON and NDJSON keep every field.',
        count,
        shown,
      ),
  });
}
