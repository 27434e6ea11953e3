/** Connects the JSON documents to what the trees have loaded. */
import type { GatewayConnection } from '../gateway/connection';
import { NO_STATUS } from '../views/pageGroups/pageGroupsModel';
import type { PageGroupsProvider } from '../views/pageGroups/pageGroupsProvider';
import type { WebhooksProvider } from '../views/webhooks/webhooksProvider';
import type { JsonSources } from './jsonDocumentProvider';

export function createJsonSources(pageGroups: PageGroupsProvider, webhooks: WebhooksProvider, connection: GatewayConnection): JsonSources {
  const model = pageGroups.model;
  return {
    pageGroup: (id) => model.allLoaded().find((item) => item.value.pageGroupId === id)?.raw,
    statusGroup: (status) => {
      const key = status ?? NO_STATUS;
      const chain = model.chain(key);
      return chain.started ? model.itemsOf(key).map((item) => item.raw) : undefined;
    },
    webhook: async (id) => {
      const find = (): unknown => webhooks.webhooks().find((item) => item.value.id === id)?.raw;
      const found = find();
      if (found !== undefined || webhooks.chain.started) {
        return found;
      }
      if ((await connection.state()).kind !== 'ready') {
        return undefined;
      }
      await webhooks.ensureLoaded();
      return find();
    },
  };
}
