/**
 * Settings → the list of gateways, without any `vscode` import. `pageGateway.gateways` entries in their order, plus
 * the older `pageGateway.baseUrl` as one more gateway named by its host (first, unless the list already has its URL).
 * An entry that cannot be used (not an object, bad name, bad URL, a name used twice) becomes an invalid entry that says
 * why; it never affects the others. One URL may be configured under several names (a second key or tenant on one
 * gateway): each is a gateway of its own, with its own key (see `keySlots`). Pure.
 */
import { parseBaseUrl, type BaseUrlResult } from '../api/baseUrl';

/** Theme colors a gateway may carry (its icon and status bar entry). */
export const GATEWAY_COLORS = ['charts.red', 'charts.orange', 'charts.yellow', 'charts.green', 'charts.blue', 'charts.purple'] as const;
export type GatewayColor = (typeof GATEWAY_COLORS)[number];

export type ValidBaseUrl = Extract<BaseUrlResult, { ok: true }>;
export type InvalidBaseUrl = Extract<BaseUrlResult, { ok: false }>;

/** Where an entry comes from: an element of `pageGateway.gateways`, or the older `pageGateway.baseUrl`. */
export type GatewaySource = { readonly kind: 'list'; readonly index: number } | { readonly kind: 'legacy' };

export interface GatewaySpec {
  readonly name: string;
  readonly base: ValidBaseUrl;
  readonly color?: GatewayColor;
  readonly source: GatewaySource;
}

export type GatewayConfigProblem =
  | { readonly kind: 'notObject' }
  | { readonly kind: 'noName' }
  /** The name holds a character that cannot appear in a document address (`/ \ @ # ?` or a control character). */
  | { readonly kind: 'badName'; readonly name: string }
  | { readonly kind: 'duplicateName'; readonly name: string }
  | { readonly kind: 'badUrl'; readonly name: string; readonly url: string; readonly failure: InvalidBaseUrl };

export type GatewayEntry =
  | { readonly ok: true; readonly spec: GatewaySpec }
  | { readonly ok: false; readonly source: GatewaySource; readonly problem: GatewayConfigProblem };

export const MAX_NAME_LENGTH = 64;
// eslint-disable-next-line no-control-regex
const FORBIDDEN_NAME = /[/\\@#?\u0000-\u001f\u007f]/;

/** Names compare without regard to case: a document address does not keep the case of its gateway part. */
export function sameName(a: string, b: string): boolean {
  return a.toLocaleLowerCase('en') === b.toLocaleLowerCase('en');
}

/** Why `name` cannot be a gateway name, or undefined when it can. */
export function nameProblem(name: string): 'empty' | 'tooLong' | 'forbiddenCharacter' | undefined {
  const trimmed = name.trim();
  if (trimmed === '') {
    return 'empty';
  }
  if (trimmed.length > MAX_NAME_LENGTH) {
    return 'tooLong';
  }
  return FORBIDDEN_NAME.test(trimmed) ? 'forbiddenCharacter' : undefined;
}

/** The name the older `baseUrl` setting's gateway gets: its host (with its port), and its path when it has one. */
export function hostName(base: ValidBaseUrl): string {
  const url = new URL(base.href);
  const path = url.pathname === '/' ? '' : url.pathname;
  return `${url.host}${path.replace(/\//g, ' ')}`.replace(/[\\@#?]/g, '').trim().slice(0, MAX_NAME_LENGTH) || url.host;
}

function isColor(value: unknown): value is GatewayColor {
  return typeof value === 'string' && (GATEWAY_COLORS as readonly string[]).includes(value);
}

/** The gateways the settings describe, in order (the older `baseUrl` first). */
export function parseGateways(list: unknown, legacyBaseUrl: string): GatewayEntry[] {
  const entries: GatewayEntry[] = [];
  const names: string[] = [];
  const hrefs = new Set<string>();
  const elements = Array.isArray(list) ? (list as unknown[]) : [];

  const listed: GatewayEntry[] = elements.map((element, index): GatewayEntry => {
    const source: GatewaySource = { kind: 'list', index };
    if (typeof element !== 'object' || element === null || Array.isArray(element)) {
      return { ok: false, source, problem: { kind: 'notObject' } };
    }
    const record = element as Record<string, unknown>;
    const name = typeof record.name === 'string' ? record.name.trim() : '';
    const url = typeof record.baseUrl === 'string' ? record.baseUrl : '';
    if (name === '') {
      return { ok: false, source, problem: { kind: 'noName' } };
    }
    if (nameProblem(name) !== undefined) {
      return { ok: false, source, problem: { kind: 'badName', name } };
    }
    if (names.some((other) => sameName(other, name))) {
      return { ok: false, source, problem: { kind: 'duplicateName', name } };
    }
    names.push(name);
    const base = parseBaseUrl(url);
    if (!base.ok) {
      return { ok: false, source, problem: { kind: 'badUrl', name, url, failure: base } };
    }
    hrefs.add(base.href);
    return { ok: true, spec: { name, base, ...(isColor(record.color) ? { color: record.color } : {}), source } };
  });

  const legacy = legacyBaseUrl.trim();
  if (legacy !== '') {
    const source: GatewaySource = { kind: 'legacy' };
    const base = parseBaseUrl(legacy);
    if (!base.ok) {
      entries.push({ ok: false, source, problem: { kind: 'badUrl', name: 'pageGateway.baseUrl', url: legacy, failure: base } });
    } else if (!hrefs.has(base.href)) {
      let name = hostName(base);
      for (let n = 2; names.some((other) => sameName(other, name)); n += 1) {
        name = `${hostName(base)} (${n})`;
      }
      entries.push({ ok: true, spec: { name, base, source } });
    }
  }
  return [...entries, ...listed];
}

/** The base URL (origin and path prefix) a key belongs to when one gateway alone uses that URL. */
export function keyScope(base: ValidBaseUrl): string {
  return base.href;
}

/** The secret a gateway's key is kept under when another gateway uses the same URL: URL and name (case ignored). */
export function namedKeyScope(base: ValidBaseUrl, name: string): string {
  return `${base.href}#${name.trim().toLocaleLowerCase('en')}`;
}

/**
 * Where a gateway's key lives: `scope`, and where it may still be found from before (`formerScopes`, moved to `scope`
 * at the first lookup that finds `scope` empty).
 */
export interface KeySlot {
  readonly scope: string;
  readonly formerScopes: readonly string[];
}

/**
 * The key slot of each gateway, in the order given (settings order). A gateway alone at its URL keeps its key under the
 * URL, as every version before did, so a rename keeps it and existing keys keep working. Gateways sharing a URL keep
 * theirs under URL and name; the first of them (the one that was alone before the others were added: Add Gateway
 * appends) takes over the key stored under the URL, so the existing key stays with the gateway it served. A gateway
 * left alone again takes its named key back under the URL.
 */
export function keySlots(gateways: readonly { readonly name: string; readonly base: ValidBaseUrl }[]): KeySlot[] {
  const count = new Map<string, number>();
  gateways.forEach((g) => count.set(g.base.href, (count.get(g.base.href) ?? 0) + 1));
  const seen = new Set<string>();
  return gateways.map((g) => {
    const first = !seen.has(g.base.href);
    seen.add(g.base.href);
    if ((count.get(g.base.href) ?? 0) <= 1) {
      return { scope: keyScope(g.base), formerScopes: [namedKeyScope(g.base, g.name)] };
    }
    return { scope: namedKeyScope(g.base, g.name), formerScopes: first ? [keyScope(g.base)] : [] };
  });
}

/**
 * Keys of version 0.1 were stored per origin. The gateway at `href` takes over the key stored under its origin when
 * it is the one 0.1 used (the `baseUrl` setting), or the only configured gateway on that origin.
 */
export function ownsLegacyKey(href: string, gateways: readonly ValidBaseUrl[], legacyBaseUrl: string): boolean {
  const origin = new URL(href).origin;
  if (origin === href) {
    return false; // the key name is the same in both versions: nothing to move
  }
  const legacy = parseBaseUrl(legacyBaseUrl);
  if (legacy.ok && legacy.origin === origin) {
    return legacy.href === href;
  }
  return gateways.filter((base) => base.origin === origin).length === 1;
}
