/** Typed, clamped view of the `pageGateway.*` settings. */
import * as vscode from 'vscode';
import { readUserSetting } from './userSettings';

export const SECTION = 'pageGateway';

export interface Settings {
  /** The older single-gateway setting: one more gateway, named by its host. */
  readonly baseUrl: string;
  /** `pageGateway.gateways` as found (checked by the gateway registry). */
  readonly gateways: unknown;
  readonly pageSize: number;
  readonly timeoutMs: number;
  readonly statuses: readonly string[];
  readonly showDeleted: boolean;
  /** `pageGateway.webhooks.groupBy`. */
  readonly webhooksGroupBy: WebhookGrouping;
  /** `pageGateway.webhooks.autoRefreshSeconds`: 0 (off) or at least MIN_AUTO_REFRESH_SECONDS. */
  readonly webhooksAutoRefreshSeconds: number;
  /** `pageGateway.maxLoadedPageGroups`: page groups a gateway may hold loaded; at least MIN_MAX_LOADED_PAGE_GROUPS. */
  readonly maxLoadedPageGroups: number;
  /** `pageGateway.maxTreeRows`: page group rows the tree draws under one status at most; at least MIN_MAX_TREE_ROWS. */
  readonly maxTreeRows: number;
}

const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));

export type WebhookGrouping = 'subscription' | 'event';

export const MIN_AUTO_REFRESH_SECONDS = 10;
const MAX_AUTO_REFRESH_SECONDS = 86_400;

export const DEFAULT_MAX_LOADED_PAGE_GROUPS = 250_000;
export const MIN_MAX_LOADED_PAGE_GROUPS = 1000;
/** The memory ceiling no setting lifts (package.json's maximum): about 0.9 GiB of page groups. */
export const MAX_MAX_LOADED_PAGE_GROUPS = 1_000_000;

/** A whole number from MIN_ to MAX_MAX_LOADED_PAGE_GROUPS; anything else is the default. */
export function maxLoaded(value: unknown): number {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) ? clamp(n, MIN_MAX_LOADED_PAGE_GROUPS, MAX_MAX_LOADED_PAGE_GROUPS) : DEFAULT_MAX_LOADED_PAGE_GROUPS;
}

/** `pageGateway.maxLoadedPageGroups` from the user (or remote) settings only (it lifts a memory limit). */
function maxLoadedSetting(): number {
  return maxLoaded(readUserSetting<unknown>(SECTION, 'maxLoadedPageGroups', DEFAULT_MAX_LOADED_PAGE_GROUPS));
}

export const DEFAULT_MAX_TREE_ROWS = 2000;
export const MIN_MAX_TREE_ROWS = 100;

/** A whole number of at least MIN_MAX_TREE_ROWS; anything else is the default. */
function maxTreeRows(value: unknown): number {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) ? Math.max(MIN_MAX_TREE_ROWS, n) : DEFAULT_MAX_TREE_ROWS;
}

/** The value `readSettings` read last: the check before each page costs no settings lookup. */
let maxLoadedRead: number | undefined;

/** `pageGateway.maxLoadedPageGroups` as `readSettings` read it last (activation reads it, and every settings change). */
export function readMaxLoadedPageGroups(): number {
  maxLoadedRead ??= maxLoadedSetting();
  return maxLoadedRead;
}

/** 0 or less (or not a number): off; 1–9 count as 10. */
function autoRefreshSeconds(value: unknown): number {
  const seconds = Math.trunc(Number(value));
  return Number.isFinite(seconds) && seconds > 0 ? clamp(seconds, MIN_AUTO_REFRESH_SECONDS, MAX_AUTO_REFRESH_SECONDS) : 0;
}

export function readSettings(): Settings {
  const config = vscode.workspace.getConfiguration(SECTION);
  const pageSize = Math.trunc(Number(config.get<number>('pageSize', 20)));
  const timeoutSeconds = Number(config.get<number>('requestTimeoutSeconds', 30));
  const statuses = config.get<unknown>('statuses', []);
  maxLoadedRead = maxLoadedSetting();
  return {
    baseUrl: String(config.get<string>('baseUrl', '') ?? '').trim(),
    gateways: config.get<unknown>('gateways', []),
    pageSize: Number.isFinite(pageSize) ? clamp(pageSize, 1, 100) : 20,
    timeoutMs: Number.isFinite(timeoutSeconds) ? clamp(timeoutSeconds, 1, 600) * 1000 : 30_000,
    statuses: Array.isArray(statuses) ? statuses.filter((s): s is string => typeof s === 'string' && s !== '') : [],
    showDeleted: config.get<boolean>('showDeleted', true) !== false,
    webhooksGroupBy: config.get<string>('webhooks.groupBy', 'subscription') === 'event' ? 'event' : 'subscription',
    webhooksAutoRefreshSeconds: autoRefreshSeconds(config.get<number>('webhooks.autoRefreshSeconds', 0)),
    maxLoadedPageGroups: maxLoadedRead,
    maxTreeRows: maxTreeRows(config.get<number>('maxTreeRows', DEFAULT_MAX_TREE_ROWS)),
  };
}

/** Fires with the names (without the section) of the settings that changed. */
export function onDidChangeSettings(listener: (changed: ReadonlySet<string>) => void): vscode.Disposable {
  const names = ['baseUrl', 'gateways', 'pageSize', 'requestTimeoutSeconds', 'statuses', 'showDeleted', 'webhooks.groupBy', 'webhooks.autoRefreshSeconds', 'maxLoadedPageGroups', 'maxTreeRows'];
  return vscode.workspace.onDidChangeConfiguration((event) => {
    const changed = new Set(names.filter((name) => event.affectsConfiguration(`${SECTION}.${name}`)));
    if (changed.size > 0) {
      listener(changed);
    }
  });
}
