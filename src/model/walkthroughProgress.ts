/**
 * What the walkthrough's steps show as done. A fact holds from the state (a gateway is configured, a key is stored) or
 * from something the user did once (expanded a status, searched, copied an id), which is remembered across windows.
 *
 * The editor ticks a step when the step's context key turns true while it watches the walkthrough, and it starts
 * watching only when a walkthrough is first shown in the window: a key that is already true then is never ticked (see
 * docs/development.md, "The walkthrough"). So a fact is published only once the editor watches, and then at once.
 * Pure.
 */

/** The walkthrough's steps, in order, by the fact that completes each. */
export const WALKTHROUGH_FACTS = ['gatewayConfigured', 'keyStored', 'statusBrowsed', 'searched', 'idCopied'] as const;
export type WalkthroughFact = (typeof WALKTHROUGH_FACTS)[number];

/** The facts that come from something done once (remembered); the others follow the state. */
export const DONE_ONCE: readonly WalkthroughFact[] = ['statusBrowsed', 'searched', 'idCopied'];

/** Where the user does what a step asks for (a status expanded, a search made, an id copied). */
export interface Milestones {
  reached(fact: WalkthroughFact): void;
}

export class WalkthroughProgress {
  private readonly holding = new Set<WalkthroughFact>();
  private watched = false;

  /** `remembered`: what was stored from earlier windows (anything that is not a done-once fact is ignored). */
  public constructor(remembered: readonly unknown[]) {
    for (const fact of DONE_ONCE) {
      if (remembered.includes(fact)) {
        this.holding.add(fact);
      }
    }
  }

  /** Whether the editor is known to watch the walkthrough in this window. */
  public get watching(): boolean {
    return this.watched;
  }

  /** Sets whether `fact` holds (a done-once fact stays done). True when what is published changed. */
  public set(fact: WalkthroughFact, holds: boolean): boolean {
    const before = this.published(fact);
    if (holds) {
      this.holding.add(fact);
    } else if (!DONE_ONCE.includes(fact)) {
      this.holding.delete(fact);
    }
    return before !== this.published(fact);
  }

  /** The editor now watches the walkthrough. True when what is published changed. */
  public watch(): boolean {
    if (this.watched) {
      return false;
    }
    this.watched = true;
    return this.holding.size > 0;
  }

  /** Whether the step of `fact` is to be shown done: the fact holds and the editor watches. */
  public published(fact: WalkthroughFact): boolean {
    return this.watched && this.holding.has(fact);
  }

  /** The done-once facts that hold, to remember. */
  public remembered(): WalkthroughFact[] {
    return DONE_ONCE.filter((fact) => this.holding.has(fact));
  }
}
