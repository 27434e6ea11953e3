/**
 * Consent to send the API key over plain http:// to a host that is not loopback. Asked once per origin with a modal,
 * remembered in global state (the answer, never the key).
 */
import * as vscode from 'vscode';

const STATE_KEY = 'pageGateway.insecureOrigins';

export type ConsentAnswer = 'allow' | 'deny';
export type ConsentPrompt = (origin: string) => Promise<ConsentAnswer | undefined>;

export const modalConsentPrompt: ConsentPrompt = async (origin) => {
  const allow = 'Send Key over HTTP';
  const choice = await vscode.window.showWarningMessage(
    `${origin} uses plain HTTP and is not on this machine.`,
    {
      modal: true,
      detail:
        'Your API key would travel unencrypted and could be read by anyone on the network path. ' +
        'Prefer an https:// gateway URL. Your answer is remembered for this origin; set the gateway URL again to change it.',
    },
    allow,
    'Don’t Send',
  );
  if (choice === allow) {
    return 'allow';
  }
  return choice === undefined ? undefined : 'deny';
};

export class InsecureConsent {
  private pending = new Map<string, Promise<ConsentAnswer>>();

  public constructor(
    private readonly state: vscode.Memento,
    private prompt: ConsentPrompt = modalConsentPrompt,
  ) {}

  public remembered(origin: string): ConsentAnswer | undefined {
    return this.answers()[origin];
  }

  /** The remembered answer, or asks (one prompt at a time per origin). Dismissing the prompt counts as "deny" for now but is not remembered. */
  public async ask(origin: string): Promise<ConsentAnswer> {
    const known = this.remembered(origin);
    if (known) {
      return known;
    }
    let pending = this.pending.get(origin);
    if (!pending) {
      pending = this.prompt(origin).then(async (answer) => {
        if (answer) {
          await this.state.update(STATE_KEY, { ...this.answers(), [origin]: answer });
        }
        return answer ?? 'deny';
      });
      pending.finally(() => this.pending.delete(origin)).catch(() => undefined);
      this.pending.set(origin, pending);
    }
    return pending;
  }

  public async forget(origin: string): Promise<void> {
    const answers = { ...this.answers() };
    delete answers[origin];
    await this.state.update(STATE_KEY, answers);
  }

  /** For tests: replace the modal. */
  public setPrompt(prompt: ConsentPrompt): void {
    this.prompt = prompt;
  }

  private answers(): Record<string, ConsentAnswer> {
    return this.state.get<Record<string, ConsentAnswer>>(STATE_KEY, {});
  }
}
