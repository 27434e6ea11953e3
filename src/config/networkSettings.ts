/**
 * The editor's `http.*` settings this extension applies itself. The editor's networking (see src/api/nodeHttp.ts)
 * already routes every request as `http.proxy`, `http.noProxy`, `http.proxySupport`, the environment and the
 * system proxy say and trusts the system certificates; it leaves `http.proxyAuthorization` and `http.proxyStrictSSL`
 * to extensions, so they are read here and handed to the client as plain options.
 */
import * as vscode from 'vscode';
import type { ProxyOptions } from '../api/client';
import type { RouteSettings } from '../api/expectedRoute';

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

/**
 * `http.proxy`, `http.noProxy` and `http.proxySupport` as the editor's networking reads them for this extension host:
 * in a remote window, the effective values; in a local one, the user's value or the default only (the editor ignores a
 * workspace's values there, so a folder cannot make a host look direct).
 */
export function readRouteSettings(): RouteSettings {
  const config = vscode.workspace.getConfiguration('http');
  const remote = vscode.env.remoteName !== undefined;
  const value = (name: string): unknown => {
    if (remote) {
      return config.get<unknown>(name);
    }
    const inspected = config.inspect<unknown>(name);
    return inspected?.globalValue ?? inspected?.defaultValue;
  };
  const proxy = value('proxy');
  const noProxy = value('noProxy');
  const proxySupport = value('proxySupport');
  return {
    proxy: typeof proxy === 'string' ? proxy : undefined,
    noProxy: Array.isArray(noProxy) ? noProxy.filter((entry): entry is string => typeof entry === 'string') : [],
    proxySupport: typeof proxySupport === 'string' ? proxySupport : undefined,
  };
}

export function onDidChangeNetworkSettings(listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (NETWORK_SETTINGS.some((name) => event.affectsConfiguration(name))) {
      listener();
    }
  });
}
