// The Page Groups table's webview as an e2e test reaches it: its document is two iframes deep in the workbench (the
// editor's webview frame, then the frame it loads the page into).
import type { FrameLocator, Page } from 'playwright-core';

/** The table's document: the webview's outer iframe, then its active frame (the only webview open). */
export function tableFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
}

/** The labels of the grid's column headers, in the order shown. */
export async function headerLabels(table: FrameLocator): Promise<string[]> {
  return (await table.locator('[role="grid"] [role="columnheader"] .label').allTextContents()).map((text) => text.trim());
}
