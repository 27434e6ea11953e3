/**
 * Publishes the walkthrough's progress as the context keys its steps complete on (`onContext:` events in the
 * manifest): `pageGateway.walkthrough.<fact>`. Keys stay false until a walkthrough tab is seen in this window (the
 * editor then watches), and then turn true at once for everything already done, so opening the walkthrough after
 * doing things shows them done. Done-once facts are remembered in the global state.
 */
import * as vscode from 'vscode';
import { WalkthroughProgress, type Milestones, type WalkthroughFact } from '../model/walkthroughProgress';
import { setContext } from './contextKey';

const REMEMBERED_KEY = 'pageGateway.walkthrough.done';

/** The walkthrough's title as the manifest gives it to the editor (translated). */
export function walkthroughTitle(extension: vscode.Extension<unknown>): string {
  const manifest = extension.packageJSON as { contributes?: { walkthroughs?: ReadonlyArray<{ title?: unknown }> } };
  const title = manifest.contributes?.walkthroughs?.[0]?.title;
  return typeof title === 'string' ? title : '';
}

export class WalkthroughSteps implements Milestones, vscode.Disposable {
  private readonly progress: WalkthroughProgress;
  private readonly subscription: vscode.Disposable;

  /** `title`: the walkthrough's title as the editor shows it (its tab reads "Walkthrough: <title>"). */
  public constructor(
    private readonly memento: vscode.Memento,
    private readonly title: string,
  ) {
    this.progress = new WalkthroughProgress(memento.get<unknown[]>(REMEMBERED_KEY, []));
    this.subscription = vscode.window.tabGroups.onDidChangeTabs((event) => {
      if (event.opened.some((tab) => this.isWalkthrough(tab)) || event.changed.some((tab) => this.isWalkthrough(tab))) {
        this.watch();
      }
    });
    if (vscode.window.tabGroups.all.some((group) => group.tabs.some((tab) => this.isWalkthrough(tab)))) {
      this.watch();
    }
  }

  public reached(fact: WalkthroughFact): void {
    this.holds(fact, true);
    const remembered = this.progress.remembered();
    if (remembered.length !== this.memento.get<unknown[]>(REMEMBERED_KEY, []).length) {
      void this.memento.update(REMEMBERED_KEY, remembered);
    }
  }

  /** Sets whether a fact that follows the state holds (a gateway configured, a key stored). */
  public holds(fact: WalkthroughFact, holds: boolean): void {
    if (this.progress.set(fact, holds)) {
      this.publish();
    }
  }

  /** The editor watches the walkthrough (its tab, or the editor's own Welcome page, was seen). */
  public watch(): void {
    if (this.progress.watch()) {
      this.publish();
    }
  }

  public dispose(): void {
    this.subscription.dispose();
  }

  /**
   * A tab of the editor's walkthrough page: its input is none the API knows, and its label is "Welcome" or ends with
   * the walkthrough's title ("Walkthrough: …"). In another display language the editor translates "Welcome", so any
   * tab the API does not know counts (at worst a key turns true a little early, and a step already done then shows
   * undone until it is done again).
   */
  private isWalkthrough(tab: vscode.Tab): boolean {
    if (tab.input !== undefined) {
      return false;
    }
    return !vscode.env.language.startsWith('en') || tab.label === 'Welcome' || tab.label.endsWith(this.title); // l10n-ignore: the editor's own tab label
  }

  private publish(): void {
    // Each key as a literal: the CI check finds the keys `when` clauses and completion events may use.
    setContext('pageGateway.walkthrough.gatewayConfigured', this.progress.published('gatewayConfigured'));
    setContext('pageGateway.walkthrough.keyStored', this.progress.published('keyStored'));
    setContext('pageGateway.walkthrough.statusBrowsed', this.progress.published('statusBrowsed'));
    setContext('pageGateway.walkthrough.searched', this.progress.published('searched'));
    setContext('pageGateway.walkthrough.idCopied', this.progress.published('idCopied'));
  }
}
