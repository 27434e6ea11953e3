// The `when` clauses of a manifest, evaluated the way the editor does for the forms the manifest uses: keys, `!`,
// `&&`, `||`, parentheses, `==`, `!=`, `=~ /regex/flags`, `in`, `not in`, `<`, `<=`, `>`, `>=`, quoted strings,
// numbers, `true` and `false`. The extension-host tests use it to find what a menu or a key shows a user for a row,
// so that they run what the manifest offers, not a command id written into the test.

export type WhenContext = Readonly<Record<string, unknown>>;

type Token = { readonly kind: 'op'; readonly text: string } | { readonly kind: 'word'; readonly text: string } | { readonly kind: 'regex'; readonly source: string; readonly flags: string };

const OPERATORS = ['&&', '||', '==', '!=', '=~', '<=', '>=', '!', '(', ')', '<', '>'];

function tokenize(clause: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < clause.length) {
    const char = clause[at] as string;
    if (/\s/.test(char)) {
      at += 1;
      continue;
    }
    const previous = tokens[tokens.length - 1];
    if (char === '/' && previous?.kind === 'op' && previous.text === '=~') {
      let end = at + 1;
      while (end < clause.length && clause[end] !== '/') {
        end += clause[end] === '\\' ? 2 : 1;
      }
      let flagsEnd = end + 1;
      while (flagsEnd < clause.length && /[a-z]/.test(clause[flagsEnd] as string)) {
        flagsEnd += 1;
      }
      tokens.push({ kind: 'regex', source: clause.slice(at + 1, end), flags: clause.slice(end + 1, flagsEnd) });
      at = flagsEnd;
      continue;
    }
    const operator = OPERATORS.find((op) => clause.startsWith(op, at));
    if (operator !== undefined) {
      tokens.push({ kind: 'op', text: operator });
      at += operator.length;
      continue;
    }
    if (char === "'" || char === '"') {
      const end = clause.indexOf(char, at + 1);
      tokens.push({ kind: 'word', text: clause.slice(at + 1, end < 0 ? clause.length : end) });
      at = end < 0 ? clause.length : end + 1;
      continue;
    }
    let end = at;
    while (end < clause.length && !/\s/.test(clause[end] as string) && !OPERATORS.some((op) => clause.startsWith(op, end))) {
      end += 1;
    }
    tokens.push({ kind: 'word', text: clause.slice(at, end) });
    at = end;
  }
  return tokens;
}

function literal(text: string): unknown {
  if (text === 'true') {
    return true;
  }
  if (text === 'false') {
    return false;
  }
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

class Parser {
  private at = 0;

  public constructor(
    private readonly tokens: readonly Token[],
    private readonly context: WhenContext,
  ) {}

  public parse(): boolean {
    const value = this.or();
    if (this.at !== this.tokens.length) {
      throw new Error(`unexpected ${JSON.stringify(this.tokens[this.at])} in a when clause`);
    }
    return value;
  }

  private peek(text: string): boolean {
    const token = this.tokens[this.at];
    return token !== undefined && token.kind !== 'regex' && token.text === text;
  }

  private or(): boolean {
    let value = this.and();
    while (this.peek('||')) {
      this.at += 1;
      const right = this.and();
      value = value || right;
    }
    return value;
  }

  private and(): boolean {
    let value = this.unary();
    while (this.peek('&&')) {
      this.at += 1;
      const right = this.unary();
      value = value && right;
    }
    return value;
  }

  private unary(): boolean {
    if (this.peek('!')) {
      this.at += 1;
      return !this.unary();
    }
    if (this.peek('(')) {
      this.at += 1;
      const value = this.or();
      if (!this.peek(')')) {
        throw new Error('a when clause misses a ")"');
      }
      this.at += 1;
      return value;
    }
    return this.comparison();
  }

  private comparison(): boolean {
    const key = this.tokens[this.at++];
    if (key === undefined || key.kind !== 'word') {
      throw new Error(`a when clause has ${JSON.stringify(key)} where a key should be`);
    }
    if (key.text === 'true' || key.text === 'false') {
      return key.text === 'true';
    }
    const value = this.context[key.text];
    const next = this.tokens[this.at];
    if (next?.kind === 'word' && (next.text === 'in' || (next.text === 'not' && this.tokens[this.at + 1]?.kind === 'word'))) {
      const negated = next.text === 'not';
      this.at += negated ? 2 : 1;
      const listKey = this.tokens[this.at++];
      const list = listKey?.kind === 'word' ? this.context[listKey.text] : undefined;
      const found = Array.isArray(list) ? list.includes(value) : typeof list === 'object' && list !== null ? Object.hasOwn(list, String(value)) : false;
      return negated ? !found : found;
    }
    if (next?.kind !== 'op' || !['==', '!=', '=~', '<', '<=', '>', '>='].includes(next.text)) {
      return Boolean(value);
    }
    this.at += 1;
    const right = this.tokens[this.at++];
    if (next.text === '=~') {
      if (right?.kind !== 'regex') {
        throw new Error('=~ needs a /regex/');
      }
      return typeof value === 'string' && new RegExp(right.source, right.flags).test(value);
    }
    if (right === undefined || right.kind === 'regex' || right.kind === 'op') {
      throw new Error(`${next.text} needs a value`);
    }
    const expected = literal(right.text);
    switch (next.text) {
      case '==':
        return value === expected || String(value) === String(expected);
      case '!=':
        return !(value === expected || String(value) === String(expected));
      case '<':
        return Number(value) < Number(expected);
      case '<=':
        return Number(value) <= Number(expected);
      case '>':
        return Number(value) > Number(expected);
      default:
        return Number(value) >= Number(expected);
    }
  }
}

/** Whether `clause` holds in `context` (no clause: always). Throws on a clause this evaluator does not read. */
export function whenHolds(clause: string | undefined, context: WhenContext): boolean {
  return clause === undefined || clause.trim() === '' ? true : new Parser(tokenize(clause), context).parse();
}
