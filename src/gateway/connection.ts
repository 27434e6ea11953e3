/**
 * One gateway's way in: its base URL + its key + the plain-HTTP consent of its origin → a GatewayClient, or the reason
 * there is none. Computed lazily; recomputed after the key or the consent changed (then `onDidChange` fires, so what
 * was loaded from this gateway is loaded again). Also keeps the gateway's health as the last answers showed it.
 * Nothing here asks the user anything: consent is asked by commands, never while a tree renders.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { GatewayClient, type ProxyOptions } from '../api/client';
import { GatewayError } from '../api/errors';
import type { ApiKeyStore, KeyLookup } from '../auth/apiKeyStore';
import type { InsecureConsent } from '../auth/insecureConsent';
import type { ExchangeLog } from '../api/client';
import { staysOnMachine, type RouteSettings } from '../api/expectedRoute';
import { keyScope, type KeySlot, type ValidBaseUrl } from './gatewayConfig';

export type ConnectionState =
  | { readonly kind: 'noKey' }
  | { readonly kind: 'keyUnavailable'; readonly reason: string }
  /** Plain HTTP to another machine, and nobody answered whether the key may go there. */
  | { readonly kind: 'insecureUnanswered' }
  | { readonly kind: 'insecureDenied' }
  | { readonly kind: 'ready'; readonly client: GatewayClient };

export type NotReadyState = Exclude<ConnectionState, { kind: 'ready' }>;

/** What the last answers of this gateway said. */
export type GatewayHealth = 'unknown' | 'ok' | 'keyRejected' | 'unreachable';

export interface ConnectionDeps {
  readonly base: ValidBaseUrl;
  readonly keys: ApiKeyStore;
  readonly consent: InsecureConsent;
  readonly timeoutMs: () => number;
  /** `http.proxyAuthorization` and `http.proxyStrictSSL` (the editor's networking applies the other proxy settings). */
  readonly proxy: () => ProxyOptions;
  /** `http.proxy`, `http.noProxy`, `http.proxySupport`: how the editor will route this gateway's requests. */
  readonly routeSettings: () => RouteSettings;
  readonly userAgent: string;
  /** The remote machine the requests leave from, in a remote window (`GatewayClientOptions.sentFrom`). */
  readonly sentFrom?: string;
  readonly onExchange: (log: ExchangeLog) => void;
  /** The one-time move of the keys version 0.1 stored per origin (see legacyKeyMigration.ts), awaited before the key is read. */
  readonly legacyKeys: () => Promise<void>;
}

export class GatewayConnection implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** The key or the consent changed: whatever was loaded from this gateway must be loaded again. */
  public readonly onDidChange: vscode.Event<void> = this.changed.event;
  private readonly healthChanged = new vscode.EventEmitter<void>();
  public readonly onDidChangeHealth: vscode.Event<void> = this.healthChanged.event;
  private current: Promise<ConnectionState> | undefined;
  /** The key the current state was computed with (in memory only), to tell a real key change from its echo. */
  private currentKey: Promise<string | undefined> = Promise.resolve(undefined);
  private keyCheck: Promise<void> = Promise.resolve();
  private clients: GatewayClient[] = [];
  private healthState: GatewayHealth = 'unknown';
  /** `needsConsent` when the current state was computed (undefined: not computed since the last change). */
  private consentDecided: boolean | undefined;
  /**
   * The editor routed a request that was to stay on this machine through a proxy (the settings did not tell): consent
   * is needed until the proxy settings change.
   */
  private routedThroughProxy = false;
  private disposed = false;
  private readonly subscriptions: vscode.Disposable[] = [];
  /** Where the key lives (the registry sets it: it depends on whether another gateway shares the URL). */
  private slot: KeySlot;

  public constructor(private readonly deps: ConnectionDeps) {
    this.slot = { scope: keyScope(deps.base), formerScopes: [] };
    this.subscriptions.push(
      deps.keys.onDidChange((scope) => {
        if (scope === this.scope) {
          void this.keyChanged();
        }
      }),
      deps.consent.onDidChange((origin) => {
        if (origin === deps.base.origin) {
          this.invalidate();
        }
      }),
    );
  }

  /** The secret the key is stored under: the base URL, or URL and name when another gateway shares the URL. */
  public get scope(): string {
    return this.slot.scope;
  }

  /** Every secret that may hold this gateway's key (its scope, then where an earlier configuration kept it). */
  public get scopes(): readonly string[] {
    return [this.slot.scope, ...this.slot.formerScopes];
  }

  /**
   * The registry says where the key lives now (the gateway was renamed, or another gateway on its URL was added or
   * removed). Reloads only when the key found there differs from the one in use.
   */
  public setKeySlot(slot: KeySlot): void {
    if (slot.scope === this.slot.scope && slot.formerScopes.join('\n') === this.slot.formerScopes.join('\n')) {
      return;
    }
    this.slot = slot;
    if (this.current !== undefined) {
      void this.keyChanged();
    }
  }

  /** Deletes the key from its scope and every former scope (Clear API Key: nothing of it is found again). */
  public async deleteKey(): Promise<void> {
    for (const scope of this.scopes) {
      await this.deps.keys.delete(scope);
    }
  }

  /**
   * The stored key: under its scope, else under a former scope (then moved to the scope: the key stays with the
   * gateway it served).
   */
  public async readKey(): Promise<KeyLookup> {
    const slot = this.slot;
    const lookup = await this.deps.keys.get(slot.scope);
    if (lookup.kind !== 'missing') {
      return lookup;
    }
    for (const former of slot.formerScopes) {
      const moved = await this.deps.keys.move(former, slot.scope);
      if (moved !== undefined) {
        return { kind: 'found', key: moved };
      }
    }
    return lookup;
  }

  public get base(): ValidBaseUrl {
    return this.deps.base;
  }

  /**
   * Whether the key could travel over plain HTTP off this machine (the consent question applies): every plain-HTTP
   * gateway but those whose requests stay on it, that is a loopback host the editor surely routes directly (its
   * built-in bypass of `localhost`, `127.0.0.1` and `::1`, or `http.noProxy`). A loopback host the editor may send
   * through a proxy (`127.0.0.2` with `http.proxy` set) needs consent: the proxy reads the request, key included.
   */
  public get needsConsent(): boolean {
    if (this.deps.base.isSecure) {
      return false;
    }
    return this.routedThroughProxy || !staysOnMachine(this.deps.base.href, this.deps.routeSettings());
  }

  public get health(): GatewayHealth {
    return this.healthState;
  }

  public state(): Promise<ConnectionState> {
    if (this.current === undefined) {
      const computed = this.compute();
      this.current = computed.then((c) => c.state);
      this.currentKey = computed.then((c) => c.key);
    }
    return this.current;
  }

  /**
   * The key of this gateway was stored or deleted (here or in another window). Starts over only when the stored key
   * differs from the one in use; checks run one after another, so a change and its echo reload once.
   */
  public keyChanged(): Promise<void> {
    this.keyCheck = this.keyCheck.then(async () => {
      if (this.disposed) {
        return;
      }
      const inUse = this.current === undefined ? undefined : await this.currentKey;
      const lookup = await this.readKey();
      const stored = lookup.kind === 'found' ? lookup.key : undefined;
      if (this.current !== undefined && stored === inUse) {
        return;
      }
      this.invalidate();
      await this.state();
    });
    return this.keyCheck;
  }

  /** Forgets the current client; the next `state()` builds a new one. Tells listeners to reload. */
  public invalidate(): void {
    this.dropClient();
    this.setHealth('unknown');
    this.changed.fire();
  }

  /**
   * A setting the client is built with changed (the timeout, the editor's proxy settings): the next request uses a
   * new client, nothing reloads.
   */
  public rebuildClient(): void {
    this.routedThroughProxy = false;
    if (this.consentDecided !== undefined && this.consentDecided !== this.needsConsent) {
      // The new route changes whether the key may go without asking: what is shown must say so.
      this.invalidate();
      return;
    }
    // Requests in flight finish on the old client (closed once they are surely done): nothing loaded is lost.
    const graceMs = this.deps.timeoutMs() * 3 + 1000;
    this.dropClient((client) => setTimeout(() => void client.close().catch(() => undefined), graceMs).unref());
  }

  /** Runs `call` with the ready client; records what the answer says about the gateway's health. */
  public async withClient<T>(call: (client: GatewayClient) => Promise<T>): Promise<T> {
    const state = await this.state();
    if (state.kind !== 'ready') {
      throw new GatewayError('invalidRequest', l10n.t('The gateway is not ready to send requests ({0}).', state.kind));
    }
    try {
      const result = await call(state.client);
      this.setHealth('ok');
      return result;
    } catch (error) {
      if (error instanceof GatewayError) {
        if (error.facts.kind === 'invalidRequest' && error.facts.reason === 'leavesMachine' && !this.routedThroughProxy) {
          // Nothing was sent: the gateway now shows the consent question instead.
          this.routedThroughProxy = true;
          this.invalidate();
        }
        if (error.kind === 'unauthorized') {
          this.setHealth('keyRejected');
        } else if (error.kind === 'network' || error.kind === 'timeout') {
          this.setHealth('unreachable');
        } else if (error.kind !== 'cancelled' && error.kind !== 'invalidRequest') {
          this.setHealth('ok');
        }
      }
      throw error;
    }
  }

  public dispose(): void {
    this.disposed = true;
    this.subscriptions.forEach((s) => s.dispose());
    this.changed.dispose();
    this.healthChanged.dispose();
    this.clients.forEach((client) => client.close().catch(() => undefined));
    this.clients = [];
    this.current = undefined;
  }

  private dropClient(close: (client: GatewayClient) => void = (client) => void client.close().catch(() => undefined)): void {
    this.current = undefined;
    this.currentKey = Promise.resolve(undefined);
    this.consentDecided = undefined;
    const old = this.clients;
    this.clients = [];
    old.forEach(close);
  }

  private setHealth(health: GatewayHealth): void {
    if (health !== this.healthState) {
      this.healthState = health;
      this.healthChanged.fire();
    }
  }

  private async compute(): Promise<{ state: ConnectionState; key: string | undefined }> {
    const base = this.deps.base;
    await this.deps.legacyKeys();
    const lookup = await this.readKey();
    if (lookup.kind === 'missing') {
      return { state: { kind: 'noKey' }, key: undefined };
    }
    if (lookup.kind === 'unavailable') {
      return { state: { kind: 'keyUnavailable', reason: lookup.reason }, key: undefined };
    }
    const needsConsent = this.needsConsent;
    this.consentDecided = needsConsent;
    if (needsConsent) {
      const answer = this.deps.consent.remembered(base.origin);
      if (answer !== 'allow') {
        return { state: { kind: answer === 'deny' ? 'insecureDenied' : 'insecureUnanswered' }, key: lookup.key };
      }
    }
    const client = new GatewayClient({
      baseUrl: base.href,
      apiKey: lookup.key,
      timeoutMs: this.deps.timeoutMs(),
      proxy: this.deps.proxy(),
      // Plain HTTP without the user's consent: only while each request goes direct.
      directOnly: !base.isSecure && !needsConsent,
      userAgent: this.deps.userAgent,
      sentFrom: this.deps.sentFrom,
      onExchange: this.deps.onExchange,
    });
    if (this.disposed) {
      void client.close().catch(() => undefined);
    } else {
      this.clients.push(client);
    }
    return { state: { kind: 'ready', client }, key: lookup.key };
  }
}
