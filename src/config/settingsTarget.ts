/**
 * Where a setting is written, as a pure rule (settingsWriter.ts applies it): where its effective value lives, except
 * that in a workspace the user has not trusted, a restricted setting (the gateway URLs, see `capabilities.
 * untrustedWorkspaces.restrictedConfigurations` in package.json) is written to the user settings: the workspace value
 * is ignored there, and writing into a folder the user does not trust would be writing where they did not look.
 */

/** `pageGateway.*` settings (names without the section) whose workspace values apply only in a trusted workspace. */
export const RESTRICTED_SETTINGS: readonly string[] = ['baseUrl', 'gateways'];

export type SettingsPlace = 'user' | 'workspace' | 'folder';

export interface DefinedAt {
  /** The setting has a value in the workspace folder's settings. */
  readonly folder: boolean;
  /** The setting has a value in the workspace's settings. */
  readonly workspace: boolean;
}

export function writePlace(name: string, definedAt: DefinedAt, workspaceTrusted: boolean): SettingsPlace {
  if (!workspaceTrusted && RESTRICTED_SETTINGS.includes(name)) {
    return 'user';
  }
  if (definedAt.folder) {
    return 'folder';
  }
  return definedAt.workspace ? 'workspace' : 'user';
}
