/** A page group as the tools return it in lists: the fields a user asks about, never the whole object. Pure. */
import type { CheckedPageGroup } from '../../../api/model';

export interface PageGroupSummary {
  readonly id?: string;
  readonly name?: string;
  readonly title?: string;
  readonly status?: string;
  readonly pagesCount?: number;
  readonly tenantId?: string;
  readonly brandId?: string;
  readonly pageContext?: string;
  readonly createdAt?: string;
  readonly updatedAt?: string;
  readonly deletedAt?: string;
  readonly gateway: string;
}

/** The summary of `item` on the gateway named `gateway` (fields the server did not send are left out). */
export function pageGroupSummary(item: CheckedPageGroup, gateway: string): PageGroupSummary {
  const v = item.value;
  return {
    id: v.pageGroupId,
    name: v.name,
    title: v.title,
    status: v.status,
    pagesCount: v.pagesCount,
    tenantId: v.tenantId,
    brandId: v.brandId,
    pageContext: v.pageContext,
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
    deletedAt: v.deletedAt,
    gateway,
  };
}
