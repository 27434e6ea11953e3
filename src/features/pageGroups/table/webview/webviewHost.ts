// l10n-ignore-file: no words here, only message types
/**
 * The webview's channel to the extension host: the only place that posts a message to the host or keeps the
 * webview's own state with the editor (the gateway's name, which the panel's serializer reads after a window reload,
 * and the place in the table: placeMemory.ts). Every message sent is one the host's `readWebviewMessage` accepts
 * (model/tableProtocol.ts).
 */
import type { TablePlace } from '../model/tablePlace';
import type { WebviewMessage } from '../model/tableProtocol';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const host = acquireVsCodeApi();

/** Sends `message` to the host. */
export function post(message: WebviewMessage): void {
  host.postMessage(message);
}

/** The state kept with this webview before it was loaded again (untrusted: any version may have written it). */
export function savedState(): unknown {
  return host.getState();
}

/**
 * Keeps the gateway's name and identity with the webview, for the serializer that brings the tab back after a reload,
 * and the place in the table (none yet: the one kept before stays).
 */
export function keepState(gateway: string, gatewayKey: string, place?: TablePlace): void {
  const before = savedState() as { place?: unknown } | undefined;
  host.setState({ gateway, gatewayKey, place: place ?? before?.place });
}
