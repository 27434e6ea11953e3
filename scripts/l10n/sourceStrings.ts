// The source half of the l10n check (scripts/checkL10n.ts): finds string and template literals in a TypeScript file
// that look like words and can reach the user without passing through `l10n.t(...)`, plus misuses of `l10n.t` that
// `@vscode/l10n-dev export` or the runtime cannot handle. Pure: it reads only the text it is given.
//
// A literal "looks like words" when it holds a letter and a space (after `$(codicon)` names and `${…}` holes are
// taken out), or when it is a single word that is shown: a capitalised word (`'Name'`, `'Answer'`) anywhere, a lower
// case one (`'deleted'`) where it is used as a label, description, tooltip, title, placeholder, prompt, detail,
// message or text, passed to `show…Message` / `setStatusBarMessage` / `new TreeItem` / `new MarkdownString`, or
// returned from a function declared to return `string`.
//
// Allowed without l10n: anything inside `l10n.t(…)`; import paths and `require`; property names and literal types;
// operands of `===`/`!==` and `case` labels (they are compared, never shown); log lines (`logger.info/warn/error/…`,
// `console.*`: English, for bug reports); any line with `// l10n-ignore: <reason>` at its end or on the line
// above; and a whole file that says `// l10n-ignore-file: <reason>` (for technical text that never reaches the user,
// such as the log messages of src/api/errors.ts). A reason is required.
import * as ts from 'typescript';

export type SourceRule =
  | 'words' // a literal that looks like words reaches the user without l10n
  | 'vscodeL10n' // vscode.l10n.t instead of the one style (`import * as l10n from '@vscode/l10n'`)
  | 'notLiteral' // the message of l10n.t is not a literal: the exporter cannot see it
  | 'topLevel' // l10n.t runs when the module loads, before activation configures the bundle
  | 'placeholders' // {n} placeholders and arguments disagree
  | 'ignoreReason'; // `// l10n-ignore` without a reason

export interface SourceProblem {
  readonly file: string;
  /** 1-based. */
  readonly line: number;
  readonly column: number;
  readonly rule: SourceRule;
  readonly text: string;
  readonly message: string;
}

/** Properties whose string value is shown to the user. */
const SHOWN_PROPERTIES: ReadonlySet<string> = new Set([
  'label',
  'description',
  'tooltip',
  'title',
  'placeholder',
  'placeHolder',
  'prompt',
  'detail',
  'message',
  'text',
  'validationMessage',
]);

/** Calls and constructors whose string arguments are shown to the user. */
const SHOWN_CALLS: ReadonlySet<string> = new Set([
  'showInformationMessage',
  'showWarningMessage',
  'showErrorMessage',
  'setStatusBarMessage',
  'TreeItem',
  'MarkdownString',
  'appendMarkdown',
  'appendText',
]);

const LOG_METHODS: ReadonlySet<string> = new Set(['trace', 'debug', 'info', 'warn', 'error', 'log', 'exchange']);

const IGNORE = /\/\/\s*l10n-ignore(?!-file)\b(?::?\s*(.*))?$/;
const IGNORE_FILE = /^\s*\/\/\s*l10n-ignore-file\b(?::?\s*(.*))?$/m;

/** The literal's text with `$(codicon)` names and template holes removed. */
function wordsOf(text: string): string {
  return text.replace(/\$\([a-z0-9~-]+\)/gi, ' ');
}

/** A letter and a space: a phrase. */
export function looksLikePhrase(text: string): boolean {
  const t = wordsOf(text);
  return /\p{L}/u.test(t) && /\s/.test(t);
}

/** `Name`, `Answer:`, `Pages…`: one capitalised word (not an acronym, not an identifier with humps). */
function isCapitalisedWord(text: string): boolean {
  return /^\p{Lu}\p{Ll}+[.…:!?]?$/u.test(wordsOf(text).trim());
}

/** `deleted`, `ready`, `(none)`: one lower case word, possibly in parentheses or with closing punctuation. */
function isLowerWord(text: string): boolean {
  return /^\(?\p{Ll}{2,}\)?[.…:!?]?$/u.test(wordsOf(text).trim());
}

function literalText(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): string {
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => `\uE000${span.literal.text}`).join('');
  }
  return node.text;
}

function displayed(text: string): string {
  const shown = text.replace(/\uE000/g, '${…}').replace(/\n/g, '\\n');
  return shown.length > 80 ? `${shown.slice(0, 79)}…` : shown;
}

function calleeName(expression: ts.LeftHandSideExpression): string | undefined {
  if (ts.isIdentifier(expression)) {
    return expression.text;
  }
  if (ts.isPropertyAccessExpression(expression)) {
    return expression.name.text;
  }
  return undefined;
}

/** `l10n.t` (or `vscode.l10n.t`). */
function isL10nT(expression: ts.Expression): boolean {
  return (
    ts.isPropertyAccessExpression(expression) &&
    expression.name.text === 't' &&
    ((ts.isIdentifier(expression.expression) && expression.expression.text === 'l10n') ||
      (ts.isPropertyAccessExpression(expression.expression) && expression.expression.name.text === 'l10n'))
  );
}

function isVscodeL10nT(expression: ts.Expression): boolean {
  return isL10nT(expression) && ts.isPropertyAccessExpression(expression) && ts.isPropertyAccessExpression(expression.expression);
}

function isLogCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || !LOG_METHODS.has(callee.name.text)) {
    return false;
  }
  const target = callee.expression.getText();
  return /logger$/i.test(target) || target === 'console';
}

/** Climbs from a literal through the expressions that only pass its value on (ternaries, `+`, `??`, parentheses). */
function useSite(node: ts.Node): ts.Node {
  let current = node;
  for (;;) {
    const parent = current.parent;
    if (
      ts.isParenthesizedExpression(parent) ||
      ts.isAsExpression(parent) ||
      ts.isNonNullExpression(parent) ||
      (ts.isConditionalExpression(parent) && parent.condition !== current) ||
      (ts.isBinaryExpression(parent) &&
        [ts.SyntaxKind.PlusToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(parent.operatorToken.kind)) ||
      ts.isTemplateSpan(parent) ||
      ts.isTemplateExpression(parent)
    ) {
      current = parent;
      continue;
    }
    return current;
  }
}

function enclosingFunction(node: ts.Node): ts.SignatureDeclaration | undefined {
  for (let current = node.parent; current !== undefined; current = current.parent) {
    if (ts.isFunctionLike(current)) {
      return current;
    }
  }
  return undefined;
}

function returnsString(fn: ts.SignatureDeclaration | undefined): boolean {
  const type = fn?.type;
  if (type === undefined) {
    return false;
  }
  const kinds = ts.isUnionTypeNode(type) ? type.types.map((t) => t.kind) : [type.kind];
  return kinds.includes(ts.SyntaxKind.StringKeyword);
}

/** A template that puts words together with spaces: `${n} ${n === 1 ? 'event' : 'events'}`. */
function insideSpacedTemplate(node: ts.Node): boolean {
  for (let current = node.parent; current !== undefined; current = current.parent) {
    if (ts.isTemplateExpression(current)) {
      return /\s/.test(literalText(current).replace(/\uE000/g, ''));
    }
    if (!(ts.isParenthesizedExpression(current) || ts.isConditionalExpression(current) || ts.isBinaryExpression(current) || ts.isTemplateSpan(current))) {
      return false;
    }
  }
  return false;
}

/** Where a single lower case word is certainly shown. */
function isShownSite(site: ts.Node, literal: ts.Node): boolean {
  if (insideSpacedTemplate(literal)) {
    return true;
  }
  const parent = site.parent;
  if (ts.isPropertyAssignment(parent) && parent.initializer === site) {
    const name = parent.name;
    return (ts.isIdentifier(name) || ts.isStringLiteral(name)) && SHOWN_PROPERTIES.has(name.text);
  }
  if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && parent.right === site) {
    return ts.isPropertyAccessExpression(parent.left) && SHOWN_PROPERTIES.has(parent.left.name.text);
  }
  if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.arguments?.includes(site as ts.Expression)) {
    const name = calleeName(parent.expression);
    return name !== undefined && SHOWN_CALLS.has(name);
  }
  if (ts.isReturnStatement(parent)) {
    return returnsString(enclosingFunction(parent));
  }
  if (ts.isArrowFunction(parent) && parent.body === site) {
    return returnsString(parent);
  }
  return false;
}

/** Places where a literal is data, never shown. */
function isExempt(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isExternalModuleReference(parent) || ts.isImportTypeNode(parent)) {
    return true;
  }
  if (ts.isLiteralTypeNode(parent)) {
    return true;
  }
  if ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isPropertySignature(parent) || ts.isEnumMember(parent)) && parent.name === node) {
    return true;
  }
  if (ts.isElementAccessExpression(parent) && parent.argumentExpression === node) {
    return true;
  }
  if (ts.isCaseClause(parent) && parent.expression === node) {
    return true;
  }
  if (
    ts.isBinaryExpression(parent) &&
    [ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken, ts.SyntaxKind.EqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsToken].includes(
      parent.operatorToken.kind,
    )
  ) {
    return true;
  }
  if (ts.isCallExpression(parent) && ts.isIdentifier(parent.expression) && parent.expression.text === 'require') {
    return true;
  }
  return false;
}

/** Inside the arguments of `l10n.t(…)`, or of a log call. */
function insideAllowedCall(node: ts.Node): boolean {
  for (let current: ts.Node | undefined = node.parent; current !== undefined; current = current.parent) {
    if (ts.isCallExpression(current) && (isL10nT(current.expression) || isLogCall(current))) {
      return true;
    }
    if (ts.isTaggedTemplateExpression(current) && isL10nT(current.tag)) {
      return true;
    }
    if (ts.isFunctionLike(current) || ts.isSourceFile(current) || ts.isBlock(current)) {
      return false;
    }
  }
  return false;
}

/** Lines (0-based) that an `// l10n-ignore: <reason>` comment covers, and comments without a reason. */
function ignoredLines(text: string): { lines: Set<number>; missingReason: number[] } {
  const lines = new Set<number>();
  const missingReason: number[] = [];
  text.split('\n').forEach((line, index) => {
    const match = IGNORE.exec(line);
    if (!match) {
      return;
    }
    if ((match[1] ?? '').trim() === '') {
      missingReason.push(index);
      return;
    }
    const codeBefore = line.slice(0, match.index).trim() !== '';
    lines.add(codeBefore ? index : index + 1);
  });
  return { lines, missingReason };
}

function placeholderIndices(message: string): number[] {
  return [...message.matchAll(/\{(\d+)\}/g)].map((m) => Number(m[1]));
}

function messageLiteral(node: ts.Expression | undefined): ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | undefined {
  return node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node : undefined;
}

/** Problems of one `l10n.t(...)` call. */
function checkL10nCall(call: ts.CallExpression, report: (node: ts.Node, rule: SourceRule, text: string, message: string) => void): void {
  if (isVscodeL10nT(call.expression)) {
    report(call, 'vscodeL10n', call.getText(), "use `import * as l10n from '@vscode/l10n'` and `l10n.t` (one style; configured from vscode.l10n.bundle)");
  }
  const [first, ...rest] = call.arguments;
  let message: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | undefined;
  let args: readonly ts.Expression[] | undefined = rest;
  if (first !== undefined && ts.isObjectLiteralExpression(first)) {
    const property = (name: string): ts.Expression | undefined => {
      const found = first.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name);
      return found?.initializer;
    };
    message = messageLiteral(property('message'));
    const argsNode = property('args');
    args = argsNode === undefined ? [] : ts.isArrayLiteralExpression(argsNode) ? argsNode.elements : undefined;
    const comment = property('comment');
    if (comment !== undefined && !messageLiteral(comment) && !(ts.isArrayLiteralExpression(comment) && comment.elements.every((e) => messageLiteral(e) !== undefined))) {
      report(comment, 'notLiteral', comment.getText(), 'the comment of l10n.t must be literal text (it is part of the bundle key)');
    }
  } else {
    message = messageLiteral(first);
    if (rest.length === 1 && rest[0] !== undefined && ts.isObjectLiteralExpression(rest[0])) {
      args = undefined; // named placeholders
    }
  }
  if (message === undefined) {
    report(first ?? call, 'notLiteral', (first ?? call).getText(), 'the message of l10n.t must be one string literal, so that `@vscode/l10n-dev export` finds it');
    return;
  }
  if (args !== undefined && !args.some((a) => ts.isSpreadElement(a))) {
    const used = placeholderIndices(message.text);
    const highest = used.length === 0 ? -1 : Math.max(...used);
    if (highest >= args.length) {
      report(message, 'placeholders', message.text, `{${highest}} has no argument (${args.length} given)`);
    } else {
      for (let index = 0; index < args.length; index += 1) {
        if (!used.includes(index)) {
          report(message, 'placeholders', message.text, `argument ${index} is not used: the message has no {${index}}`);
        }
      }
    }
  }
  if (enclosingFunction(call) === undefined && !insideClassMember(call)) {
    report(call, 'topLevel', message.text, 'l10n.t runs when the module loads, before activation loads the bundle: call it inside a function');
  }
}

function insideClassMember(node: ts.Node): boolean {
  for (let current = node.parent; current !== undefined; current = current.parent) {
    if (ts.isPropertyDeclaration(current)) {
      return !current.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
    }
  }
  return false;
}

/** Every problem of one file. `file` is only used in the results. */
export function checkSource(file: string, text: string): SourceProblem[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const { lines: ignored, missingReason } = ignoredLines(text);
  const fileIgnore = IGNORE_FILE.exec(text);
  if (fileIgnore && (fileIgnore[1] ?? '').trim() !== '') {
    ignored.add(-1);
  } else if (fileIgnore) {
    missingReason.push(text.slice(0, fileIgnore.index).split('\n').length - 1);
  }
  const problems: SourceProblem[] = [];
  const report = (node: ts.Node, rule: SourceRule, shown: string, message: string): void => {
    const at = source.getLineAndCharacterOfPosition(node.getStart(source));
    if (rule === 'words' && (ignored.has(at.line) || ignored.has(-1))) {
      return;
    }
    problems.push({ file, line: at.line + 1, column: at.character + 1, rule, text: displayed(shown), message });
  };
  for (const line of missingReason) {
    problems.push({ file, line: line + 1, column: 1, rule: 'ignoreReason', text: text.split('\n')[line]?.trim() ?? '', message: 'say why: // l10n-ignore: <reason>' });
  }
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isL10nT(node.expression)) {
      checkL10nCall(node, report);
    }
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      checkLiteral(node, report);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

function checkLiteral(
  node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression,
  report: (node: ts.Node, rule: SourceRule, text: string, message: string) => void,
): void {
  if (ts.isTaggedTemplateExpression(node.parent) || isExempt(node) || insideAllowedCall(node)) {
    return;
  }
  const text = literalText(node);
  if (looksLikePhrase(text.replace(/\uE000/g, ''))) {
    report(node, 'words', text, 'looks like words shown to the user: wrap it in l10n.t(…), or say why not with // l10n-ignore: <reason>');
    return;
  }
  if (ts.isTemplateExpression(node)) {
    return;
  }
  if (isCapitalisedWord(text) || (isLowerWord(text) && isShownSite(useSite(node), node))) {
    report(node, 'words', text, 'a word shown to the user: wrap it in l10n.t(…), or say why not with // l10n-ignore: <reason>');
  }
}
