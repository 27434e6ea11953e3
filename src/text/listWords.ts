/**
 * The words of each list, by the name the API gives it in its errors (`GatewayResource`): each feature registers its
 * own when it is added, so the error texts never choose between resources themselves. A list nobody registered gets
 * words that name no resource ("items"). No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { formatNumber } from '../l10n/numbers';
import type { GatewayResource } from '../api/errors';

/** The messages about loading one list, each a whole message so that a language can build it its own way. */
export interface ListWords {
  /** "Couldn't load page groups — retry", or with `more`: "Couldn't load more page groups — retry". */
  couldNotLoad(more: boolean): string;
  /** "The gateway's list of page groups does not match the API contract ({0}). {1}" with the problems and a hint. */
  breaksContract(problems: string, hint: string): string;
  /** "The gateway sent 30 page groups in one page, more than the 20 asked for, so the page was not used. {hint}" */
  tooManyInPage(count: number, limit: number, hint: string): string;
}

const registered = new Map<GatewayResource, ListWords>();

/** The words of `resource` from now on (a feature's, when the feature is added). */
export function registerListWords(resource: GatewayResource, words: ListWords): void {
  registered.set(resource, words);
}

export function listWords(resource: GatewayResource): ListWords {
  return registered.get(resource) ?? ANY_LIST;
}

/** Words for a list whose feature did not register any. */
const ANY_LIST: ListWords = {
  couldNotLoad: (more) => (more ? l10n.t("Couldn't load more items — retry") : l10n.t("Couldn't load the items — retry")),
  breaksContract: (problems, hint) => l10n.t("The gateway's list does not match the API contract ({0}). {1}", problems, hint),
  tooManyInPage: (count, limit, hint) =>
    l10n.t('The gateway sent {0} items in one page, more than the {1} asked for, so the page was not used. {2}', formatNumber(count), formatNumber(limit), hint),
};
