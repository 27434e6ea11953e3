/**
 * The words of a list for the errors about it. Each kind has its own (`ResourceKind.words`), and whoever shows an error
 * about a list passes its words to the error texts (errorText.ts), so those never choose between resources themselves;
 * `ANY_LIST_WORDS` name no resource ("items"), for an error whose list is not known. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { formatNumber } from '../l10n/numbers';

/** The messages about loading one list, each a whole message so that a language can build it its own way. */
export interface ListWords {
  /** "Couldn't load page groups — retry", or with `more`: "Couldn't load more page groups — retry". */
  couldNotLoad(more: boolean): string;
  /** "The gateway's list of page groups does not match the API contract ({0}). {1}" with the problems and a hint. */
  breaksContract(problems: string, hint: string): string;
  /** "The gateway sent 30 page groups in one page, more than the 20 asked for, so the page was not used. {hint}" */
  tooManyInPage(count: number, limit: number, hint: string): string;
}

/** Words for a list that is not known (e.g. in the log, where any request may have failed). */
export const ANY_LIST_WORDS: ListWords = {
  couldNotLoad: (more) => (more ? l10n.t("Couldn't load more items — retry") : l10n.t("Couldn't load the items — retry")),
  breaksContract: (problems, hint) => l10n.t("The gateway's list does not match the API contract ({0}). {1}", problems, hint),
  tooManyInPage: (count, limit, hint) =>
    l10n.t('The gateway sent {0} items in one page, more than the {1} asked for, so the page was not used. {2}', formatNumber(count), formatNumber(limit), hint),
};
