// The "Get Started with Page Gateway Explorer" walkthrough as the workbench draws it: opened from the palette, its
// steps by id, and which of them show as done.
import type { Locator } from 'playwright-core';
import type { WorkbenchFixture } from './fixture';

export const WALKTHROUGH = 'Get Started with Page Gateway Explorer';
export const WALKTHROUGH_STEPS = ['setGatewayUrl', 'setApiKey', 'browseByStatus', 'search', 'copyId'] as const;

export function walkthroughPage(fx: WorkbenchFixture): Locator {
  return fx.page.locator('.gettingStartedContainer');
}

export function walkthroughStep(fx: WorkbenchFixture, id: string): Locator {
  return walkthroughPage(fx).locator(`button.getting-started-step[data-step-id$="${id}"]`);
}

export async function openWalkthrough(fx: WorkbenchFixture): Promise<void> {
  await fx.runCommand('Welcome: Open Walkthrough...');
  await fx.quickInput.pick(WALKTHROUGH);
  await walkthroughStep(fx, WALKTHROUGH_STEPS[0]).waitFor({ state: 'visible', timeout: 30_000 });
}

/** For each step in order, whether it shows as done. */
export async function stepsDone(fx: WorkbenchFixture): Promise<boolean[]> {
  return Promise.all(WALKTHROUGH_STEPS.map(async (id) => (await walkthroughStep(fx, id).getAttribute('aria-checked')) === 'true'));
}
