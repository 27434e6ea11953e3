/**
 * The Webhook Inbox of this window: the deliveries (in memory only), the receiver while it runs, its addresses (local,
 * what the editor forwards it as, the user's public one), and which loaded subscriptions each delivery belongs to. It
 * never starts by itself; disposing it (the window closing) stops the receiver and frees the port.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { plainText } from '../../../../text/surfaceText';
import { isLoopbackName } from '../model/hostCheck';
import type { CheckedWebhook } from '../../../../api/model';
import type { Gateway } from '../../../../gateway/gateway';
import type { GatewayRegistry } from '../../../../gateway/registry';
import type { Logger } from '../../../../log/logger';
import { WEBHOOKS_STORE } from '../../webhookKind';
import type { Delivery } from '../model/delivery';
import { targetPath } from '../model/delivery';
import type { ForwardTarget } from '../model/forwarder';
import { Inbox } from '../model/inbox';
import { pointsAtInbox, SubscriptionMatcher, type InboxAddress, type SubscriptionEntry } from '../model/matching';
import type { Receiver } from '../model/receiver';
import { readInboxSettings, type InboxSettings } from '../inboxSettings';

/** Global state: the handler origins (not on this machine) the user confirmed forwarding to. */
export const CONFIRMED_KEY = 'pageGateway.webhookInbox.confirmedHandlers';

export type Match = SubscriptionEntry<Gateway, CheckedWebhook>;

export class InboxSession implements vscode.Disposable {
  public readonly inbox: Inbox;
  /** What the last Clear removed, until it is undone or the inbox is cleared again (the notification's Undo). */
  public lastCleared: readonly Delivery[] | undefined;
  private receiver: Receiver | undefined;
  private settings: InboxSettings = readInboxSettings();
  /** What `asExternalUri` gave for the local address. */
  private externalUrl: string | undefined;
  private matcher: { readonly stamp: string; readonly matcher: SubscriptionMatcher<Gateway, CheckedWebhook> } | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  /** The deliveries, the receiver's state or the settings changed. */
  public readonly onDidChange: vscode.Event<void> = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];

  /** The port picked when the setting says 0: kept for the next starts in this window (a tunnel made for it keeps working). */
  private pickedPort: number | undefined;
  /** Handler origins the user declined to forward to in this window (asked again after a restart or a settings change). */
  private readonly declined = new Set<string>();
  /** Handler origins being asked about now (one question per origin). */
  private readonly asking = new Set<string>();

  public constructor(
    private readonly registry: GatewayRegistry,
    private readonly logger: Logger,
    /** Where the handler hosts the user confirmed are remembered (the editor's global state). */
    private readonly memory?: vscode.Memento,
  ) {
    this.inbox = new Inbox(this.settings.maxDeliveries, this.settings.maxTotalBytes);
    const listener = this.inbox.onDidChange(() => this.changed.fire());
    this.subscriptions.push({ dispose: () => listener.dispose() }, this.changed);
  }

  public get running(): boolean {
    return this.receiver !== undefined;
  }

  public get port(): number | undefined {
    return this.receiver?.port;
  }

  public get current(): InboxSettings {
    return this.settings;
  }

  /** `http://127.0.0.1:<port>` while running. */
  public localUrl(): string | undefined {
    const port = this.port;
    return port === undefined ? undefined : `http://127.0.0.1:${port}`;
  }

  /** The address to give the gateway: the public one when set, else the editor's forwarded one, else the local one. */
  public shareableUrl(): string | undefined {
    if (!this.running) {
      return undefined;
    }
    return this.settings.publicUrl || this.externalUrl || this.localUrl();
  }

  public external(): string | undefined {
    return this.externalUrl;
  }

  public address(): InboxAddress {
    return { port: this.port, ...(this.externalUrl === undefined ? {} : { external: this.externalUrl }), ...(this.settings.publicUrl === '' ? {} : { publicUrl: this.settings.publicUrl }) };
  }

  /** The port the next start uses: the setting, else the one picked at the last start in this window, else any. */
  public nextPort(): number {
    return this.settings.port !== 0 ? this.settings.port : (this.pickedPort ?? 0);
  }

  /** Whether deliveries may be forwarded to `origin`: one on this machine always; another once the user confirmed it. */
  public confirmed(origin: URL): boolean {
    if (isLoopbackName(origin.hostname)) {
      return true;
    }
    return this.confirmedOrigins().includes(origin.origin);
  }

  private confirmedOrigins(): string[] {
    const stored = this.memory?.get<unknown>(CONFIRMED_KEY);
    return Array.isArray(stored) ? stored.filter((s): s is string => typeof s === 'string') : [];
  }

  /**
   * Asks, once per handler origin not on this machine, whether deliveries (bodies and signature headers) may go
   * there; a Yes is remembered (global state), a No holds for this window until the setting changes. Resolves with
   * the answer (true at once for a loopback or confirmed origin).
   */
  public async confirmForwarding(origin: URL): Promise<boolean> {
    if (this.confirmed(origin)) {
      return true;
    }
    if (this.declined.has(origin.origin) || this.asking.has(origin.origin)) {
      return false;
    }
    this.asking.add(origin.origin);
    try {
      const allow = l10n.t('Forward to {0}', plainText(origin.host, 80));
      const answer = await vscode.window.showWarningMessage(
        l10n.t('pageGateway.webhookInbox.forwardTo sends every delivery (its body and signature headers) to {0}, which is not on this machine. Forward deliveries there?', plainText(origin.origin, 120)),
        { modal: true, detail: l10n.t('Until you confirm, deliveries are recorded and answered 503, and not forwarded. Your answer is remembered for this host.') },
        allow,
      );
      if (answer === allow) {
        await this.memory?.update(CONFIRMED_KEY, [...this.confirmedOrigins(), origin.origin]);
        this.changed.fire();
        return true;
      }
      this.declined.add(origin.origin);
      return false;
    } finally {
      this.asking.delete(origin.origin);
    }
  }

  /** The handler's origin when forwarding is set, else undefined. */
  public handlerOrigin(): URL | undefined {
    const base = this.settings.forwardTo;
    if (base === '') {
      return undefined;
    }
    try {
      const url = new URL(base);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
    } catch {
      return undefined;
    }
  }

  /** Starts on `port` (default: the setting, or the port picked before); rejects with the receiver's BindError when the port cannot be used. */
  public async start(port: number = this.nextPort()): Promise<void> {
    // The receiver's code (node:http server, forwarding) is loaded at the first start (dist/onDemand.js); later, at once.
    const { Receiver } = await import('../model/receiver.js');
    if (this.receiver !== undefined) {
      return;
    }
    const receiver = new Receiver(
      {
        port,
        maxBodyBytes: this.settings.maxBodyBytes,
        timeoutMs: this.settings.timeoutMs,
        forwardTo: () => this.settings.forwardTo || undefined,
        forwardMethods: () => this.settings.forwardMethods,
        origins: () => [this.settings.publicUrl, this.externalUrl ?? ''].filter((url) => url !== ''),
        confirmed: (origin) => {
          if (this.confirmed(origin)) {
            return true;
          }
          void this.confirmForwarding(origin);
          return false;
        },
        maxConnections: this.settings.maxConnections,
        budget: this.inbox.budget,
      },
      { received: (delivery) => this.inbox.add(delivery), forwarded: (delivery) => this.inbox.update(delivery) },
      { next: () => this.inbox.nextId() },
    );
    await receiver.start();
    this.receiver = receiver;
    if (this.settings.port === 0) {
      this.pickedPort = receiver.port;
    }
    const local = this.localUrl() as string;
    this.logger.info(`Webhook Inbox listening on ${local}`);
    this.changed.fire();
    try {
      const external = await vscode.env.asExternalUri(vscode.Uri.parse(local));
      // The URI's own form: `toString(true)` keeps it readable; a trailing slash on a bare origin is dropped.
      const text = external.toString(true).replace(/^(https?:\/\/[^/]+)\/$/, '$1');
      this.externalUrl = text === local ? undefined : text;
    } catch {
      this.externalUrl = undefined;
    }
    this.changed.fire();
    const origin = this.handlerOrigin();
    if (origin !== undefined) {
      void this.confirmForwarding(origin);
    }
  }

  public async stop(): Promise<void> {
    const receiver = this.receiver;
    this.receiver = undefined;
    this.externalUrl = undefined;
    if (receiver !== undefined) {
      await receiver.stop();
      this.logger.info('Webhook Inbox stopped');
      this.changed.fire();
    }
  }

  /** Sends `delivery` again and records the answer as a new delivery marked as a replay of it. */
  public async replay(delivery: Delivery, destination: ForwardTarget): Promise<Delivery> {
    const { Receiver } = await import('../model/receiver.js');
    const sender =
      this.receiver ??
      new Receiver({ port: 0, maxBodyBytes: this.settings.maxBodyBytes, timeoutMs: this.settings.timeoutMs, forwardTo: () => undefined }, { received: () => undefined, forwarded: () => undefined });
    const id = this.inbox.nextId();
    const pending: Delivery = { ...delivery, remote: undefined, id, receivedAt: Date.now(), replayOf: delivery.id, forward: { kind: 'pending', target: destination.href } };
    this.inbox.add(pending);
    try {
      const outcome = await sender.replay(delivery, destination);
      const done: Delivery = { ...pending, forward: outcome };
      this.inbox.update(done);
      return done;
    } finally {
      if (sender !== this.receiver) {
        await sender.stop();
      }
    }
  }

  /** Settings changed: the limits apply at once (the port at the next start). */
  public settingsChanged(): void {
    const before = this.settings;
    this.settings = readInboxSettings();
    this.inbox.resize(this.settings.maxDeliveries, this.settings.maxTotalBytes);
    if (before.forwardTo !== this.settings.forwardTo) {
      this.declined.clear();
      const origin = this.handlerOrigin();
      if (origin !== undefined && this.receiver !== undefined) {
        void this.confirmForwarding(origin);
      }
    }
    const restart =
      this.receiver !== undefined &&
      (before.maxBodyBytes !== this.settings.maxBodyBytes || before.timeoutMs !== this.settings.timeoutMs || before.maxConnections !== this.settings.maxConnections);
    if (restart) {
      // The receiver keeps its port: its limits are read when it is made, so it is made again on the same port.
      const port = this.port;
      void this.stop()
        .then(() => this.start(port))
        .catch((error: unknown) => {
          this.logger.warn(`Webhook Inbox could not start again on port ${port ?? '?'} after a settings change: ${error instanceof Error ? error.message : String(error)}`);
          this.changed.fire();
        });
    }
    this.matcher = undefined;
    this.changed.fire();
  }

  /** The loaded subscriptions a delivery belongs to (by path; by host too when a public address narrows it). */
  public matchesOf(delivery: Delivery): readonly Match[] {
    return this.currentMatcher().match(targetPath(delivery.target));
  }

  /** A stamp that changes when the loaded subscription lists do (for caches). */
  public listsStamp(): string {
    return this.registry
      .gateways()
      .map((gateway) => `${gateway.name}:${gateway.existingStore(WEBHOOKS_STORE)?.version ?? '-'}`)
      .join('|');
  }

  public multipleGateways(): boolean {
    return this.registry.gateways().length > 1;
  }

  /** Whether a loaded subscription's URL reaches the inbox (while it runs). */
  public anySubscriptionPointsHere(): boolean {
    if (!this.running) {
      return false;
    }
    const address = this.address();
    return this.registry.gateways().some((gateway) => {
      const list = gateway.existingStore(WEBHOOKS_STORE);
      return (list?.loaded ? list.items : []).some((item) => pointsAtInbox(item.value.url, address));
    });
  }

  /** Whether a subscription's URL reaches the inbox while it runs. */
  public pointsHere(url: string | undefined): boolean {
    return this.running && pointsAtInbox(url, this.address());
  }

  private currentMatcher(): SubscriptionMatcher<Gateway, CheckedWebhook> {
    const stamp = `${this.listsStamp()}#${this.settings.publicUrl}`;
    if (this.matcher?.stamp !== stamp) {
      const entries: Match[] = [];
      for (const gateway of this.registry.gateways()) {
        const list = gateway.existingStore(WEBHOOKS_STORE);
        for (const item of list?.loaded ? list.items : []) {
          entries.push({ gateway, subscription: item, url: item.value.url, active: item.value.active === true, events: item.value.events });
        }
      }
      this.matcher = { stamp, matcher: new SubscriptionMatcher(entries, this.settings.publicUrl) };
    }
    return this.matcher.matcher;
  }

  public dispose(): void {
    void this.stop();
    this.subscriptions.forEach((s) => s.dispose());
  }
}
