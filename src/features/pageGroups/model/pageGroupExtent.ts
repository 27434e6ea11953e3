/** How much of a gateway's page groups is loaded, for List Gateways and Get Item: every chain's, each id once. Pure. */
import type { ListExtent } from '../../../model/resource';
import { statusOf, type PageGroupsModel } from './pageGroupsModel';

/** The group name of page groups without a status. */
export const NO_STATUS_GROUP = '(none)';

export function pageGroupExtent(model: PageGroupsModel | undefined): ListExtent {
  if (model === undefined) {
    return { loaded: 0, complete: false };
  }
  const items = model.allLoaded();
  const counts = new Map<string, number>();
  for (const item of items) {
    const status = statusOf(item) ?? NO_STATUS_GROUP;
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  const error = model.discovery.error;
  const limit = model.capReached();
  // fromEntries defines own properties: a status named "__proto__" stays a group.
  return {
    loaded: items.length,
    complete: model.discoveryComplete,
    groups: Object.fromEntries(counts),
    ...(error ? { error } : {}),
    ...(limit === undefined ? {} : { limit }),
  };
}
