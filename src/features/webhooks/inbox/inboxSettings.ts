/** Typed, clamped view of the `pageGateway.webhookInbox.*` settings. */
import * as vscode from 'vscode';

export interface InboxSettings {
  /** 0: any free port. */
  readonly port: number;
  /** The handler's base URL; '' when not forwarding. */
  readonly forwardTo: string;
  /** The address the gateway reaches the inbox at (a tunnel's URL); '' when not told. */
  readonly publicUrl: string;
  readonly maxBodyBytes: number;
  readonly maxDeliveries: number;
  readonly timeoutMs: number;
}

const SECTION = 'pageGateway.webhookInbox';

const clamp = (value: unknown, min: number, max: number, fallback: number): number => {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};

export const MAX_BODY_LIMIT = 64 * 1024 * 1024;

export function readInboxSettings(): InboxSettings {
  const config = vscode.workspace.getConfiguration(SECTION);
  return {
    port: clamp(config.get('port', 0), 0, 65_535, 0),
    forwardTo: String(config.get<string>('forwardTo', '') ?? '').trim(),
    publicUrl: String(config.get<string>('publicUrl', '') ?? '').trim(),
    maxBodyBytes: clamp(config.get('maxBodyBytes', 1_048_576), 1024, MAX_BODY_LIMIT, 1_048_576),
    maxDeliveries: clamp(config.get('maxDeliveries', 500), 1, 10_000, 500),
    timeoutMs: clamp(config.get('timeoutSeconds', 10), 1, 120, 10) * 1000,
  };
}

export function onDidChangeInboxSettings(listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration(SECTION)) {
      listener();
    }
  });
}
