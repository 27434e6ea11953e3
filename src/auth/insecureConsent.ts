/**
 * Consent to send the API key over plain http:// where it can leave this machine (every host but a loopback one the
 * editor surely routes directly; see `GatewayConnection.needsConsent`): per origin, remembered in global
 * state (the answer, never the key). Only a user action asks (never a tree render); concurrent asks for one origin
 * share one prompt; dismissing the prompt is not an answer, so the next action asks again.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';

const STATE_KEY = 'pageGateway.insecureOrigins';

export type ConsentAnswer = 'allow' | 'deny';
export type ConsentPrompt = (origin: string) => Promise<ConsentAnswer | undefined>;

export const modalConsentPrompt: ConsentPrompt = async (origin) => {
  const allow = l10n.t('Send Key over HTTP');
  const deny = l10n.t('Don’t Send');
  const choice = await vscode.window.showWarningMessage(
    l10n.t('{0} uses plain HTTP, and its requests can leave this machine.', origin),
    {
      modal: true,
      detail: l10n.t(
        'Your API key would travel unencrypted and could be read by anyone on the network path. Prefer an https:// gateway URL. Your answer is remembered for this origin; set the gateway URL again to change it.',
      ),
    },
    allow,
    deny,
  );
  if (choice === allow) {
    return 'allow';
  }
  return choice === deny ? 'deny' : undefined;
};

export class InsecureConsent {
  private readonly pending = new Map<string, Promise<ConsentAnswer | undefined>>();
  private readonly changed = new vscode.EventEmitter<string>();
  /** Fires with the origin whose answer was recorded or forgotten. */
  public readonly onDidChange: vscode.Event<string> = this.changed.event;

  public constructor(
    private readonly state: vscode.Memento,
    private prompt: ConsentPrompt = modalConsentPrompt,
  ) {}

  public remembered(origin: string): ConsentAnswer | undefined {
    return this.answers()[origin];
  }

  /** Asks (one prompt at a time per origin) and records a real answer; undefined when the prompt was dismissed. */
  public async ask(origin: string): Promise<ConsentAnswer | undefined> {
    let pending = this.pending.get(origin);
    if (!pending) {
      pending = this.prompt(origin).then(async (answer) => {
        if (answer) {
          await this.state.update(STATE_KEY, { ...this.answers(), [origin]: answer });
          this.changed.fire(origin);
        }
        return answer;
      });
      pending.finally(() => this.pending.delete(origin)).catch(() => undefined);
      this.pending.set(origin, pending);
    }
    return pending;
  }

  public async forget(origin: string): Promise<void> {
    if (this.remembered(origin) === undefined) {
      return;
    }
    const answers = { ...this.answers() };
    delete answers[origin];
    await this.state.update(STATE_KEY, answers);
    this.changed.fire(origin);
  }

  /** For tests: replace the modal. */
  public setPrompt(prompt: ConsentPrompt): void {
    this.prompt = prompt;
  }

  public dispose(): void {
    this.changed.dispose();
  }

  private answers(): Record<string, ConsentAnswer> {
    return this.state.get<Record<string, ConsentAnswer>>(STATE_KEY, {});
  }
}
