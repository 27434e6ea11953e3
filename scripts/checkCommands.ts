// CI check (run by .ci/run before the tests, counted as one test in its summary): the manifest and the code agree.
//   - every command contributed in package.json is registered, in src/commands/registerCommands.ts (the generic
//     commands) or in a feature's `commands` record (src/features/<name>/<name>Feature.ts), and every command
//     registered there is contributed (no palette entry that does nothing, no command nobody can find);
//   - every `pageGateway.*` command a menu, keybinding, welcome view or walkthrough refers to is contributed (or is one
//     the workbench makes for a contributed view, such as `<view>.focus`);
//   - every context key a `when` clause of package.json uses is set somewhere in src/ (a literal
//     `setContext('<key>', …)` of src/ui/contextKey.ts, or `executeCommand('setContext', '<key>', …)`), or is one of
//     the editor's own keys;
//   - the generic list commands (GENERIC_LIST_COMMANDS) ask for what a row can do and for any list view: no menu entry
//     or keybinding of theirs names a resource's rows in `viewItem` or a single view in `view ==` / `focusedView ==`,
//     so a new resource gets their menus without a `when` edit.
// Usage: node out/scripts/checkCommands.js [repository root]   (exit code 1 and one line per problem when they disagree)
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Context keys the editor sets itself (and `config.*`), allowed in `when` clauses without a `setContext` of ours. */
export const BUILT_IN_KEYS: ReadonlySet<string> = new Set([
  'true',
  'false',
  'view',
  'viewItem',
  'focusedView',
  'activeViewlet',
  'resourceScheme',
  'resourceFilename',
  'resourceExtname',
  'resourceLangId',
  'resourcePath',
  'editorLangId',
  'editorHasSelection',
  'editorTextFocus',
  'editorFocus',
  'listFocus',
  'listMultiSelection',
  'treeElementCanExpand',
  'treeElementHasChild',
  'isWeb',
  'isMac',
  'isLinux',
  'isWindows',
  'isWorkspaceTrusted',
  'workspaceFolderCount',
  'workbenchState',
]);

const COMPARISONS = new Set(['==', '!=', '===', '!==', '<', '>', '<=', '>=', '=~']);

/**
 * The context keys a `when` clause reads: the left side of every comparison, every bare key, and the right side of
 * `in` / `not in`. Values compared against (`view == pageGateway.pageGroups`), quoted strings and regular expressions
 * are not keys.
 */
export function whenClauseKeys(expression: string): string[] {
  const tokens: string[] = [];
  const pattern = /\s*(&&|\|\||===|!==|==|!=|<=|>=|=~|[!()<>]|'[^']*'|"[^"]*"|[^\s()!=<>&|]+)/y;
  let index = 0;
  while (index < expression.length) {
    pattern.lastIndex = index;
    const match = pattern.exec(expression);
    if (!match) {
      break;
    }
    index = pattern.lastIndex;
    const token = match[1] as string;
    tokens.push(token);
    if (token === '=~') {
      // The regular expression literal: /…/flags (a "/" inside it is escaped).
      const rest = expression.slice(index).match(/^\s*\/(?:\\.|[^/\\])*\/[a-z]*/);
      if (rest) {
        tokens.push('<regexp>');
        index += rest[0].length;
      }
    }
  }
  const keys: string[] = [];
  tokens.forEach((token, at) => {
    const before = at > 0 ? tokens[at - 1] : undefined;
    if (/^[&|!()<>=~]/.test(token) || token === '<regexp>' || /^['"]/.test(token) || token === 'in' || token === 'not') {
      return;
    }
    if (before !== undefined && COMPARISONS.has(before)) {
      return;
    }
    if (/^-?\d+(\.\d+)?$/.test(token)) {
      return;
    }
    // Also the right side of `a in b` / `a not in b`: b names a key.
    keys.push(token);
  });
  return [...new Set(keys)];
}

/** Command ids registered by `registerCommands` (the keys of its `commands` record). */
export function registeredCommands(registerCommandsSource: string): string[] {
  return [...registerCommandsSource.matchAll(/^\s*'(pageGateway\.[\w.]+)'\s*:/gm)].map((match) => match[1] as string);
}

/** Context keys set with a literal key: `setContext('<key>', …)` (src/ui/contextKey.ts) or `executeCommand('setContext', '<key>', …)`. */
export function contextKeysSet(sources: readonly string[]): Set<string> {
  const keys = new Set<string>();
  for (const text of sources) {
    for (const match of text.matchAll(/(?:['"]setContext['"]\s*,|\bsetContext\()\s*['"]([^'"]+)['"]/g)) {
      keys.add(match[1] as string);
    }
  }
  return keys;
}

/** Sources that register a `pageGateway.*` command outside registerCommands.ts (file names). */
export function strayRegistrations(sources: ReadonlyArray<{ readonly file: string; readonly text: string }>): string[] {
  return sources.filter((source) => /registerCommand\(\s*['"]pageGateway\./.test(source.text)).map((source) => source.file);
}

/**
 * The commands that act on any list view and its rows: their menu entries ask for a row's capability
 * (`viewItem =~ /\+item\b/`, src/views/rowCapabilities.ts) and for `view in pageGateway.listViews`.
 */
export const GENERIC_LIST_COMMANDS: readonly string[] = [
  'pageGateway.openJson',
  'pageGateway.copyId',
  'pageGateway.copyRowId',
  'pageGateway.copyLink',
  'pageGateway.selectForCompare',
  'pageGateway.compareWithSelected',
  'pageGateway.copyAsCurl',
  'pageGateway.copyViewAsCurl',
  'pageGateway.export',
  'pageGateway.exportView',
  'pageGateway.refresh',
  'pageGateway.refreshView',
  'pageGateway.loadAll',
  'pageGateway.loadMore',
  'pageGateway.search',
  'pageGateway.goToId',
  'pageGateway.showLogs',
];

/** Rows the generic code draws in every list view (src/views): a gateway's row and the message rows. */
export const GENERIC_ROWS: ReadonlySet<string> = new Set(['gateway', 'error', 'auth', 'info', 'warning', 'insecure', 'invalidGateway']);

/** `/\+item\b/` or `/\+(item|json)\b/`: a test of capability tokens only. */
const CAPABILITY_PATTERN = /^\\\+(?:\w+|\([\w|]+\))\\b$/;

/**
 * What a `when` clause of a generic list command names that it should not: rows other than GENERIC_ROWS (`viewItem`
 * compared with a name, or a regular expression that is neither a capability test nor about generic rows), and single
 * views (`view ==`, `view !=`, `view =~`, `focusedView ==`). One phrase per name; empty when it names none.
 */
export function namesInWhen(expression: string): string[] {
  const found: string[] = [];
  for (const match of expression.matchAll(/\b(view|focusedView)\s*(==|!=|=~)\s*(\/(?:\\.|[^/\\])*\/|[^\s)&|]+)/g)) {
    found.push(`the single view ${match[3] as string} (${match[1] as string} ${match[2] as string})`);
  }
  for (const match of expression.matchAll(/\bviewItem\s*(==|!=)\s*([^\s)&|]+)/g)) {
    const name = (match[2] as string).replace(/^pageGateway\./, '').split('.')[0] ?? '';
    if (!GENERIC_ROWS.has(name)) {
      found.push(`the rows ${match[2] as string} (viewItem ${match[1] as string})`);
    }
  }
  for (const match of expression.matchAll(/\bviewItem\s*=~\s*\/((?:\\.|[^/\\])*)\/[a-z]*/g)) {
    const pattern = match[1] as string;
    if (CAPABILITY_PATTERN.test(pattern)) {
      continue;
    }
    const names = [...pattern.matchAll(/pageGateway\\\.(?:\(\?!)?\(?([\w|]+)/g)].flatMap((name) => (name[1] as string).split('|'));
    if (names.length === 0 || names.some((name) => !GENERIC_ROWS.has(name))) {
      found.push(`the rows /${pattern}/ (viewItem =~; ask for a capability such as /\\+item\\b/)`);
    }
  }
  return found;
}

/** Every menu entry and keybinding of a generic list command whose `when` names a resource's rows or a single view. */
export function genericCommandProblems(manifest: Json): string[] {
  const contributes = record(record(manifest).contributes);
  const problems: string[] = [];
  const check = (where: string, entry: Json): void => {
    const command = text(record(entry).command);
    const when = text(record(entry).when);
    if (command === undefined || when === undefined || !GENERIC_LIST_COMMANDS.includes(command)) {
      return;
    }
    for (const name of namesInWhen(when)) {
      problems.push(`${where}: the generic command ${command} names ${name}; use view in pageGateway.listViews and a capability`);
    }
  };
  for (const menu of ['view/title', 'view/item/context']) {
    list(record(contributes.menus)[menu]).forEach((entry, index) => check(`menus.${menu}[${index}]`, entry));
  }
  list(contributes.keybindings).forEach((entry, index) => check(`keybindings[${index}]`, entry));
  return problems;
}

/** GENERIC_LIST_COMMANDS that the manifest does not contribute (the list went stale). */
export function staleGenericCommands(manifest: Json): string[] {
  const contributed = contributedCommands(manifest);
  return GENERIC_LIST_COMMANDS.filter((command) => !contributed.includes(command)).map(
    (command) => `GENERIC_LIST_COMMANDS (scripts/checkCommands.ts) names ${command}, which package.json does not contribute`,
  );
}

type Json = unknown;

function record(value: Json): Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, Json>) : {};
}

function list(value: Json): Json[] {
  return Array.isArray(value) ? value : [];
}

function text(value: Json): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export interface WhenClause {
  /** Where in package.json, e.g. `menus.view/title[3]`. */
  readonly where: string;
  readonly expression: string;
}

export interface CommandReference {
  readonly where: string;
  readonly command: string;
}

/** Every `when` clause of the manifest (menus, keybindings, views, welcome views, walkthrough steps, `onContext:` events, command enablement, language-model tools). */
export function manifestWhenClauses(manifest: Json): WhenClause[] {
  const contributes = record(record(manifest).contributes);
  const clauses: WhenClause[] = [];
  const add = (where: string, expression: Json): void => {
    const value = text(expression);
    if (value !== undefined) {
      clauses.push({ where, expression: value });
    }
  };
  for (const [menu, entries] of Object.entries(record(contributes.menus))) {
    list(entries).forEach((entry, index) => add(`menus.${menu}[${index}]`, record(entry).when));
  }
  list(contributes.keybindings).forEach((entry, index) => add(`keybindings[${index}]`, record(entry).when));
  list(contributes.viewsWelcome).forEach((entry, index) => add(`viewsWelcome[${index}]`, record(entry).when));
  list(contributes.commands).forEach((entry, index) => add(`commands[${index}].enablement`, record(entry).enablement));
  list(contributes.languageModelTools).forEach((entry, index) => add(`languageModelTools[${index}]`, record(entry).when));
  for (const [container, views] of Object.entries(record(contributes.views))) {
    list(views).forEach((entry, index) => add(`views.${container}[${index}]`, record(entry).when));
  }
  list(contributes.walkthroughs).forEach((walkthrough, w) => {
    add(`walkthroughs[${w}]`, record(walkthrough).when);
    list(record(walkthrough).steps).forEach((step, s) => {
      add(`walkthroughs[${w}].steps[${s}]`, record(step).when);
      list(record(step).completionEvents).forEach((event, e) => {
        const value = text(event);
        if (value?.startsWith('onContext:')) {
          add(`walkthroughs[${w}].steps[${s}].completionEvents[${e}]`, value.slice('onContext:'.length));
        }
      });
    });
  });
  return clauses;
}

/** Every place the manifest names a `pageGateway.*` command: menus, keybindings, `command:` links and `onCommand:` events. */
export function manifestCommandReferences(manifest: Json): CommandReference[] {
  const contributes = record(record(manifest).contributes);
  const references: CommandReference[] = [];
  const links = (where: string, value: Json): void => {
    for (const match of (text(value) ?? '').matchAll(/command:(pageGateway\.[\w.]+)/g)) {
      references.push({ where, command: match[1] as string });
    }
  };
  for (const [menu, entries] of Object.entries(record(contributes.menus))) {
    list(entries).forEach((entry, index) => {
      const command = text(record(entry).command);
      if (command !== undefined) {
        references.push({ where: `menus.${menu}[${index}]`, command });
      }
    });
  }
  list(contributes.keybindings).forEach((entry, index) => {
    const command = text(record(entry).command);
    if (command?.startsWith('pageGateway.')) {
      references.push({ where: `keybindings[${index}]`, command });
    }
  });
  list(contributes.viewsWelcome).forEach((entry, index) => links(`viewsWelcome[${index}]`, record(entry).contents));
  list(contributes.walkthroughs).forEach((walkthrough, w) => {
    list(record(walkthrough).steps).forEach((step, s) => {
      const where = `walkthroughs[${w}].steps[${s}]`;
      links(where, record(step).description);
      list(record(step).completionEvents).forEach((event) => {
        const value = text(event);
        if (value?.startsWith('onCommand:')) {
          references.push({ where, command: value.slice('onCommand:'.length) });
        }
      });
    });
  });
  return references;
}

/** Ids of the contributed views: the workbench makes commands of its own for each (`<view>.focus`, …). */
export function contributedViews(manifest: Json): string[] {
  return Object.values(record(record(record(manifest).contributes).views)).flatMap((views) =>
    list(views).flatMap((entry) => {
      const id = text(record(entry).id);
      return id === undefined ? [] : [id];
    }),
  );
}

export function contributedCommands(manifest: Json): string[] {
  return list(record(record(manifest).contributes).commands).flatMap((entry) => {
    const command = text(record(entry).command);
    return command === undefined ? [] : [command];
  });
}

export interface CheckInput {
  readonly manifest: Json;
  /** The text of src/commands/registerCommands.ts. */
  readonly registerCommandsSource: string;
  /** Every other source file under src/. */
  readonly sources: ReadonlyArray<{ readonly file: string; readonly text: string }>;
}

/** What disagrees, one sentence per problem; empty when everything agrees. */
export function findProblems(input: CheckInput): string[] {
  const problems: string[] = [];
  const contributed = contributedCommands(input.manifest);
  const registered = registeredCommands(input.registerCommandsSource);
  for (const command of contributed) {
    if (!registered.includes(command)) {
      problems.push(`${command} is contributed in package.json but not registered in src/commands/registerCommands.ts`);
    }
  }
  for (const command of registered) {
    if (!contributed.includes(command)) {
      problems.push(`${command} is registered in src/commands/registerCommands.ts but not contributed in package.json`);
    }
  }
  for (const file of strayRegistrations(input.sources)) {
    problems.push(`${file} registers a pageGateway command: register it in src/commands/registerCommands.ts`);
  }
  const views = contributedViews(input.manifest);
  for (const reference of manifestCommandReferences(input.manifest)) {
    const byWorkbench = views.some((view) => reference.command.startsWith(`${view}.`));
    if (!contributed.includes(reference.command) && !byWorkbench) {
      problems.push(`${reference.where} refers to ${reference.command}, which package.json does not contribute`);
    }
  }
  const set = contextKeysSet([input.registerCommandsSource, ...input.sources.map((source) => source.text)]);
  for (const clause of manifestWhenClauses(input.manifest)) {
    for (const key of whenClauseKeys(clause.expression)) {
      if (BUILT_IN_KEYS.has(key) || key.startsWith('config.') || set.has(key)) {
        continue;
      }
      problems.push(`${clause.where}: the context key ${key} (in "${clause.expression}") is never set (no setContext call in src/ with it)`);
    }
  }
  problems.push(...genericCommandProblems(input.manifest));
  return [...new Set(problems)];
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(dir, name))
    .sort();
}

/**
 * The manifest with its `%key%` strings replaced by their English text from package.nls.json, as the editor shows them
 * (welcome content and walkthrough steps link commands in that text).
 */
export function localizedManifest(manifest: Json, nls: Readonly<Record<string, unknown>>): Json {
  if (typeof manifest === 'string') {
    const key = /^%([^%\s]+)%$/.exec(manifest)?.[1];
    const value = key === undefined ? undefined : nls[key];
    return typeof value === 'string' ? value : manifest;
  }
  if (Array.isArray(manifest)) {
    return manifest.map((element: Json) => localizedManifest(element, nls));
  }
  if (typeof manifest === 'object' && manifest !== null) {
    return Object.fromEntries(Object.entries(manifest as Record<string, Json>).map(([name, value]) => [name, localizedManifest(value, nls)]));
  }
  return manifest;
}

/** Reads the repository at `root` and checks it. */
export function checkRepository(root: string): string[] {
  const registerCommandsFile = path.join(root, 'src', 'commands', 'registerCommands.ts');
  // A feature's command records: src/features/<name>/<name>Feature.ts, or src/features/<name>/commands/register*Commands.ts.
  const isCommandRecord = (file: string): boolean => {
    const relative = path.relative(root, file).split(path.sep).join('/');
    return file === registerCommandsFile || /^src\/features\/[^/]+\/[^/]+Feature\.ts$/.test(relative) || /^src\/features\/.+\/commands\/register\w*Commands\.ts$/.test(relative);
  };
  const nlsFile = path.join(root, 'package.nls.json');
  const nls = fs.existsSync(nlsFile) ? (JSON.parse(fs.readFileSync(nlsFile, 'utf8')) as Record<string, unknown>) : {};
  const manifest: Json = localizedManifest(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Json, nls);
  const files = sourceFiles(path.join(root, 'src'));
  const sources = files.filter((file) => !isCommandRecord(file)).map((file) => ({ file: path.relative(root, file), text: fs.readFileSync(file, 'utf8') }));
  const records = files.filter(isCommandRecord).map((file) => fs.readFileSync(file, 'utf8'));
  return [...findProblems({ manifest, registerCommandsSource: records.join('\n'), sources }), ...staleGenericCommands(manifest)];
}

if (require.main === module) {
  const root = path.resolve(process.argv[2] ?? path.join(__dirname, '..', '..'));
  const problems = checkRepository(root);
  if (problems.length > 0) {
    console.error(`check-commands: ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}`);
    problems.forEach((problem) => console.error(`  ✗ ${problem}`));
    process.exit(1);
  }
  console.log('check-commands: package.json and src/ agree on commands and context keys');
}
