/**
 * Ranks distinct texts in a collator's order, exactly as sorting them with `collator.compare` would, but without asking
 * the collator about most pairs. Pure: no `vscode`.
 *
 * Why: over 100,000 titles such as "Checkout Flow 12345" most of the collator's time goes to pairs that share a long
 * prefix and differ in a number (its numeric slow path). With a numeric, base-sensitivity collator (what the table uses)
 * such a pair's order is the order of the numbers, so they are compared here in JavaScript.
 *
 * The rule (for a numeric collator comparing at the base level, i.e. primary weights only): a text that is an ASCII
 * prefix P without digits followed by at most one trailing run of 1 to 15 ASCII digits D is "simple". Its group is P
 * followed by "0" when it has a D, P alone otherwise. For two simple texts whose groups the collator does not find
 * equal, the texts compare as their groups (a digit run is one numeric weight among the digits: where P1 is a prefix
 * of P2, what follows P1 — a digit or the end — meets a non-digit of P2 the same way whatever D1's value). When the
 * groups are equal, the texts compare as their numbers; equal numbers written differently (leading zeros) go to the
 * collator. Any other pair goes to the collator. Only the few distinct groups are sorted by the collator.
 */

/** The longest digit run read as a number (exact below 2^53). */
const MAX_DIGITS = 15;

/**
 * Where a simple text's trailing digit run starts (its length when it has none), or -1 when the text is not simple
 * (a non-ASCII character, a digit before the trailing run, or a run longer than MAX_DIGITS).
 */
function digitsStart(text: string): number {
  let start = text.length;
  while (start > 0 && isDigit(text.charCodeAt(start - 1))) {
    start -= 1;
  }
  if (text.length - start > MAX_DIGITS) {
    return -1;
  }
  for (let i = 0; i < start; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f || isDigit(code)) {
      return -1;
    }
  }
  return start;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/**
 * The rank of each text in `texts` (repeats allowed) in `collator` order: the position of the first text the
 * collator finds equal, so texts the collator finds equal share a rank and ranks ascend in collator order.
 */
export function collatedRanks(texts: readonly string[], collator: Intl.Collator): Int32Array {
  const count = texts.length;
  const options = collator.resolvedOptions();
  const fast = options.numeric === true && options.sensitivity === 'base';
  // Per text: its group's rank (-1: not simple) and its number (-1: no digit run).
  const groupRank = new Int32Array(count).fill(-1);
  const number = new Float64Array(count).fill(-1);
  if (fast) {
    const groupIds = new Map<string, number>();
    const groups: string[] = [];
    const groupOf = new Int32Array(count).fill(-1);
    for (let i = 0; i < count; i++) {
      const text = texts[i] as string;
      const start = digitsStart(text);
      if (start < 0) {
        continue;
      }
      const digits = start < text.length;
      const group = digits ? `${text.slice(0, start)}0` : text;
      let id = groupIds.get(group);
      if (id === undefined) {
        id = groups.length;
        groupIds.set(group, id);
        groups.push(group);
      }
      groupOf[i] = id;
      number[i] = digits ? Number(text.slice(start)) : -1;
    }
    const rankOfGroup = rankBy(groups.length, (a, b) => collator.compare(groups[a] as string, groups[b] as string));
    for (let i = 0; i < count; i++) {
      const id = groupOf[i] as number;
      if (id >= 0) {
        groupRank[i] = rankOfGroup[id] as number;
      }
    }
  }
  const compare = (a: number, b: number): number => {
    const groupA = groupRank[a] as number;
    const groupB = groupRank[b] as number;
    if (groupA >= 0 && groupB >= 0) {
      if (groupA !== groupB) {
        return groupA - groupB;
      }
      const numberA = number[a] as number;
      const numberB = number[b] as number;
      if (numberA !== numberB) {
        return numberA - numberB;
      }
    }
    const textA = texts[a] as string;
    const textB = texts[b] as string;
    return textA === textB ? 0 : collator.compare(textA, textB);
  };
  return rankBy(count, compare);
}

/** Ranks 0..count-1 sorted by `compare`: each the position of the first one `compare` finds equal to it. */
function rankBy(count: number, compare: (a: number, b: number) => number): Int32Array {
  const sorted = Array.from({ length: count }, (_, id) => id).sort(compare);
  const ranks = new Int32Array(count);
  for (let position = 0; position < count; position++) {
    const id = sorted[position] as number;
    const previous = sorted[position - 1];
    ranks[id] = previous !== undefined && compare(previous, id) === 0 ? (ranks[previous] as number) : position;
  }
  return ranks;
}
