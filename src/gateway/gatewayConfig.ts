/**
 * Settings → the list of gateways, without any `vscode` import. `pageGateway.gateways` entries in their order, plus
 * the older `pageGateway.baseUrl` as one more gateway named by its host (first, unless the list already has its URL).
 * An entry that cannot be used (not an object, bad name, bad URL, a name or URL used twice) becomes an invalid entry
 * that says why; it never affects the others. Pure.
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
  | { readonly kind: 'badUrl'; readonly name: string; readonly url: string; readonly failure: InvalidBaseUrl }
  | { readonly kind: 'duplicateUrl'; readonly name: string; readonly href: string; readonly sameAs: string };

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
  const hrefs = new Map<string, string>();
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
    const sameAs = hrefs.get(base.href);
    if (sameAs !== undefined) {
      return { ok: false, source, problem: { kind: 'duplicateUrl', name, href: base.href, sameAs } };
    }
    hrefs.set(base.href, name);
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

/** The base URL (origin and path prefix) a key belongs to. */
export function keyScope(base: ValidBaseUrl): string {
  return base.href;
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
