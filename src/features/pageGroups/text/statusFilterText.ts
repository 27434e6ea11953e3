/** The words of the Page Groups view's status filter. No `vscode` import. */
import * as l10n from '@vscode/l10n';
import type { GroupKey } from '../model/pageGroupsModel';
import { groupLabel } from './groupPresentation';

/** A status filter in force on one gateway. */
export interface StatusFilter {
  readonly gatewayName: string;
  readonly key: GroupKey;
}

/**
 * The view's description: "status: draft", each filter named by its gateway when several gateways are configured
 * ("staging status: draft · prod status: live"); undefined when no filter is in force. The status reads as its row's
 * label does ("(no status)", "(empty status "")", control and bidi characters made visible).
 */
export function statusFilterDescription(filters: readonly StatusFilter[], several: boolean): string | undefined {
  const parts = filters.map(({ gatewayName, key }) => {
    const status = l10n.t('status: {0}', groupLabel(key));
    return several ? l10n.t({ message: '{0} {1}', args: [gatewayName, status], comment: 'a gateway name, then its filter: "staging status: draft"' }) : status;
  });
  return parts.length === 0 ? undefined : parts.join(' · ');
}
