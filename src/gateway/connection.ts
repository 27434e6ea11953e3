/**
 * The current way to reach the gateway: settings + key + consent → a GatewayClient, or the reason there is none.
 * Recomputed lazily after anything it depends on changes; fires `onDidChange` so the trees start over.
 */
import * as vscode from 'vscode';
import { GatewayClient } from '../api/client';
import { parseBaseUrl } from '../api/baseUrl';
import { GatewayError } from '../api/errors';
import type { CheckedWebhook, PageGroupPage, PageGroupQuery } from '../api/model';
import type { ApiKeyStore } from '../auth/apiKeyStore';
import type { InsecureConsent } from '../auth/insecureConsent';
import type { Logger } from '../log/logger';
import type { Settings } from '../config/settings';
import { describeBaseUrlProblem } from '../views/common/errorText';

export type ConnectionState =
  | { readonly kind: 'noUrl' }
  | { readonly kind: 'badUrl'; readonly reason: string }
  | { readonly kind: 'noKey'; readonly origin: string }
  | { readonly kind: 'keyUnavailable'; readonly origin: string; readonly message: string }
  | { readonly kind: 'insecureDenied'; readonly origin: string }
  | { readonly kind: 'ready'; readonly origin: string; readonly client: GatewayClient };

export interface ConnectionDeps {
  readonly keys: ApiKeyStore;
  readonly consent: InsecureConsent;
  readonly logger: Logger;
  readonly settings: () => Settings;
  readonly userAgent: string;
}

export class GatewayConnection implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the URL, the key, the timeout or the consent changed: whatever was loaded must be reloaded. */
  public readonly onDidChange: vscode.Event<void> = this.changed.event;
  private current: Promise<ConnectionState> | undefined;
  /** The key the current client uses (kept in memory only) to tell a real key change from an echo. */
  private currentKey: string | undefined;
  private clients: GatewayClient[] = [];
  private readonly subscriptions: vscode.Disposable[] = [];

  public constructor(private readonly deps: ConnectionDeps) {
    this.subscriptions.push(deps.keys.onDidChange((origin) => void this.keyChanged(origin)));
  }

  /** The origin of the configured base URL, when it is valid. */
  public origin(): string | undefined {
    const base = parseBaseUrl(this.deps.settings().baseUrl);
    return base.ok ? base.origin : undefined;
  }

  public state(): Promise<ConnectionState> {
    this.current ??= this.compute();
    return this.current;
  }

  /**
   * The key of `origin` was stored or deleted (here or in another window). Starts over only when the key of the
   * configured origin really differs from the one in use, so a change and its echo reload once.
   */
  public async keyChanged(origin: string): Promise<void> {
    if (this.origin() !== origin) {
      return;
    }
    const lookup = await this.deps.keys.get(origin);
    const key = lookup.kind === 'found' ? lookup.key : undefined;
    if (this.current !== undefined && key === this.currentKey) {
      return;
    }
    this.invalidate();
  }

  /** Forget the current client; the next `state()` builds a new one. Tells listeners to reload. */
  public invalidate(): void {
    this.current = undefined;
    this.currentKey = undefined;
    const old = this.clients;
    this.clients = [];
    for (const client of old) {
      client.close().catch(() => undefined);
    }
    this.changed.fire();
  }

  public async listPageGroups(query: PageGroupQuery, signal: AbortSignal): Promise<PageGroupPage> {
    return (await this.readyClient()).listPageGroups(query, signal);
  }

  public async listWebhookSubscriptions(signal?: AbortSignal): Promise<readonly CheckedWebhook[]> {
    return (await (await this.readyClient()).listWebhookSubscriptions(signal)).items;
  }

  public dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    this.changed.dispose();
    this.clients.forEach((client) => client.close().catch(() => undefined));
    this.clients = [];
  }

  private async readyClient(): Promise<GatewayClient> {
    const state = await this.state();
    if (state.kind === 'ready') {
      return state.client;
    }
    throw new GatewayError('invalidRequest', describeNotReady(state));
  }

  private async compute(): Promise<ConnectionState> {
    const settings = this.deps.settings();
    if (settings.baseUrl === '') {
      return { kind: 'noUrl' };
    }
    const base = parseBaseUrl(settings.baseUrl);
    if (!base.ok) {
      return { kind: 'badUrl', reason: describeBaseUrlProblem(base.problem) };
    }
    const lookup = await this.deps.keys.get(base.origin);
    this.currentKey = lookup.kind === 'found' ? lookup.key : undefined;
    if (lookup.kind === 'missing') {
      return { kind: 'noKey', origin: base.origin };
    }
    if (lookup.kind === 'unavailable') {
      return { kind: 'keyUnavailable', origin: base.origin, message: lookup.message };
    }
    if (!base.isSecure && !base.isLoopback) {
      const answer = await this.deps.consent.ask(base.origin);
      if (answer !== 'allow') {
        this.deps.logger.warn(`Not sending the API key to ${base.origin}: plain HTTP was not allowed for this origin.`);
        return { kind: 'insecureDenied', origin: base.origin };
      }
    }
    const client = new GatewayClient({
      baseUrl: base.href,
      apiKey: lookup.key,
      timeoutMs: settings.timeoutMs,
      userAgent: this.deps.userAgent,
      onExchange: (log) => this.deps.logger.exchange(log),
    });
    this.clients.push(client);
    return { kind: 'ready', origin: base.origin, client };
  }
}

/** A sentence for a state that has no client. */
export function describeNotReady(state: Exclude<ConnectionState, { kind: 'ready' }>): string {
  switch (state.kind) {
    case 'noUrl':
      return 'No gateway URL is set. Run “Page Gateway: Set Gateway URL…”.';
    case 'badUrl':
      return `The gateway URL in settings is not valid: ${state.reason}`;
    case 'noKey':
      return `No API key is stored for ${state.origin}. Run “Page Gateway: Set API Key…”.`;
    case 'keyUnavailable':
      return state.message;
    case 'insecureDenied':
      return `The API key is not sent to ${state.origin} over plain HTTP. Use an https:// URL, or run “Page Gateway: Set Gateway URL…” to answer again.`;
  }
}
