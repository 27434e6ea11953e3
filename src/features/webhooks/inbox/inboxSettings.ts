/**
 * Typed, clamped view of the `pageGateway.webhookInbox.*` settings. Every one is read from the user (or remote)
 * settings only (src/config/userSettings.ts): where deliveries go, the address handed out, the port and the limits are
 * never a folder's to decide, trusted or not.
 */
import * as vscode from 'vscode';
import { readUserSetting } from '../../../config/userSettings';

export interface InboxSettings {
  /** 0: a free port is picked (and kept for the next starts in this window). */
  readonly port: number;
  /** The handler's base URL; '' when not forwarding. */
  readonly forwardTo: string;
  /** The address the gateway reaches the inbox at (a tunnel's URL); '' when not told. */
  readonly publicUrl: string;
  readonly maxBodyBytes: number;
  readonly maxDeliveries: number;
  readonly timeoutMs: number;
  /** Bytes of bodies held in all (kept, answers, arriving). */
  readonly maxTotalBytes: number;
  readonly maxConnections: number;
  /** Methods forwarded (upper case). */
  readonly forwardMethods: readonly string[];
}

const SECTION = 'pageGateway.webhookInbox';

const clamp = (value: unknown, min: number, max: number, fallback: number): number => {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};

export const MAX_BODY_LIMIT = 64 * 1024 * 1024;
export const DEFAULT_TOTAL_BYTES = 64 * 1024 * 1024;
export const MAX_TOTAL_LIMIT = 1024 * 1024 * 1024;
export const DEFAULT_MAX_CONNECTIONS = 1024;

/** The methods to forward: tokens, upper-cased; POST when the setting holds none. */
export function forwardMethodsOf(value: unknown): readonly string[] {
  const methods = Array.isArray(value) ? value.filter((m): m is string => typeof m === 'string' && /^[A-Za-z]+$/.test(m)).map((m) => m.toUpperCase()) : [];
  return methods.length > 0 ? [...new Set(methods)] : ['POST'];
}

export function readInboxSettings(): InboxSettings {
  const get = <T>(name: string, fallback: T): T => readUserSetting<T>(SECTION, name, fallback);
  return {
    port: clamp(get('port', 0), 0, 65_535, 0),
    forwardTo: String(get<unknown>('forwardTo', '') ?? '').trim(),
    publicUrl: String(get<unknown>('publicUrl', '') ?? '').trim(),
    maxBodyBytes: clamp(get('maxBodyBytes', 1_048_576), 1024, MAX_BODY_LIMIT, 1_048_576),
    maxDeliveries: clamp(get('maxDeliveries', 500), 1, 10_000, 500),
    timeoutMs: clamp(get('timeoutSeconds', 10), 1, 120, 10) * 1000,
    maxTotalBytes: clamp(get('maxTotalBytes', DEFAULT_TOTAL_BYTES), 1024 * 1024, MAX_TOTAL_LIMIT, DEFAULT_TOTAL_BYTES),
    maxConnections: clamp(get('maxConnections', DEFAULT_MAX_CONNECTIONS), 16, 10_000, DEFAULT_MAX_CONNECTIONS),
    forwardMethods: forwardMethodsOf(get<unknown>('forwardMethods', ['POST'])),
  };
}

export function onDidChangeInboxSettings(listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration(SECTION)) {
      listener();
    }
  });
}
