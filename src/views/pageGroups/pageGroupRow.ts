/**
 * The row of one page group. A tree of 100,000 page groups holds 100,000 of these, so a row keeps only what tells it
 * apart (its gateway, group, item and id); what can be derived from those (its kind, its item reference, the request
 * its page came from) comes from the prototype when asked, not a closure or object per row (docs/performance.md).
 */
import type { CheckedPageGroup } from '../../api/model';
import type { Gateway } from '../../gateway/gateway';
import type { ItemRef } from '../../resources/resource';
import type { ApiRequest } from '../common/apiRequest';
import type { TreeNode } from '../common/gatewayTree';
import { itemQuery, pageGroupsRequest } from './pageGroupRequests';
import { PAGE_GROUP, PAGE_GROUPS_STORE } from './pageGroupResource';
import type { GroupKey } from './pageGroupsModel';

export interface PageGroupNode extends TreeNode {
  readonly kind: 'pageGroup';
  readonly gateway: Gateway;
  readonly key: GroupKey;
  readonly item: CheckedPageGroup;
  readonly ref: ItemRef;
  /** Gone from the group at its last refresh: shown, marked removed, until the next one. */
  readonly removed: boolean;
}

export class PageGroupRow implements PageGroupNode {
  public constructor(
    public readonly id: string,
    public readonly gateway: Gateway,
    public readonly key: GroupKey,
    public readonly item: CheckedPageGroup,
    public readonly removed: boolean,
  ) {}

  public get kind(): 'pageGroup' {
    return 'pageGroup';
  }

  public get ref(): ItemRef {
    return { gateway: this.gateway, kind: PAGE_GROUP, item: this.item } as ItemRef;
  }

  /** The request of the page this page group arrived in (for Copy as cURL); none once its group let that page go. */
  public request(): ApiRequest | undefined {
    const model = this.gateway.existingStore(PAGE_GROUPS_STORE);
    const query = model === undefined ? undefined : itemQuery(model, this.key, this.item);
    return query === undefined ? undefined : pageGroupsRequest(this.gateway.base.href, query);
  }
}
