/**
 * Export from the table (JSON, NDJSON, CSV through the extension's export): the selected rows, or every row the
 * filter lets through, in the table's order. When the gateway is not fully loaded, the export of the filtered rows
 * asks (as for a status) whether to write what is loaded or everything: everything loads the rest first through the
 * table's own Load All (the pages not yet loaded, each once; the table shows the progress and its Stop button
 * cancels, as does the export's notification), then writes the rows the filter lets through.
 */
import * as l10n from '@vscode/l10n';
import type { CheckedPageGroup } from '../../../api/model';
import type { CommandContext } from '../../../commands/commandContext';
import { runExport, type ExportOptions, type ExportResult } from '../../../commands/exportCommand';
import type { Gateway } from '../../../gateway/gateway';
import { listPlan, raws, writeAll, type ExportOutcome, type ExportPlan } from '../../../model/exportPlan';
import { describeChainNotice, describeGatewayError } from '../../../text/errorText';
import type { PageGroupsModel } from '../model/pageGroupsModel';
import { PAGE_GROUP } from '../pageGroupKind';
import { capMessage } from '../text/loadLimitText';
import { PAGE_GROUP_WORDS } from '../text/pageGroupWords';
import type { TableFeed } from './tableFeed';
import type { TableLoadAll } from './tableLoadAll';

/** What an export from one table works with. */
export interface TableExportSource {
  readonly ctx: CommandContext;
  readonly gateway: Gateway;
  readonly model: PageGroupsModel;
  readonly feed: TableFeed;
  readonly loader: TableLoadAll;
}

/**
 * Exports `rows` (row indexes of `generation`) or the filtered rows; nothing when the rows changed generation since
 * the webview named them. `options` answers the export's questions in advance (tests).
 */
export async function exportTableRows(source: TableExportSource, generation: number, rows: readonly number[] | 'filtered', options: ExportOptions = {}): Promise<ExportResult | undefined> {
  const { ctx, gateway, feed } = source;
  if (generation !== feed.rows.generation) {
    return undefined;
  }
  const several = ctx.registry.gateways().length > 1;
  const what = rows === 'filtered' ? l10n.t('filtered page groups') : l10n.t('selected page groups');
  const named = several ? l10n.t({ message: '{0} of {1}', args: [what, gateway.name], comment: 'what is exported, then a gateway name' }) : what;
  const nameParts = ['page-groups', ...(several ? [gateway.name] : []), rows === 'filtered' ? 'filtered' : 'selected'];
  if (rows === 'filtered') {
    return runExport(ctx, filteredPlan(source, named, nameParts), options);
  }
  const items = rows.flatMap((index) => {
    const item = feed.rows.rows[index];
    return item === undefined ? [] : [item];
  });
  return runExport(ctx, listPlan(gateway, PAGE_GROUP, items, named, nameParts), options);
}

/** The rows the filter lets through, in the table's order. */
function filteredItems(feed: TableFeed): CheckedPageGroup[] {
  const items: CheckedPageGroup[] = [];
  for (const index of feed.shownOrder) {
    const item = feed.rows.rows[index];
    if (item !== undefined) {
      items.push(item);
    }
  }
  return items;
}

/** The filtered rows as an export plan (everything: the table's Load All first, then the rows as the filter has them). */
function filteredPlan(source: TableExportSource, what: string, nameParts: readonly string[]): ExportPlan {
  const { ctx, gateway, model, feed, loader } = source;
  const discovery = model.discovery;
  return {
    gateway,
    kind: PAGE_GROUP,
    what,
    nameParts,
    canLoadMore: !model.discoveryComplete,
    loadedCount: () => feed.shownOrder.length,
    remaining: () => undefined,
    loadedRaws: () => raws(filteredItems(feed)),
    run: async (everything, signal, write): Promise<ExportOutcome> => {
      let ended: ExportOutcome = 'complete';
      if (everything) {
        const epoch = discovery.epoch;
        const cancelled = await loader.loadAll(signal);
        ended = cancelled || signal.aborted
          ? 'aborted'
          : discovery.error
            ? 'failed'
            : discovery.epoch !== epoch
              ? 'reset'
              : discovery.hasMore || discovery.notice
                ? 'stopped'
                : model.discoveryComplete
                  ? 'complete'
                  : 'aborted';
        if (ended !== 'complete' && ended !== 'stopped') {
          return ended;
        }
        // The rows and their order as the filter now has them.
        feed.syncNow();
      }
      const written = await writeAll(filteredItems(feed), signal, write);
      return written === 'complete' ? ended : written;
    },
    problem: () => {
      const limit = model.capReached();
      return discovery.error
        ? describeGatewayError(discovery.error, PAGE_GROUP_WORDS)
        : discovery.notice
          ? describeChainNotice(discovery.notice)
          : discovery.hasMore && limit !== undefined
            ? capMessage(limit, ctx.registry.gateways().length > 1 ? gateway.name : undefined)
            : undefined;
    },
    note: () => undefined,
  };
}
