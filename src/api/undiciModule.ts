/**
 * undici, loaded on first use instead of at activation: it is half a megabyte of JavaScript and activation sends no
 * request. VS Code patches an extension's undici (proxy, certificates) whenever it is first required, so a late
 * `require` is patched too.
 */
import type * as Undici from 'undici';

let loaded: typeof Undici | undefined;

export function undici(): typeof Undici {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a deferred load is the point of this module
  loaded ??= require('undici') as typeof Undici;
  return loaded;
}
