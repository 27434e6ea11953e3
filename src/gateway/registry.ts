/**
 * The gateway registry: settings → the configured gateways (each with its connection and its stores) and the entries
 * that cannot be used (with the reason). The only place that knows how many gateways there are; views, commands and
 * documents ask it. Reconciles on every settings change: a gateway whose base URL is still configured keeps its
 * connection and everything loaded (a rename is only a new name); a removed one is disposed, which discards its
 * responses still in flight.
 */
import * as vscode from 'vscode';
import type { ExchangeLog, ProxyOptions } from '../api/client';
import type { RouteSettings } from '../api/expectedRoute';
import type { ApiKeyStore } from '../auth/apiKeyStore';
import type { InsecureConsent } from '../auth/insecureConsent';
import type { LegacyKeyMigration, LegacyKeyMove } from '../auth/legacyKeyMigration';
import { GatewayConnection } from './connection';
import { Gateway } from './gateway';
import { ownsLegacyKey, parseGateways, sameName, type GatewayConfigProblem, type GatewaySource, type GatewaySpec } from './gatewayConfig';

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

  public byBaseUrl(href: string): Gateway | undefined {
    return this.byKey.get(href);
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
    this.legacyBaseUrl = settings.baseUrl;
    const parsed = parseGateways(settings.gateways, settings.baseUrl);
    const kept = new Set<string>();
    const next: RegistryEntry[] = parsed.map((entry, position): RegistryEntry => {
      if (!entry.ok) {
        const where = entry.source.kind === 'legacy' ? 'legacy' : `list-${entry.source.index}`;
        return { ok: false, id: `invalid/${where}/${position}`, source: entry.source, problem: entry.problem };
      }
      kept.add(entry.spec.base.href);
      const existing = this.byKey.get(entry.spec.base.href);
      if (existing) {
        existing.update(entry.spec);
        return existing;
      }
      return this.create(entry.spec);
    });
    for (const [key, gateway] of this.byKey) {
      if (!kept.has(key)) {
        this.byKey.delete(key);
        gateway.dispose();
      }
    }
    const before = this.describe(this.list);
    this.list = next;
    if (notify && before !== this.describe(next)) {
      this.changed.fire();
    }
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
      onExchange: this.deps.onExchange,
      legacyKeys: () => this.deps.legacyKeys.ensure(() => this.legacyKeyMoves()),
    });
    const gateway = new Gateway(spec, connection);
    this.byKey.set(spec.base.href, gateway);
    return gateway;
  }

  /** The keys of version 0.1 the gateways configured now take over (used once, by the first key lookup after the update). */
  private legacyKeyMoves(): LegacyKeyMove[] {
    const bases = this.gateways().map((gateway) => gateway.base);
    return bases.filter((base) => ownsLegacyKey(base.href, bases, this.legacyBaseUrl)).map((base) => ({ origin: base.origin, scope: base.href }));
  }

  private describe(list: readonly RegistryEntry[]): string {
    return JSON.stringify(
      list.map((entry) => (isGateway(entry) ? [entry.key, entry.name, entry.color ?? '', entry.source] : [entry.id, entry.problem])),
    );
  }
}
