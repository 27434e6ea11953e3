// l10n-ignore-file: no words here, only message types
/**
 * The webview's channel to the extension host: the only place that posts a message to the host or keeps the
 * webview's own state (the gateway's name, which the panel's serializer reads after a window reload). Every message
 * sent is one the host's `readWebviewMessage` accepts (model/tableProtocol.ts).
 */
import type { WebviewMessage } from '../model/tableProtocol';

interface VsCodeApi {
  postMessage(message: unknown): void;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const host = acquireVsCodeApi();

/** Sends `message` to the host. */
export function post(message: WebviewMessage): void {
  host.postMessage(message);
}

/** Keeps the gateway's name with the webview, for the serializer that brings the tab back after a reload. */
export function rememberGateway(gateway: string): void {
  host.setState({ gateway });
}
