/**
 * The row of one page group. A tree of 100,000 page groups holds 100,000 of these, so a row keeps only what tells it
 * apart: its group's row (which has the gateway, the group and the id prefix) and its item: 40 bytes. What can be
 * derived from those (its id, kind, item reference, whether it was removed, the request its page came from) comes
 * from the prototype when asked, not a field, closure or object per row (docs/performance.md).
 */
import type { CheckedPageGroup } from '../../../api/model';
import type { Gateway } from '../../../gateway/gateway';
import type { ItemRef } from '../../../model/resource';
import type { ApiRequest } from '../../../api/apiRequest';
import type { TreeNode } from '../../../views/gatewayTree';
import { encodeSegment } from '../../../util/segment';
import { itemQuery } from '../model/pageGroupRequests';
import { pageGroupsRequest } from '../model/pageGroupsList';
import { PAGE_GROUP, PAGE_GROUPS_STORE } from '../pageGroupKind';
import type { GroupKey } from '../model/pageGroupsModel';

export interface PageGroupNode extends TreeNode {
  readonly kind: 'pageGroup';
  readonly gateway: Gateway;
  readonly key: GroupKey;
  readonly item: CheckedPageGroup;
  readonly ref: ItemRef;
  /** Gone from the group at its last refresh: shown, marked removed, until the next one. */
  readonly removed: boolean;
}

/** What the rows of one group share: the group's own row (its id is the prefix of theirs). */
export interface RowGroup {
  readonly id: string;
  readonly gateway: Gateway;
  readonly key: GroupKey;
}

export class PageGroupRow implements PageGroupNode {
  public constructor(
    private readonly group: RowGroup,
    public readonly item: CheckedPageGroup,
  ) {}

  /** The group's id, then the page group's id (encoded: it comes from the server). */
  public get id(): string {
    return `${this.group.id}/pg/${this.segment()}`;
  }

  /** The part of the id that tells this row apart in its group. */
  protected segment(): string {
    return encodeSegment(this.item.value.pageGroupId ?? '');
  }

  public get gateway(): Gateway {
    return this.group.gateway;
  }

  public get key(): GroupKey {
    return this.group.key;
  }

  public get kind(): 'pageGroup' {
    return 'pageGroup';
  }

  public get removed(): boolean {
    return false;
  }

  public get ref(): ItemRef {
    return { gateway: this.group.gateway, kind: PAGE_GROUP, item: this.item } as ItemRef;
  }

  /** The request of the page this page group arrived in (for Copy as cURL); none once its group let that page go. */
  public request(): ApiRequest | undefined {
    const model = this.gateway.existingStore(PAGE_GROUPS_STORE);
    const query = model === undefined ? undefined : itemQuery(model, this.key, this.item);
    return query === undefined ? undefined : pageGroupsRequest(this.gateway.base.href, query);
  }
}

/** The row of a page group that its group's last refresh no longer had (shown marked removed until the next one). */
export class RemovedPageGroupRow extends PageGroupRow {
  public override get removed(): boolean {
    return true;
  }
}

/** The row of a page group without an id (it breaks no rule of the contract): told apart by its place in the group. */
export class UnnamedPageGroupRow extends PageGroupRow {
  public constructor(
    group: RowGroup,
    item: CheckedPageGroup,
    private readonly index: number,
    private readonly wasRemoved: boolean,
  ) {
    super(group, item);
  }

  public override get removed(): boolean {
    return this.wasRemoved;
  }

  protected override segment(): string {
    return `#${this.index}`;
  }
}
