/** Why a group of page groups offers no Load All. Pure. */
import * as l10n from '@vscode/l10n';
import type { GroupKey } from '../model/pageGroupsModel';
import { groupLabel } from './groupPresentation';

/** "(no status)" and "(empty status)" come from the list of all page groups, which no request filters for them. */
export function derivedGroupLoadAllText(key: GroupKey): string {
  return l10n.t('“{0}” is filled from the list of all page groups, which the gateway cannot filter for it. Use “Search…” to scan them all.', groupLabel(key));
}
