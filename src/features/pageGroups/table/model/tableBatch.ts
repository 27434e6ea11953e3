/** Rows per message when the table's host sends rows to its webview (column batches). Pure: no `vscode`. */
export const ROW_BATCH = 5000;
