/**
 * Automatic refresh of the webhook lists (`pageGateway.webhooks.autoRefreshSeconds`, 0 = off): only while the Webhook
 * Subscriptions view is visible and the window has focus, and only for gateways whose list is loaded (a collapsed
 * gateway that never loaded costs nothing). Each gateway has its own timer: a failed poll keeps what is shown (the view
 * says so) and backs off (pollBackoff.ts); a rejected key (401/403) stops polling that gateway until its key changes.
 * The marks of what changed are those of a manual refresh (webhookChanges.ts).
 */
import * as vscode from 'vscode';
import type { Gateway } from '../../../gateway/gateway';
import type { GatewayRegistry } from '../../../gateway/registry';
import { afterPoll, FRESH, nextDelaySeconds, type PollOutcome, type PollState } from '../model/pollBackoff';
import { WEBHOOKS_STORE } from '../webhookKind';
import type { WebhooksProvider } from './webhooksProvider';

export interface PollerDeps {
  readonly registry: GatewayRegistry;
  readonly webhooks: WebhooksProvider;
  readonly view: vscode.TreeView<unknown>;
  /** 0 = off. */
  readonly intervalSeconds: () => number;
}

interface GatewayPolling {
  state: PollState;
  timer?: ReturnType<typeof setTimeout>;
  polling: boolean;
  /** Its connection's key/consent changes. */
  readonly subscription: vscode.Disposable;
}

export class WebhookPoller implements vscode.Disposable {
  private readonly gateways = new Map<Gateway, GatewayPolling>();
  private readonly subscriptions: vscode.Disposable[];
  private readonly changed = new vscode.EventEmitter<void>();
  /** A gateway's polling state changed (failed, recovered, paused). */
  public readonly onDidChange: vscode.Event<void> = this.changed.event;
  private msPerSecond = 1000;
  private disposed = false;

  public constructor(private readonly deps: PollerDeps) {
    this.subscriptions = [
      deps.view.onDidChangeVisibility(() => this.sync()),
      vscode.window.onDidChangeWindowState(() => this.sync()),
      deps.registry.onDidChange(() => this.sync()),
      // A list landed, failed or was reset (the key changed): a gateway may start or stop needing a timer.
      deps.webhooks.onDidChangeTreeData(() => this.sync()),
    ];
    this.sync();
  }

  /** Whether polls run now: on, the view visible and the window focused. */
  public get active(): boolean {
    return this.deps.intervalSeconds() > 0 && this.deps.view.visible && vscode.window.state.focused;
  }

  /** Gateways whose last poll failed, with how many failures in a row; and those paused by a rejected key. */
  public trouble(): { failing: Gateway[]; paused: Gateway[] } {
    const failing: Gateway[] = [];
    const paused: Gateway[] = [];
    for (const [gateway, entry] of this.gateways) {
      if (entry.state.paused) {
        paused.push(gateway);
      } else if (entry.state.failures > 0) {
        failing.push(gateway);
      }
    }
    return { failing, paused };
  }

  /** The interval setting changed: timers start over with it. */
  public settingsChanged(): void {
    this.gateways.forEach((entry) => this.clearTimer(entry));
    this.sync();
  }

  /** Tests only: how long a "second" of the setting is, so a suite need not wait 10 s per poll. */
  public setMillisecondsPerSecond(ms: number): void {
    this.msPerSecond = ms;
    this.settingsChanged();
  }

  public dispose(): void {
    this.disposed = true;
    this.gateways.forEach((entry, gateway) => this.drop(gateway, entry));
    this.subscriptions.forEach((s) => s.dispose());
    this.changed.dispose();
  }

  /** Starts the timers that should run and stops the others. */
  private sync(): void {
    if (this.disposed) {
      return;
    }
    const current = new Set(this.deps.registry.gateways());
    for (const [gateway, entry] of this.gateways) {
      if (!current.has(gateway)) {
        this.drop(gateway, entry);
      }
    }
    const active = this.active;
    for (const gateway of current) {
      const entry = this.entry(gateway);
      const loaded = gateway.existingStore(WEBHOOKS_STORE)?.loaded === true;
      if (!active || !loaded || entry.state.paused) {
        this.clearTimer(entry);
      } else if (entry.timer === undefined && !entry.polling) {
        this.schedule(gateway, entry);
      }
    }
  }

  private entry(gateway: Gateway): GatewayPolling {
    let entry = this.gateways.get(gateway);
    if (entry === undefined) {
      // A new key (or consent) starts over: a paused gateway polls again once its list loads.
      const subscription = gateway.connection.onDidChange(() => {
        const current = this.gateways.get(gateway);
        if (current !== undefined) {
          current.state = FRESH;
          this.changed.fire();
          this.sync();
        }
      });
      entry = { state: FRESH, polling: false, subscription };
      this.gateways.set(gateway, entry);
    }
    return entry;
  }

  private schedule(gateway: Gateway, entry: GatewayPolling): void {
    const seconds = nextDelaySeconds(this.deps.intervalSeconds(), entry.state);
    if (seconds === undefined) {
      return;
    }
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      void this.poll(gateway, entry);
    }, seconds * this.msPerSecond);
  }

  private async poll(gateway: Gateway, entry: GatewayPolling): Promise<void> {
    if (!this.active || gateway.removed) {
      return;
    }
    entry.polling = true;
    try {
      await this.deps.webhooks.reload(gateway);
    } finally {
      entry.polling = false;
    }
    if (this.disposed || gateway.removed) {
      return;
    }
    const list = gateway.existingStore(WEBHOOKS_STORE);
    const outcome: PollOutcome = list?.error === undefined ? 'ok' : list.error.kind === 'unauthorized' ? 'unauthorized' : 'failed';
    const before = entry.state;
    entry.state = afterPoll(entry.state, outcome);
    if (before.failures !== entry.state.failures || before.paused !== entry.state.paused) {
      this.changed.fire();
    }
    this.sync();
  }

  private drop(gateway: Gateway, entry: GatewayPolling): void {
    this.clearTimer(entry);
    entry.subscription.dispose();
    this.gateways.delete(gateway);
  }

  private clearTimer(entry: GatewayPolling): void {
    if (entry.timer !== undefined) {
      clearTimeout(entry.timer);
      entry.timer = undefined;
    }
  }
}
