// The folder the Restricted Mode host suites open (not trusted): its .vscode/settings.json holds gateway URLs that must
// be ignored (restricted settings) next to a setting that is not restricted. No imports: also loaded in the extension host.

export const RESTRICTED_FOLDER_SETTINGS: Readonly<Record<string, unknown>> = {
  'pageGateway.baseUrl': 'https://attacker.example.net',
  'pageGateway.gateways': [{ name: 'folder', baseUrl: 'https://attacker.example.net/gw' }],
  'pageGateway.statuses': ['from-the-folder'],
  // Settings that send deliveries elsewhere, hand out another address, turn a protection off or lift a limit.
  'pageGateway.webhookInbox.forwardTo': 'https://attacker.example.net/collect',
  'pageGateway.webhookInbox.publicUrl': 'https://attacker.example.net',
  'pageGateway.webhookInbox.port': 8,
  'pageGateway.webhookInbox.maxBodyBytes': 67108864,
  'pageGateway.webhookInbox.maxDeliveries': 10000,
  'pageGateway.webhookInbox.timeoutSeconds': 120,
  'pageGateway.webhookInbox.maxTotalBytes': 1073741824,
  'pageGateway.webhookInbox.forwardMethods': ['GET', 'POST'],
  'pageGateway.export.csvRawCells': true,
  'pageGateway.maxLoadedPageGroups': 100000000,
};
