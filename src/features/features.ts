/**
 * The features of the explorer, in the order their views and pickers show them. The only file that names every
 * feature: a new list endpoint is a folder under src/features/ plus one entry here (and its view in package.json).
 */
import type { ActiveFeature, FeatureServices } from './feature';
import { PAGE_GROUPS_FEATURE, type PageGroupsTestApi } from './pageGroups/pageGroupsFeature';
import { WEBHOOKS_FEATURE, type WebhooksTestApi } from './webhooks/webhooksFeature';

/** What the extension-host tests reach of every feature. */
export type FeaturesTestApi = PageGroupsTestApi & WebhooksTestApi;

export interface ActiveFeatures {
  readonly features: readonly ActiveFeature[];
  readonly testApi: FeaturesTestApi;
}

export function activateFeatures(services: FeatureServices): ActiveFeatures {
  const pageGroups = PAGE_GROUPS_FEATURE.activate(services);
  const webhooks = WEBHOOKS_FEATURE.activate(services);
  return { features: [pageGroups, webhooks], testApi: { ...pageGroups.testApi, ...webhooks.testApi } };
}
