/**
 * Load All of one status of page groups (its own cursor chain), as the generic Load All command runs it: the status
 * row and its "Load more…" row carry it, and the Page Groups view offers every status's from the palette. No `vscode`.
 */
import type { Gateway } from '../../gateway/gateway';
import { chainLoadAll } from '../../model/chainLoadAll';
import type { LoadAllTarget } from '../../model/loadAllTarget';
import type { ResourceKind } from '../../model/resource';
import { plainText } from '../../text/surfaceText';
import { isDerivedGroup, type GroupKey, type PageGroupsModel } from './model/pageGroupsModel';
import { PAGE_GROUP } from './pageGroupKind';
import { groupLabel } from './text/groupPresentation';
import { capMessage } from './text/loadLimitText';

export interface PageGroupLoadAllContext {
  /** The gateway's page group chains (created on first use). */
  readonly model: () => PageGroupsModel;
  /** `pageGateway.maxLoadedPageGroups` now. */
  readonly maxLoaded: () => number;
  /** Whether several gateways are configured (the messages then name this one). */
  readonly several: () => boolean;
}

/**
 * The status `key` of `gateway`; undefined for the groups filled from the unfiltered list ("(no status)", "(empty
 * status)"), whose Load All would walk every page group of the gateway.
 */
export function pageGroupLoadAll(gateway: Gateway, key: GroupKey, context: PageGroupLoadAllContext): LoadAllTarget | undefined {
  if (isDerivedGroup(key)) {
    return undefined;
  }
  const model = context.model;
  const limitProblem = (): string => capMessage(model().capReached() ?? context.maxLoaded(), context.several() ? gateway.name : undefined);
  return chainLoadAll(gateway, PAGE_GROUP as ResourceKind<unknown>, () => model().chain(key), plainText(groupLabel(key)), limitProblem);
}
