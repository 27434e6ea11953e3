/**
 * The words of Export… (src/commands/exportCommand.ts) and of the export plans (src/model/listPlans.ts): its questions,
 * its progress and how it ended. `what` is what is exported, a noun phrase such as `page groups with status “draft”`;
 * `written` a count of the list's items (`12 page groups`). No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { formatNumber } from '../l10n/numbers';
import { plural } from '../l10n/plural';

/** What each format holds (the names of formats are not translated). */
export function formatDetails(): { readonly json: string; readonly ndjson: string; readonly csv: string } {
  return {
    json: l10n.t('One array of the objects as the server sent them'),
    ndjson: l10n.t('One object per line: easy to stream, grep and load into tools'),
    csv: l10n.t('One row per object; the contract fields first, then any other; arrays and objects as JSON text'),
  };
}

/** The palette's questions: which gateway, then which of its lists. */
export function exportPickText(): { readonly title: string; readonly whichGateway: string; readonly whatToExport: string } {
  return { title: l10n.t('Page Gateway: Export'), whichGateway: l10n.t('Export from which gateway?'), whatToExport: l10n.t('Export what?') };
}

/** The two scopes: everything (`remaining`: what loading the rest costs, when known) or what is loaded. */
export function scopeText(remaining: { readonly items: string; readonly requests: number } | undefined, loaded: string): {
  readonly everything: string;
  readonly everythingDetail: string;
  readonly loaded: string;
  readonly loadedDetail: string;
  readonly placeHolder: string;
} {
  return {
    everything: l10n.t('Everything'),
    everythingDetail:
      remaining === undefined
        ? l10n.t('loads the rest from the gateway first, with progress; cancellable')
        : l10n.t({
            message: '{0} more to load, {1}; cancellable',
            args: [remaining.items, requestCount(remaining.requests)],
            comment: '"32 page groups more to load, 1 request; cancellable"',
          }),
    loaded: l10n.t('What is loaded'),
    loadedDetail: l10n.t('{0}, no request', loaded),
    placeHolder: l10n.t('Export what is loaded, or everything the gateway has?'),
  };
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

export function formatPlaceholder(): string {
  return l10n.t('Save as');
}

/** The save dialog's title and button. */
export function saveDialogText(what: string): { readonly title: string; readonly saveLabel: string } {
  return {
    title: l10n.t({ message: 'Export {0}', args: [what], comment: '{0} is what is exported, e.g. "page groups with status “draft”"' }),
    saveLabel: l10n.t('Export'),
  };
}

/** The notification while the file is written. */
export function exportingTitle(what: string): string {
  return l10n.t({ message: 'Exporting {0}', args: [what], comment: '{0} is what is exported, e.g. "page groups with status “draft”"' });
}

export function writtenProgress(written: number): string {
  return l10n.t('{0} written', formatNumber(written));
}

export function writeFailedText(file: string, reason: string): string {
  return l10n.t("Couldn't write {0}: {1}", file, reason);
}

/** "Page Gateway: Export page groups with status “draft”". */
export function exportTitleText(what: string): string {
  return l10n.t({ message: 'Page Gateway: Export {0}', args: [what], comment: '{0} is what is exported, e.g. "page groups with status “draft”"' });
}

export function openLabel(): string {
  return l10n.t('Open');
}

export function neutralizedNote(setting: string): string {
  return l10n.t(
    "Cells starting with =, +, -, @, a tab or a carriage return begin with ' so that spreadsheets show them as text instead of running them as formulas (setting {0}).",
    setting,
  );
}

/** How an export ended, one message per outcome. */
export function exportedText(written: string, file: string): string {
  return l10n.t('Exported {0} to {1}.', written, file);
}

export function exportedThenStoppedText(written: string, file: string, problem: string): string {
  return l10n.t('Exported {0} to {1}, then paging stopped: {2} The file holds what the gateway listed before that.', written, file, problem);
}

export function exportFailedText(what: string, written: string, problem: string | undefined): string {
  return l10n.t({
    message: 'Export of {0} stopped after {1}: {2} Nothing was saved; what was loaded stays in the tree.',
    args: [what, written, problem ?? l10n.t('a page failed.')],
    comment: '{0} is what is exported, e.g. "page groups with status “draft”"',
  });
}

export function exportResetText(what: string): string {
  return l10n.t({ message: 'Export of {0} stopped: the list was refreshed meanwhile. Nothing was saved; export again.', args: [what], comment: '{0} is what is exported, e.g. "page groups with status “draft”"' });
}

export function exportCancelledText(what: string): string {
  return l10n.t({ message: 'Export of {0} cancelled: nothing was saved', args: [what], comment: '{0} is what is exported, e.g. "page groups with status “draft”"' });
}

/** The CSV columns were chosen before these keys showed up. */
export function leftOutNote(leftOut: readonly string[]): string {
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

/** A list the gateway sent cut: `total` is "1,200 webhook subscriptions", `kept` a number. */
export function truncatedListNote(total: string, kept: string): string {
  return l10n.t('The gateway sent {0}; the first {1} are kept, and exported.', total, kept);
}
