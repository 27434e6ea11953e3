/**
 * The Webhook Inbox feature, wired in one call from extension.ts: its session (receiver and deliveries), view,
 * documents and commands, and what it adds to the Webhook Subscriptions view (a note on rows whose URL points at the
 * inbox, and a finding on inactive subscriptions the inbox received deliveries for).
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { CheckedWebhook } from '../../../api/model';
import type { JsonDocumentProvider } from '../../../documents/jsonDocumentProvider';
import type { Gateway } from '../../../gateway/gateway';
import type { GatewayRegistry } from '../../../gateway/registry';
import type { Logger } from '../../../log/logger';
import { setContext } from '../../../ui/contextKey';
import type { ExtraFindingSources } from '../model/webhookAnalysis';
import type { Finding } from '../model/webhookChecks';
import type { WebhooksProvider } from '../view/webhooksProvider';
import { registerInboxCommands } from './commands/registerInboxCommands';
import { InboxSession } from './commands/inboxSession';
import { InboxPersistence } from './commands/inboxPersistence';
import { onDidChangeInboxSettings } from './inboxSettings';
import { deliveryDocumentSource } from './view/deliveryDocuments';
import { INBOX_VIEW, InboxTree, type InboxNode } from './view/inboxTree';

export interface WebhookInboxDeps {
  readonly registry: GatewayRegistry;
  readonly logger: Logger;
  readonly webhooks: WebhooksProvider;
  readonly documents: JsonDocumentProvider;
  /** Where the inbox adds its findings to the webhook checks (deliveries to an inactive subscription). */
  readonly findings: ExtraFindingSources;
  /** The editor's global state: the handler hosts the user confirmed forwarding to. */
  readonly globalState?: vscode.Memento;
  /** The extension's storage for this workspace: the deliveries kept across a reload. */
  readonly storageUri?: vscode.Uri;
}

/** What extension.ts keeps (and tests reach through the test API). */
export interface WebhookInboxFeature extends vscode.Disposable {
  readonly session: InboxSession;
  readonly tree: InboxTree;
  readonly view: vscode.TreeView<InboxNode>;
  readonly persistence: InboxPersistence;
}

const NONE: readonly Finding[] = [];

/** Inactive subscriptions the inbox received deliveries for, with the event kinds received; rebuilt when it changes. */
class InactiveDeliveries {
  private index = new Map<CheckedWebhook, string[]>();
  private signature = '';
  public version = 0;

  public constructor(private readonly session: InboxSession) {}

  /** Recomputes; true when the result changed. */
  public update(): boolean {
    const index = new Map<CheckedWebhook, Set<string>>();
    for (const delivery of this.session.inbox.deliveries()) {
      if (delivery.replayOf !== undefined) {
        continue;
      }
      for (const match of this.session.matchesOf(delivery)) {
        if (!match.active) {
          const events = index.get(match.subscription) ?? new Set<string>();
          if (delivery.eventKind !== undefined) {
            events.add(delivery.eventKind);
          }
          index.set(match.subscription, events);
        }
      }
    }
    const next = new Map([...index].map(([item, events]) => [item, [...events].sort()] as const));
    const signature = [...next].map(([item, events]) => `${item.value.id ?? ''}:${events.join(',')}`).sort().join('|');
    this.index = next;
    if (signature === this.signature) {
      return false;
    }
    this.signature = signature;
    this.version += 1;
    return true;
  }

  public findingsOf(_gateway: Gateway, item: CheckedWebhook): readonly Finding[] {
    const events = this.index.get(item);
    return events === undefined ? NONE : [{ kind: 'deliveredWhileInactive', events }];
  }
}

export function activateWebhookInbox(deps: WebhookInboxDeps): WebhookInboxFeature {
  const session = new InboxSession(deps.registry, deps.logger, deps.globalState);
  const tree = new InboxTree(session);
  const persistence = new InboxPersistence(session, deps.storageUri, deps.logger);
  // The last window's deliveries come back (the view shows them once the inbox runs or ran).
  void persistence.load().then((count) => {
    if (count > 0) {
      setContext('pageGateway.webhookInbox.ran', true);
    }
  });
  const view = vscode.window.createTreeView(INBOX_VIEW, { treeDataProvider: tree });
  const inactive = new InactiveDeliveries(session);
  const unregister = deps.findings.add({ version: () => inactive.version, findingsOf: (gateway, item) => inactive.findingsOf(gateway, item) });
  let addressStamp = '';
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The Webhook Subscriptions rows follow the inbox: coalesced, and only when what they show changed. */
  const followInbox = (): void => {
    timer = undefined;
    const stamp = JSON.stringify(session.address()) + String(session.running);
    const addressChanged = stamp !== addressStamp;
    addressStamp = stamp;
    if (inactive.update() || addressChanged) {
      deps.webhooks.refreshRoot();
    }
  };
  // No row points at an inbox that has not started: rows drawn from now on carry the note, none needs drawing again.
  deps.webhooks.setRowNote((_gateway, item) => (session.pointsHere(item.value.url) ? l10n.t('→ Webhook Inbox') : undefined));
  let running = false;
  setContext('pageGateway.webhookInbox.running', running);
  const subscriptions: vscode.Disposable[] = [
    // Saved before the session stops (its last answers included).
    persistence,
    session,
    tree,
    view,
    deps.documents.addLocalSource(deliveryDocumentSource(session)),
    ...registerInboxCommands({ session, tree, view, documents: deps.documents }),
    onDidChangeInboxSettings(() => session.settingsChanged()),
    session.onDidChange(() => {
      if (session.running !== running) {
        running = session.running;
        setContext('pageGateway.webhookInbox.running', running);
      }
      deps.documents.refreshOpenDocuments();
      timer ??= setTimeout(followInbox, 100);
    }),
    // Subscriptions loaded or refreshed: the matches may differ.
    deps.webhooks.onDidChangeTreeData(() => {
      tree.refresh();
      timer ??= setTimeout(followInbox, 100);
    }),
    {
      dispose: () => {
        unregister();
        deps.webhooks.setRowNote(undefined);
        deps.webhooks.refreshRoot();
        if (timer !== undefined) {
          clearTimeout(timer);
        }
      },
    },
  ];
  return {
    session,
    tree,
    view,
    persistence,
    dispose: () => subscriptions.forEach((s) => s.dispose()),
  };
}
