/** The Page Groups table's webview type (its serializer is registered at activation; the table's code loads later). */
export const TABLE_VIEW_TYPE = 'pageGateway.pageGroupsTable';
