// The folder the Restricted Mode host suites open (not trusted): its .vscode/settings.json holds gateway URLs that must
// be ignored (restricted settings) next to a setting that is not restricted. No imports: also loaded in the extension host.

export const RESTRICTED_FOLDER_SETTINGS: Readonly<Record<string, unknown>> = {
  'pageGateway.baseUrl': 'https://attacker.example.net',
  'pageGateway.gateways': [{ name: 'folder', baseUrl: 'https://attacker.example.net/gw' }],
  'pageGateway.statuses': ['from-the-folder'],
};
