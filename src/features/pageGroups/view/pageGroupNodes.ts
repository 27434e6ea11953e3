/** The rows of the Page Groups tree (besides the gateway level's), and what its load commands receive. */
import type { Gateway } from '../../../gateway/gateway';
import type { BaseNode, TreeNode } from '../../../views/gatewayTree';
import type { GroupKey } from '../model/pageGroupsModel';
import type { PageGroupNode } from './pageGroupRow';

export interface StatusNode extends TreeNode {
  readonly kind: 'status';
  readonly gateway: Gateway;
  readonly key: GroupKey;
}
/** "Load more…" of one group; `pages` is how many pages the chain had when the row was made (a stale row does nothing). */
export interface LoadMoreNode extends TreeNode {
  readonly kind: 'loadMore';
  readonly gateway: Gateway;
  readonly key: GroupKey;
  readonly pages: number;
}
/** "Find more statuses…": the next page of the unfiltered chain. */
export interface DiscoverNode extends TreeNode {
  readonly kind: 'discover';
  readonly gateway: Gateway;
  readonly pages: number;
}
export type PageGroupsOwnNode = StatusNode | PageGroupNode | LoadMoreNode | DiscoverNode;
export type PageGroupsNode = PageGroupsOwnNode | BaseNode;

/** What the retry and load-more commands receive. */
export interface LoadTarget {
  readonly gateway: Gateway;
  readonly key: GroupKey;
  /** When set, the load only happens if the chain still has this many pages (protects against double clicks). */
  readonly pages?: number;
}
