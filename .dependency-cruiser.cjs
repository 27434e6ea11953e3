// The layers of src/, checked by `npm run check:layers` (dependency-cruiser; CI runs it as one test).
// From the bottom up, each layer may import only the layers below it (README → Development → Layers):
//   1 api, util, l10n, export   HTTP, schemas, paging; small helpers; formats. No vscode in api.
//   2 text                      wording shared by every view (errors, Markdown, times). No vscode.
//   3 config, log               settings, the log channel
//   4 auth                      keys and consent
//   5 gateway                   the gateway registry and connections
//   6 model                     generic models: resource kinds, the id index, item changes, text matching. No vscode.
//   7 documents                 read-only JSON documents
//   8 views                     generic code that draws: the gateway tree, message rows, reveal, hovers, status bar
//   9 commands                  generic commands: they work on any feature's rows and items
//  10 agent                     what every language-model tool shares (registration, budgets, continuations, result
//                               shaping, gateway resolution) and the tools that work on any kind (List Gateways, Get
//                               Item); agent/model/ imports no vscode. It names no feature: each feature's tools live
//                               in its own folder and build on this layer.
//  11 features/<name>           one folder per resource; its model/ and text/ import no vscode; no feature imports
//                               another. features/feature.ts is the contract every feature implements.
//  12 features/features.ts      the list of features: the only file besides extension.ts that imports features
//  13 extension.ts              wiring
/** @type {string[]} Path patterns of the layers, bottom first. */
const LAYERS = [
  '^src/(api|util|l10n|export)/',
  '^src/text/',
  '^src/(config|log)/',
  '^src/auth/',
  '^src/gateway/',
  '^src/model/',
  '^src/documents/',
  '^src/views/',
  '^src/commands/',
  '^src/agent/',
  '^src/features/(feature\\.ts$|[^/]+/)',
  '^src/features/features\\.ts$',
  '^src/extension\\.ts$',
];

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
      comment: 'src/api, src/model, src/text and every feature\'s model/ and text/ run without the editor (unit tests load them on Node).',
      severity: 'error',
      from: { path: '^src/(api|model|text|agent/model)/|^src/features/.+/(model|text)/' },
      to: { path: '^node_modules/@types/vscode/' },
    },
    {
      name: 'feature-models-stay-below-their-feature',
      comment: "A feature's model/ and text/ import only its own model/ and text/ (and generic layers): the rest of the feature (its kind, stores, views) reaches the editor.",
      severity: 'error',
      from: { path: '^src/features/[^/]+/(model|text)/|^src/features/[^/]+/[^/]+/(model|text)/' },
      to: { path: '^src/features/[^/]+/', pathNot: '^src/features/[^/]+/(model|text)/|^src/features/[^/]+/[^/]+/(model|text)/' },
    },
    {
      name: 'webview-code-stays-in-the-webview',
      comment: "A webview's own code (a feature's webview/ folder) is its own browser bundle: the extension never imports it.",
      severity: 'error',
      from: { path: '^src/', pathNot: '/webview/' },
      to: { path: '^src/features/.+/webview/' },
    },
    {
      name: 'webview-code-never-reaches-the-editor',
      comment: "A webview's code runs in the webview: no vscode, and only pure models and text below it (its bundle would fail or grow).",
      severity: 'error',
      from: { path: '^src/features/.+/webview/' },
      to: { path: '^node_modules/@types/vscode/|^src/(api|config|log|auth|gateway|documents|views|commands)/' },
    },
    {
      name: 'features-stay-apart',
      comment: 'A feature never imports another feature: what they share belongs in a generic layer.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/[^/]+/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'generic-code-names-no-feature',
      comment: 'Only src/features/features.ts and extension.ts import a feature (src/agent/ included: a feature brings its own tools).',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/features/|^src/extension\\.ts$' },
      to: { path: '^src/features/[^/]+/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/|^node_modules/@types/vscode/',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
