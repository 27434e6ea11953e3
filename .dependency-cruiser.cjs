// The layers of src/, checked by `npm run check:layers` (dependency-cruiser; CI runs it as one test). Every rule below
// has a unit test that an offending import fails it (test/unit/scripts/layers.test.ts). docs/development.md → Layers
// draws the same map.
//
// Every file of src/ is in exactly one layer, and each layer may import only the layers below it (one folder a layer,
// so nothing is free inside a layer but a folder's own files). From the bottom up:
//    1 activationClock.ts         the first module loaded: when the bundle started loading. Imports nothing.
//    2 util                       small helpers (JSON text, curl, throttling). No vscode.
//    3 l10n                       the language for Intl: numbers, plurals, lists. No vscode.
//    4 export                     export formats (CSV, JSON, NDJSON) and the file sink. No vscode.
//    5 api                        the HTTP client, the contract's schemas and errors, request URLs. No vscode.
//    6 lists                      what is loaded of a list and how it pages (CursorChain, Loadable). No vscode.
//    7 text                       wording shared by every view (errors, Markdown, times). No vscode.
//    8 log                        the log channel
//    9 config                     settings
//   10 auth                       keys and consent
//   11 gateway                    the gateway registry and connections
//   12 model                      generic models: resource kinds, the id index, item changes, text matching. No vscode.
//   13 ui                         editor glue that is no tree: context keys, the walkthrough's keys, multi-step input,
//                                 the editor's language
//   14 documents                  read-only JSON documents
//   15 views                      generic code that draws: the gateway tree, message rows, reveal, hovers, status bar
//   16 commands                   generic commands: they work on any feature's rows and items
//   17 agent                      what every language-model tool shares and the tools that work on any kind;
//                                 agent/model/ imports no vscode. It names no feature.
//   18 features/feature.ts        the contract every feature implements, and listFeature.ts: the feature of any
//                                 paged list, made from its kind
//   19 features/<name>/           one folder per resource; its model/, text/ and webview/ import no vscode; inside it,
//                                 model/ < text/ < the rest; no feature imports another
//   20 features/features.ts       the list of features: the only file besides extension.ts that imports features
//   21 extension.ts               wiring
//
// Type-only imports count for every rule here (they tie the code together as much as any). What the editor must not
// be reached from at run time (the no-vscode folders) is checked on the compiled imports by the second pass,
// .dependency-cruiser-runtime.cjs.

/** Path patterns of the layers, bottom first. */
const LAYERS = [
  '^src/activationClock\\.ts$',
  '^src/util/',
  '^src/l10n/',
  '^src/export/',
  '^src/api/',
  '^src/lists/',
  '^src/text/',
  '^src/log/',
  '^src/config/',
  '^src/auth/',
  '^src/gateway/',
  '^src/model/',
  '^src/ui/',
  '^src/documents/',
  '^src/views/',
  '^src/commands/',
  '^src/agent/',
  '^src/features/(feature|listFeature)\\.ts$',
  '^src/features/[^/]+/',
  '^src/features/features\\.ts$',
  '^src/extension\\.ts$',
];

/** The folders that run without the editor (unit tests load them on Node; a webview's code runs in the webview). */
const NO_VSCODE = '^src/(util|l10n|export|api|lists|text|model|agent/model)/|^src/features/.+/(model|text|webview)/';

/** The vscode API, wherever node_modules really is (a worktree's node_modules may be a link to another checkout's). */
const VSCODE = '(^|/)node_modules/@types/vscode/';

const layerRules = LAYERS.slice(0, -1).map((layer, index) => ({
  name: `layer-${index + 1}-imports-only-below`,
  comment: `${layer} may import only the layers below it, never ${LAYERS.slice(index + 1).join(', ')}`,
  severity: 'error',
  from: { path: layer },
  to: { path: LAYERS.slice(index + 1).join('|') },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'no-import-cycles',
      comment: 'Files never import each other in a loop.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-vscode-in-models',
      comment: `${NO_VSCODE} run without the editor: none of their files imports vscode, not even its types.`,
      severity: 'error',
      from: { path: NO_VSCODE },
      to: { path: VSCODE },
    },
    {
      name: 'feature-models-stay-below-their-feature',
      comment: "A feature's model/ and text/ import only its own model/ and text/ (and generic layers): the rest of the feature (its kind, stores, views) reaches the editor.",
      severity: 'error',
      from: { path: '^src/features/[^/]+/(model|text)/|^src/features/[^/]+/[^/]+/(model|text)/' },
      to: { path: '^src/features/[^/]+/', pathNot: '^src/features/[^/]+/(model|text)/|^src/features/[^/]+/[^/]+/(model|text)/' },
    },
    {
      name: 'feature-model-below-its-text',
      comment: "Inside a feature, model/ is below text/: the words are made from the model, never the other way.",
      severity: 'error',
      from: { path: '^src/features/[^/]+/model/|^src/features/[^/]+/[^/]+/model/' },
      to: { path: '^src/features/[^/]+/text/|^src/features/[^/]+/[^/]+/text/' },
    },
    {
      name: 'webview-code-stays-in-the-webview',
      comment: "A webview's own code (a feature's webview/ folder) is its own browser bundle: nothing outside it imports it.",
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/features/.+/webview/' },
      to: { path: '^src/features/.+/webview/' },
    },
    {
      name: 'webview-code-never-reaches-the-editor',
      comment: "A webview's code runs in the webview: only the folders that run without the editor (its bundle would fail or grow).",
      severity: 'error',
      from: { path: '^src/features/.+/webview/' },
      to: { path: '^src/', pathNot: `${NO_VSCODE}` },
    },
    {
      name: 'features-stay-apart',
      comment: 'A feature never imports another feature: what they share belongs in a generic layer.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/[^/]+/', pathNot: '^src/features/$1/' },
    },
  ],
  required: [
    {
      name: 'every-src-file-in-a-layer',
      comment:
        'Every file of src/ is in a layer of LAYERS. A file no layer pattern matches fails here (the rule asks it for an import no file can be): give its folder a layer.',
      severity: 'error',
      module: { path: '^src/', pathNot: LAYERS.join('|') },
      to: { path: '^$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: `^src/|${VSCODE}`,
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
