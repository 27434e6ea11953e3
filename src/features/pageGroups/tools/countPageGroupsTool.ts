/**
 * `pageGateway_countPageGroups`: how many page groups match on each gateway asked, exact where the list that answers
 * was read to its end (with `status`, that status's own list, as the tree reads it), otherwise "at least N" with how
 * many were read and a continuation. Optionally grouped by status, tenant, brand or page context. Pages it reads land
 * in the tree's store: a page is never requested twice, and counting again sends nothing.
 */
import * as l10n from '@vscode/l10n';
import type { CommandContext } from '../../../commands/commandContext';
import { MAX_REQUESTS_PER_GATEWAY } from '../../../agent/model/coverage';
import { requestBudgetText } from '../../../agent/model/toolText';
import { invokedGateways } from '../../../agent/toolSupport';
import { parseCountPageGroups } from '../model/pageGroupToolInput';
import { countResult } from '../text/pageGroupToolResults';
import { PageGroupQueryTool } from './pageGroupQueryTool';

export class CountPageGroupsTool extends PageGroupQueryTool {
  public constructor(ctx: CommandContext) {
    super(ctx, {
      parse: parseCountPageGroups,
      announce: (gateway) => l10n.t('Counting page groups on {0} ({1})', invokedGateways(ctx.registry, gateway), requestBudgetText(MAX_REQUESTS_PER_GATEWAY)),
      result: countResult,
    });
  }
}
