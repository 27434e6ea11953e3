/**
 * Where a setting is written, as a pure rule (settingsWriter.ts applies it): where its effective value lives, except
 * that in a workspace the user has not trusted, a restricted setting (the gateway URLs, see `capabilities.
 * untrustedWorkspaces.restrictedConfigurations` in package.json) is written to the user settings: the workspace value
 * is ignored there, and writing into a folder the user does not trust would be writing where they did not look.
 */

/** `pageGateway.*` settings (names without the section) whose workspace values apply only in a trusted workspace. */
export const RESTRICTED_SETTINGS: readonly string[] = ['baseUrl', 'gateways'];

/**
 * `pageGateway.*` settings (names without the section) read from the user settings only (in a remote window, the
 * user's and the remote machine's): each sends data somewhere, turns a protection off or lifts a limit, so no folder,
 * trusted or not, sets it (userSettings.ts reads them). They are restricted settings too (package.json).
 */
export const USER_ONLY_SETTINGS: readonly string[] = [
  'webhookInbox.forwardTo',
  'webhookInbox.publicUrl',
  'webhookInbox.port',
  'webhookInbox.maxBodyBytes',
  'webhookInbox.maxDeliveries',
  'webhookInbox.timeoutSeconds',
  'webhookInbox.maxTotalBytes',
  'webhookInbox.maxConnections',
  'webhookInbox.forwardMethods',
  'export.csvRawCells',
  'maxLoadedPageGroups',
];

/** What `WorkspaceConfiguration.inspect` reports, the parts a user-only setting reads. */
export interface InspectedValue<T> {
  readonly defaultValue?: T;
  /** The user settings (in a remote window: merged with the remote machine's). */
  readonly globalValue?: T;
}

/** A user-only setting's value: the user's (or the remote machine's) when set, else the default; never a folder's. */
export function userOnlyValue<T>(inspected: InspectedValue<T> | undefined, fallback: T): T {
  return inspected?.globalValue ?? inspected?.defaultValue ?? fallback;
}

export type SettingsPlace = 'user' | 'workspace' | 'folder';

export interface DefinedAt {
  /** The setting has a value in the workspace folder's settings. */
  readonly folder: boolean;
  /** The setting has a value in the workspace's settings. */
  readonly workspace: boolean;
}

export function writePlace(name: string, definedAt: DefinedAt, workspaceTrusted: boolean): SettingsPlace {
  if (USER_ONLY_SETTINGS.includes(name) || (!workspaceTrusted && RESTRICTED_SETTINGS.includes(name))) {
    return 'user';
  }
  if (definedAt.folder) {
    return 'folder';
  }
  return definedAt.workspace ? 'workspace' : 'user';
}
