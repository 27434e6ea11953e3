/** The contributed views (package.json `contributes.views`). */
export const PAGE_GROUPS_VIEW = 'pageGateway.pageGroups';
export const WEBHOOKS_VIEW = 'pageGateway.webhooks';
