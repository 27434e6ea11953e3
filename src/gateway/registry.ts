/**
 * The gateway registry: settings → the configured gateways (each with its connection and its stores) and the entries
 * that cannot be used (with the reason). The only place that knows how many gateways there are; views, commands and
 * documents ask it. Reconciles on every settings change: a gateway still configured (same base URL and name, or the
 * only one on its base URL before and after: a rename) keeps its connection and everything loaded; a removed one is
 * disposed, which discards its responses still in flight. Tells each connection where its key lives (`keySlots`).
 */
import * as vscode from 'vscode';
import type { ExchangeLog, ProxyOptions } from '../api/client';
import type { RouteSettings } from '../api/expectedRoute';
import type { ApiKeyStore } from '../auth/apiKeyStore';
import type { InsecureConsent } from '../auth/insecureConsent';
import type { LegacyKeyMigration, LegacyKeyMove } from '../auth/legacyKeyMigration';
import { GatewayConnection } from './connection';
import { Gateway } from './gateway';
import { keySlots, ownsLegacyKey, parseGateways, sameName, type GatewayConfigProblem, type GatewaySource, type GatewaySpec } from './gatewayConfig';

/** A configured entry that cannot be used, and why. */
export interface InvalidGateway {
  readonly ok: false;
  /** Stable while the entry stays where it is in settings. */
  readonly id: string;
  readonly source: GatewaySource;
  readonly problem: GatewayConfigProblem;
}

export type RegistryEntry = Gateway | InvalidGateway;

/** By shape, not by class: code bundled apart from this module (a test's own feature) tells them apart too. */
export function isGateway(entry: RegistryEntry): entry is Gateway {
  return (entry as Partial<InvalidGateway>).ok !== false;
}

export interface RegistryDeps {
  readonly keys: ApiKeyStore;
  readonly consent: InsecureConsent;
  /** The one-time move of version 0.1's per-origin keys. */
  readonly legacyKeys: LegacyKeyMigration;
  readonly userAgent: string;
  /** The remote machine the requests leave from, in a remote window (`GatewayClientOptions.sentFrom`). */
  readonly sentFrom?: string;
  readonly onExchange: (log: ExchangeLog) => void;
  readonly timeoutMs: () => number;
  readonly proxy: () => ProxyOptions;
  /** `http.proxy`, `http.noProxy`, `http.proxySupport` (whether a plain-HTTP gateway's requests stay on this machine). */
  readonly routeSettings: () => RouteSettings;
}

export interface GatewaySettings {
  readonly gateways: unknown;
  readonly baseUrl: string;
}

export class GatewayRegistry implements vscode.Disposable {
  private list: RegistryEntry[] = [];
  private readonly byKey = new Map<string, Gateway>();
  private legacyBaseUrl = '';
  private readonly changed = new vscode.EventEmitter<void>();
  /** Gateways were added, removed, renamed, recolored or reordered, or an invalid entry changed. */
  public readonly onDidChange: vscode.Event<void> = this.changed.event;

  public constructor(
    private readonly deps: RegistryDeps,
    settings: GatewaySettings,
  ) {
    this.apply(settings, false);
  }

  /** Every entry in settings order, usable or not. */
  public entries(): readonly RegistryEntry[] {
    return this.list;
  }

  /** The usable gateways, in settings order. */
  public gateways(): Gateway[] {
    return this.list.filter(isGateway);
  }

  /** The gateway when exactly one entry is configured and it is usable (the views then show no gateway level). */
  public single(): Gateway | undefined {
    const only = this.list.length === 1 ? this.list[0] : undefined;
    return only !== undefined && isGateway(only) ? only : undefined;
  }

  /** By name, ignoring case (document addresses do not keep it). */
  public byName(name: string): Gateway | undefined {
    return this.gateways().find((gateway) => sameName(gateway.name, name));
  }

  /** The first gateway (in settings order) on this base URL. */
  public byBaseUrl(href: string): Gateway | undefined {
    return this.gateways().find((gateway) => gateway.base.href === href);
  }

  /** Every gateway on this base URL, in settings order (several when one URL is configured under several names). */
  public allAtBaseUrl(href: string): Gateway[] {
    return this.gateways().filter((gateway) => gateway.base.href === href);
  }

  /** Settings changed: reconcile. */
  public update(settings: GatewaySettings): void {
    this.apply(settings, true);
  }

  /** The request timeout changed: next requests use it; nothing loaded is dropped. */
  public timeoutChanged(): void {
    this.gateways().forEach((gateway) => gateway.connection.rebuildClient());
  }

  /** The editor's proxy settings changed: next requests go the new way (with new connections); nothing is dropped. */
  public networkChanged(): void {
    this.gateways().forEach((gateway) => gateway.connection.rebuildClient());
  }

  public dispose(): void {
    this.gateways().forEach((gateway) => gateway.dispose());
    this.list = [];
    this.byKey.clear();
    this.changed.dispose();
  }

  private apply(settings: GatewaySettings, notify: boolean): void {
    // Described before anything changes: `update` below renames the same gateway objects the list holds.
    const before = this.describe(this.list);
    this.legacyBaseUrl = settings.baseUrl;
    const parsed = parseGateways(settings.gateways, settings.baseUrl);
    const reused = this.match(parsed.flatMap((entry) => (entry.ok ? [entry.spec] : [])));
    const kept = new Set<Gateway>();
    const next: RegistryEntry[] = parsed.map((entry, position): RegistryEntry => {
      if (!entry.ok) {
        const where = entry.source.kind === 'legacy' ? 'legacy' : `list-${entry.source.index}`;
        return { ok: false, id: `invalid/${where}/${position}`, source: entry.source, problem: entry.problem };
      }
      const existing = reused.get(entry.spec);
      if (existing) {
        kept.add(existing);
        existing.update(entry.spec);
        return existing;
      }
      const created = this.create(entry.spec);
      kept.add(created);
      return created;
    });
    for (const [key, gateway] of this.byKey) {
      if (!kept.has(gateway)) {
        this.byKey.delete(key);
        gateway.dispose();
      }
    }
    const usable = next.filter(isGateway);
    keySlots(usable).forEach((slot, index) => (usable[index] as Gateway).connection.setKeySlot(slot));
    this.list = next;
    if (notify && before !== this.describe(next)) {
      this.changed.fire();
    }
  }

  /**
   * Which gateway each spec continues: the one with its base URL and name; else, on a base URL with exactly one
   * gateway left unmatched before and one spec after, that gateway (it was renamed).
   */
  private match(specs: readonly GatewaySpec[]): Map<GatewaySpec, Gateway> {
    const result = new Map<GatewaySpec, Gateway>();
    const free = new Set(this.byKey.values());
    for (const spec of specs) {
      const same = [...free].find((gateway) => gateway.base.href === spec.base.href && sameName(gateway.name, spec.name));
      if (same) {
        result.set(spec, same);
        free.delete(same);
      }
    }
    for (const spec of specs) {
      if (result.has(spec)) {
        continue;
      }
      const before = [...free].filter((gateway) => gateway.base.href === spec.base.href);
      const after = specs.filter((other) => other.base.href === spec.base.href && !result.has(other));
      if (before.length === 1 && after.length === 1) {
        result.set(spec, before[0] as Gateway);
        free.delete(before[0] as Gateway);
      }
    }
    return result;
  }

  private create(spec: GatewaySpec): Gateway {
    const connection = new GatewayConnection({
      base: spec.base,
      keys: this.deps.keys,
      consent: this.deps.consent,
      timeoutMs: this.deps.timeoutMs,
      proxy: this.deps.proxy,
      routeSettings: this.deps.routeSettings,
      userAgent: this.deps.userAgent,
      sentFrom: this.deps.sentFrom,
      onExchange: this.deps.onExchange,
      legacyKeys: () => this.deps.legacyKeys.ensure(() => this.legacyKeyMoves()),
    });
    // The identity of tree rows and per-gateway state: the base URL, made unique when another gateway has it already.
    let key = spec.base.href;
    for (let n = 2; this.byKey.has(key); n += 1) {
      key = `${spec.base.href}#${n}`;
    }
    const gateway = new Gateway(spec, connection, key);
    this.byKey.set(key, gateway);
    return gateway;
  }

  /** The keys of version 0.1 the gateways configured now take over (used once, by the first key lookup after the update). */
  private legacyKeyMoves(): LegacyKeyMove[] {
    const bases = [...new Map(this.gateways().map((gateway) => [gateway.base.href, gateway.base])).values()];
    return bases.filter((base) => ownsLegacyKey(base.href, bases, this.legacyBaseUrl)).map((base) => ({ origin: base.origin, scope: base.href }));
  }

  private describe(list: readonly RegistryEntry[]): string {
    return JSON.stringify(
      list.map((entry) => (isGateway(entry) ? [entry.key, entry.name, entry.color ?? '', entry.source] : [entry.id, entry.problem])),
    );
  }
}
