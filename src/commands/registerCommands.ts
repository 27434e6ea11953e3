/** The generic commands: they work on rows and items of any feature (the features register their own). */
import { answerInsecure, clearApiKey, setApiKey } from './apiKeyCommands';
import type { CommandContext, CommandHandler } from './commandContext';
import { compareWithSelected, selectForCompare } from './compareCommands';
import { copyAsCurl, copyId } from './copyCommands';
import { exportItems } from './exportCommand';
import { copyLink } from './copyLinkCommand';
import { addGateway, removeGateway, setBaseUrl } from './gatewayCommands';
import { goToId } from './goToIdCommand';
import { loadMore } from './loadCommands';
import { openJson } from './openJsonCommand';
import { revealInTree, revealItem } from './revealCommand';

export function genericCommands(ctx: CommandContext): Record<string, CommandHandler> {
  return {
    'pageGateway.addGateway': () => addGateway(ctx),
    'pageGateway.removeGateway': (arg?: unknown, choice?: unknown) => removeGateway(ctx, arg, choice),
    'pageGateway.setApiKey': (arg?: unknown) => setApiKey(ctx, arg),
    'pageGateway.clearApiKey': (arg?: unknown) => clearApiKey(ctx, arg),
    'pageGateway.setBaseUrl': (arg?: unknown) => setBaseUrl(ctx, arg),
    'pageGateway.answerInsecure': (arg?: unknown) => answerInsecure(ctx, arg),
    'pageGateway.loadMore': (target?: unknown) => loadMore(target),
    'pageGateway.openJson': (node?: Parameters<typeof openJson>[1]) => openJson(ctx, node),
    'pageGateway.copyId': (node?: Parameters<typeof copyId>[1], selected?: Parameters<typeof copyId>[2]) => copyId(ctx, node, selected),
    'pageGateway.copyLink': (arg?: unknown) => copyLink(ctx, arg),
    // The row menu's entry: the same command, titled without "…" because it copies at once (the palette's asks which).
    'pageGateway.copyRowId': (node?: Parameters<typeof copyId>[1], selected?: Parameters<typeof copyId>[2]) => copyId(ctx, node, selected),
    'pageGateway.selectForCompare': (node?: Parameters<typeof selectForCompare>[1]) => selectForCompare(ctx, node),
    'pageGateway.compareWithSelected': (node?: Parameters<typeof compareWithSelected>[1]) => compareWithSelected(ctx, node),
    'pageGateway.revealInTree': (uri?: unknown) => revealInTree(ctx, uri),
    'pageGateway.revealItem': (arg?: unknown) => revealItem(ctx, arg),
    'pageGateway.goToId': (arg?: unknown) => goToId(ctx, arg),
    'pageGateway.showLogs': () => ctx.logger.show(),
    'pageGateway.copyAsCurl': (node?: Parameters<typeof copyAsCurl>[1], selected?: Parameters<typeof copyAsCurl>[2]) => copyAsCurl(ctx, node, selected),
    'pageGateway.export': (arg?: unknown, options?: unknown) => exportItems(ctx, arg, options),
  };
}
