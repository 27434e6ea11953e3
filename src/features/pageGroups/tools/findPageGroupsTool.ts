/**
 * `pageGateway_findPageGroups`: the page groups that match a question (Search's matcher or an exact id, name or
 * title; a status, read from that status's own list; deleted or not; created, updated or deleted in a window) on each
 * gateway asked, with how many matched (exact, or "at least"), which are returned, and a continuation for the rest.
 * Each gateway reads at most MAX_REQUESTS_PER_GATEWAY pages a call; pages land in the tree's store, so asking again
 * sends nothing.
 */
import * as l10n from '@vscode/l10n';
import type { CommandContext } from '../../../commands/commandContext';
import { MAX_REQUESTS_PER_GATEWAY } from '../../../agent/model/coverage';
import { requestBudgetText } from '../../../agent/model/toolText';
import { invokedGateways } from '../../../agent/toolSupport';
import { parseFindPageGroups } from '../model/pageGroupToolInput';
import { findResult } from '../text/pageGroupToolResults';
import { PageGroupQueryTool } from './pageGroupQueryTool';

export class FindPageGroupsTool extends PageGroupQueryTool {
  public constructor(ctx: CommandContext) {
    super(ctx, {
      parse: parseFindPageGroups,
      announce: (gateway) => l10n.t('Finding page groups on {0} ({1})', invokedGateways(ctx.registry, gateway), requestBudgetText(MAX_REQUESTS_PER_GATEWAY)),
      // Enough to fill the answer from the gateway's position, and one more to know whether more follow.
      enough: (input, offset) => offset + input.limit + 1,
      result: findResult,
    });
  }
}
