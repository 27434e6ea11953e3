/**
 * The Webhook Inbox of this window: the deliveries (in memory only), the receiver while it runs, its addresses (local,
 * what the editor forwards it as, the user's public one), and which loaded subscriptions each delivery belongs to. It
 * never starts by itself; disposing it (the window closing) stops the receiver and frees the port.
 */
import * as vscode from 'vscode';
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

export type Match = SubscriptionEntry<Gateway, CheckedWebhook>;

export class InboxSession implements vscode.Disposable {
  public readonly inbox: Inbox;
  private receiver: Receiver | undefined;
  private settings: InboxSettings = readInboxSettings();
  /** What `asExternalUri` gave for the local address. */
  private externalUrl: string | undefined;
  private matcher: { readonly stamp: string; readonly matcher: SubscriptionMatcher<Gateway, CheckedWebhook> } | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  /** The deliveries, the receiver's state or the settings changed. */
  public readonly onDidChange: vscode.Event<void> = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];

  public constructor(
    private readonly registry: GatewayRegistry,
    private readonly logger: Logger,
  ) {
    this.inbox = new Inbox(this.settings.maxDeliveries);
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

  /** Starts on `port` (default: the setting); rejects with the receiver's BindError when the port cannot be used. */
  public async start(port: number = this.settings.port): Promise<void> {
    // The receiver's code (node:http server, forwarding) is loaded at the first start (dist/onDemand.js); later, at once.
    const { Receiver } = await import('../model/receiver.js');
    if (this.receiver !== undefined) {
      return;
    }
    const receiver = new Receiver(
      { port, maxBodyBytes: this.settings.maxBodyBytes, timeoutMs: this.settings.timeoutMs, forwardTo: () => this.settings.forwardTo || undefined },
      { received: (delivery) => this.inbox.add(delivery), forwarded: (delivery) => this.inbox.update(delivery) },
      { next: () => this.inbox.nextId() },
    );
    await receiver.start();
    this.receiver = receiver;
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
    this.inbox.resize(this.settings.maxDeliveries);
    const restart = this.receiver !== undefined && (before.maxBodyBytes !== this.settings.maxBodyBytes || before.timeoutMs !== this.settings.timeoutMs);
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
