/** The words for how an item breaks the contract (the facts `src/api` reports as `ItemProblem`). Pure. */
import * as l10n from '@vscode/l10n';
import type { ItemProblem } from '../api/model';
import { listText } from '../l10n/lists';
import { withoutPassword } from './urlText';

/** A server value in a sentence: JSON-quoted, cut after 80 characters. */
function quoted(value: string): string {
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…"` : text;
}

/** `array|null` → "array or null" in the editor's language. */
function typeNames(expected: string): string {
  const names = expected.split('|');
  return names.length > 1 ? listText(names, 'disjunction') : expected;
}

/** One problem, e.g. `pagesCount: expected number, got string`. */
export function itemProblemText(problem: ItemProblem): string {
  switch (problem.kind) {
    case 'notObject':
      return l10n.t('expected an object, got {0}', problem.got);
    case 'wrongType':
      return problem.got === 'missing'
        ? l10n.t('{0}: missing (required by the contract)', problem.field)
        : l10n.t({
            message: '{0}: expected {1}, got {2}',
            args: [problem.field, typeNames(problem.expected), problem.got],
            comment: '{0} is a field, {1} and {2} JSON types: "limit: expected number, got string"',
          });
    case 'unknownEvent':
      return l10n.t('events: unknown kind {0}', quoted(problem.event));
    case 'badEvent':
      return l10n.t('events[{0}]: expected an event kind (a string), got {1}', problem.index, problem.got);
    case 'notHttpUrl':
      // A URL of another scheme may carry a password too: never shown (`user:***@`).
      return l10n.t('{0}: {1} is not an absolute http(s) URL', problem.field, quoted(withoutPassword(problem.value)));
    case 'notUtcTimestamp':
      return l10n.t("{0}: {1} does not match the contract's UTC pattern {2}", problem.field, quoted(problem.value), 'YYYY-MM-DDTHH:MM[:SS[.fraction]]Z');
    case 'other':
      return l10n.t('{0}: not as the contract describes ({1})', problem.field, problem.code);
  }
}
