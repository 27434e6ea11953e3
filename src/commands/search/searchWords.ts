/** The words of Search over a kind's list: its own (`ResourceWords.search`), or words that name it by its heading. No `vscode` import. */
import type { ResourceKind, SearchWords } from '../../model/resource';
import { listSearchCouldNotScan, listSearchMatching, listSearchNoneMatch, listSearchPlaceholder, listSearchTitle } from '../../text/searchText';

export function searchWordsOf(kind: ResourceKind<unknown>): SearchWords {
  const own = kind.words.search;
  if (own !== undefined) {
    return own;
  }
  const heading = (): string => kind.words.heading();
  return {
    title: (progress) => listSearchTitle(heading(), progress),
    placeholder: listSearchPlaceholder,
    matching: (query) => listSearchMatching(heading(), query),
    noneMatch: listSearchNoneMatch,
    couldNotScan: listSearchCouldNotScan,
  };
}
