// The manifest half of the l10n check (scripts/checkL10n.ts): every user-visible string of package.json is a `%key%`
// placeholder that package.nls.json defines, and package.nls.json has no key nothing uses. Pure.

export interface ManifestProblem {
  /** Where in package.json, e.g. `contributes.commands[3].title`. */
  readonly path: string;
  readonly message: string;
}

/** Fields of `contributes` (at any depth) whose string values are shown to the user. */
const SHOWN_FIELDS: ReadonlySet<string> = new Set([
  'title',
  'shortTitle',
  'description',
  'markdownDescription',
  'contents',
  'contextualTitle',
  'category',
  'patternErrorMessage',
  'label',
  'altText',
  'deprecationMessage',
  'markdownDeprecationMessage',
  'enumDescriptions',
  'markdownEnumDescriptions',
  'enumItemLabels',
  // languageModelTools: the tool's name and description in the editor's tool pickers
  'displayName',
  'userDescription',
]);

/** `name` is shown for views and view containers; elsewhere (a setting's `name` property in a JSON schema) it is data. */
const SHOWN_NAME = /^contributes\.(views|viewsContainers)\.[^.]+\[\d+\]\.name$/;

const PLACEHOLDER = /^%([^%\s]+)%$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function checkManifest(manifest: unknown, nls: Readonly<Record<string, unknown>>): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  const used = new Set<string>();
  const shown = (path: string, value: unknown): void => {
    const values = Array.isArray(value) ? value.map((v, i) => [`${path}[${i}]`, v] as const) : [[path, value] as const];
    for (const [at, text] of values) {
      // A format such as `${authority} · ${path}` has no words.
      if (typeof text !== 'string' || !/\p{L}/u.test(text.replace(/\$\{[^}]*\}/g, ''))) {
        continue;
      }
      const match = PLACEHOLDER.exec(text);
      if (!match) {
        problems.push({ path: at, message: `shown to the user but not translatable: use a %key% of package.nls.json instead of ${JSON.stringify(text.slice(0, 60))}` });
        continue;
      }
      const key = match[1] as string;
      used.add(key);
      if (typeof nls[key] !== 'string') {
        problems.push({ path: at, message: `%${key}% is not defined in package.nls.json` });
      }
    }
  };
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) {
      value.forEach((element, index) => walk(element, `${path}[${index}]`));
      return;
    }
    if (!isRecord(value)) {
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      const at = `${path}.${key}`;
      if (key === 'inputSchema' && /^contributes\.languageModelTools\[\d+\]$/.test(path)) {
        // A language-model tool's input schema (like its modelDescription) is read by the model, not shown.
        continue;
      }
      if ((SHOWN_FIELDS.has(key) && (typeof child === 'string' || Array.isArray(child))) || (typeof child === 'string' && SHOWN_NAME.test(at))) {
        shown(at, child);
      } else {
        walk(child, at);
      }
    }
  };
  if (isRecord(manifest)) {
    shown('displayName', manifest.displayName);
    shown('description', manifest.description);
    walk(manifest.contributes, 'contributes');
  }
  for (const key of Object.keys(nls)) {
    if (!used.has(key)) {
      problems.push({ path: `package.nls.json ${key}`, message: 'defined but not used in package.json' });
    }
  }
  return problems;
}
