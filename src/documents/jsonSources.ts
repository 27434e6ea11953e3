/** Document folders every resource kind gets: one document per item id, and snapshots of items without an id. */
import * as l10n from '@vscode/l10n';
import type { ResourceKind } from '../model/resource';
import type { DocumentSource } from './jsonDocumentProvider';

/** `page-gateway://<gateway>/<kind folder>/<id>.json`: the loaded item (lists the gateway returns whole are loaded once). */
export function itemSource(kind: ResourceKind<unknown>): DocumentSource {
  return {
    folder: kind.folder,
    content: (gateway, id, options) => {
      const found = kind.find(gateway, id);
      if (found !== undefined || !options.load || kind.ensureLoaded === undefined) {
        return found?.raw;
      }
      const ensure = kind.ensureLoaded;
      return gateway.connection.state().then(async (state) => {
        if (state.kind !== 'ready') {
          return undefined;
        }
        await ensure(gateway);
        return kind.find(gateway, id)?.raw;
      });
    },
    notLoaded: (gateway, id) => kind.words.notLoaded(id, gateway.name),
  };
}

/** Folder of documents for items without an id: only the snapshot taken when they were opened can be shown. */
export const SNAPSHOT_FOLDER = 'items';

export const snapshotSource: DocumentSource = {
  folder: SNAPSHOT_FOLDER,
  content: () => undefined,
  notLoaded: () => l10n.t('This item has no id, so it cannot be found again after a reload. Open it again from its view.'),
};
