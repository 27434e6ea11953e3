/**
 * The generic commands: they work on rows and items of any feature (the features register their own). A command whose
 * module is imported with `import()` is loaded the first time it runs (dist/onDemand.js, esbuild.mjs); the ones a row
 * click runs (Load more, Open as JSON, Reveal) are loaded with the extension.
 */
import type { CommandContext, CommandHandler } from './commandContext';
import type { compareWithSelected, selectForCompare } from './compareCommands';
import type { copyAsCurl, copyId } from './copyCommands';
import { loadMore } from './loadCommands';
import { openJson } from './openJsonCommand';
import { revealInTree, revealItem } from './revealCommand';
import { refresh, refreshWholeView } from './viewCommands';

export function genericCommands(ctx: CommandContext): Record<string, CommandHandler> {
  return {
    'pageGateway.addGateway': async () => (await import('./gatewayCommands.js')).addGateway(ctx),
    'pageGateway.removeGateway': async (arg?: unknown, choice?: unknown) => (await import('./gatewayCommands.js')).removeGateway(ctx, arg, choice),
    'pageGateway.renameGateway': async (arg?: unknown, name?: unknown) => (await import('./gatewayCommands.js')).renameGateway(ctx, arg, name),
    'pageGateway.setApiKey': async (arg?: unknown) => (await import('./apiKeyCommands.js')).setApiKey(ctx, arg),
    'pageGateway.clearApiKey': async (arg?: unknown) => (await import('./apiKeyCommands.js')).clearApiKey(ctx, arg),
    'pageGateway.setBaseUrl': async (arg?: unknown) => (await import('./gatewayCommands.js')).setBaseUrl(ctx, arg),
    'pageGateway.answerInsecure': async (arg?: unknown) => (await import('./apiKeyCommands.js')).answerInsecure(ctx, arg),
    'pageGateway.loadMore': (target?: unknown) => loadMore(target),
    'pageGateway.openJson': (node?: Parameters<typeof openJson>[1]) => openJson(ctx, node),
    'pageGateway.copyId': async (node?: Parameters<typeof copyId>[1], selected?: Parameters<typeof copyId>[2]) => (await import('./copyCommands.js')).copyId(ctx, node, selected),
    'pageGateway.copyLink': async (arg?: unknown) => (await import('./copyLinkCommand.js')).copyLink(ctx, arg),
    // The row menu's entry: the same command, titled without "…" because it copies at once (the palette's asks which).
    'pageGateway.copyRowId': async (node?: Parameters<typeof copyId>[1], selected?: Parameters<typeof copyId>[2]) => (await import('./copyCommands.js')).copyId(ctx, node, selected),
    'pageGateway.selectForCompare': async (node?: Parameters<typeof selectForCompare>[1]) => (await import('./compareCommands.js')).selectForCompare(ctx, node),
    'pageGateway.compareWithSelected': async (node?: Parameters<typeof compareWithSelected>[1]) => (await import('./compareCommands.js')).compareWithSelected(ctx, node),
    'pageGateway.revealInTree': (uri?: unknown) => revealInTree(ctx, uri),
    'pageGateway.revealItem': (arg?: unknown) => revealItem(ctx, arg),
    'pageGateway.goToId': async (arg?: unknown) => (await import('./goToIdCommand.js')).goToId(ctx, arg),
    'pageGateway.showLogs': () => ctx.logger.show(),
    'pageGateway.copyAsCurl': async (node?: Parameters<typeof copyAsCurl>[1], selected?: Parameters<typeof copyAsCurl>[2]) => (await import('./copyCommands.js')).copyAsCurl(ctx, node, selected),
    'pageGateway.export': async (arg?: unknown, options?: unknown) => (await import('./exportCommand.js')).exportItems(ctx, arg, options),
    'pageGateway.search': async (arg?: unknown) => (await import('./search/searchCommand.js')).search(ctx, arg),
    // Every list view's own commands (its title, F5): the list is the focused row's, or the view the user is in.
    'pageGateway.refresh': (arg?: unknown) => refresh(ctx, arg),
    'pageGateway.loadAll': async (arg?: unknown) => (await import('./loadAllCommand.js')).loadAll(ctx, arg),
    'pageGateway.refreshView': (arg?: unknown) => refreshWholeView(ctx, arg),
    'pageGateway.copyViewAsCurl': async (arg?: unknown) => (await import('./copyCommands.js')).copyListAsCurl(ctx, arg),
    'pageGateway.exportView': async (arg?: unknown, options?: unknown) => (await import('./listExportCommand.js')).exportList(ctx, undefined, arg, options),
  };
}
