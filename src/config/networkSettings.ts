/**
 * The editor's `http.*` settings this extension applies itself. The editor's networking (see src/api/nodeHttp.ts)
 * already routes every request as `http.proxy`, `http.noProxy`, `http.proxySupport`, the environment and the
 * system proxy say and trusts the system certificates; it leaves `http.proxyAuthorization` and `http.proxyStrictSSL`
 * to extensions, so they are read here and handed to the client as plain options.
 */
import * as vscode from 'vscode';
import type { ProxyOptions } from '../api/client';

/** Settings that change where or how a request goes: a client built before a change is replaced. */
const NETWORK_SETTINGS = [
  'http.proxy',
  'http.noProxy',
  'http.proxySupport',
  'http.proxyAuthorization',
  'http.proxyStrictSSL',
  'http.systemCertificates',
];

export function readProxyOptions(): ProxyOptions {
  const config = vscode.workspace.getConfiguration('http');
  const authorization = config.get<unknown>('proxyAuthorization');
  return {
    authorization: typeof authorization === 'string' && authorization.trim() !== '' ? authorization : undefined,
    strictSSL: config.get<unknown>('proxyStrictSSL', true) !== false,
  };
}

export function onDidChangeNetworkSettings(listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (NETWORK_SETTINGS.some((name) => event.affectsConfiguration(name))) {
      listener();
    }
  });
}
