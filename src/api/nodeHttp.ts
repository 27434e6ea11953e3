/**
 * Node's `http` and `https` modules, required by these exact names on first use.
 *
 * In VS Code's extension host these are the editor's proxy-aware versions: every request an extension sends with them
 * goes where the editor resolves for its URL (`http.proxy`, `http.noProxy`, the `HTTP(S)_PROXY` environment, the
 * system proxy or PAC script, Kerberos and the editor's own proxy sign-in) and trusts the system's certificates
 * (`http.systemCertificates`). An extension's own undici does not get any of that: `undici.request()` and
 * `undici.fetch` connect directly (measured in VS Code 1.139; see docs/networking.md). Outside the editor (unit
 * tests, the benchmark) they are plain Node modules.
 *
 * `require('http')` rather than `require('node:http')`: the extension host intercepts module loads by name, and the
 * bare names are the ones every VS Code version intercepts. A unit test checks that the bundle keeps them.
 */
import type * as Http from 'node:http';
import type * as Https from 'node:https';

export interface NodeHttp {
  readonly http: typeof Http;
  readonly https: typeof Https;
}

/** A pure cache (module state on purpose): the modules, required once. */
let loaded: NodeHttp | undefined;

export function nodeHttp(): NodeHttp {
  /* eslint-disable @typescript-eslint/no-require-imports -- the names must reach the editor's module hook as written */
  loaded ??= { http: require('http') as typeof Http, https: require('https') as typeof Https };
  /* eslint-enable @typescript-eslint/no-require-imports */
  return loaded;
}
