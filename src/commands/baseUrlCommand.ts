/** Set Gateway URL…: validates, asks before plain HTTP to another machine, writes `pageGateway.baseUrl`. */
import * as vscode from 'vscode';
import { parseBaseUrl } from '../api/baseUrl';
import { SECTION } from '../config/settings';
import type { CommandContext } from './commandContext';
import { describeBaseUrlProblem } from '../views/common/errorText';

export async function setBaseUrl(ctx: CommandContext): Promise<void> {
  const entered = await vscode.window.showInputBox({
    title: 'Page Gateway: Set Gateway URL',
    prompt: 'Root address of the gateway. Requests go to <URL>/v0/page_groups and <URL>/v0/webhook_subscriptions.',
    placeHolder: 'https://api.example.com',
    value: ctx.settings().baseUrl,
    ignoreFocusOut: true,
    validateInput: (value) => {
      const parsed = parseBaseUrl(value);
      return parsed.ok ? undefined : describeBaseUrlProblem(parsed.problem);
    },
  });
  if (entered === undefined) {
    return;
  }
  const parsed = parseBaseUrl(entered);
  if (!parsed.ok) {
    return;
  }
  if (!parsed.isSecure && !parsed.isLoopback) {
    await ctx.consent.forget(parsed.origin);
    const answer = await ctx.consent.ask(parsed.origin);
    if (answer !== 'allow') {
      void vscode.window.showWarningMessage(
        `The gateway URL is saved, but the API key will not be sent to ${parsed.origin} over plain HTTP. Use an https:// URL, or set the URL again to change your answer.`,
      );
    }
  }
  const config = vscode.workspace.getConfiguration(SECTION);
  if (config.get<string>('baseUrl') === parsed.href) {
    ctx.connection.invalidate();
  } else {
    await config.update('baseUrl', parsed.href, vscode.ConfigurationTarget.Global);
  }
  const lookup = await ctx.keys.get(parsed.origin);
  if (lookup.kind === 'missing') {
    void vscode.window.showInformationMessage(`No API key is stored for ${parsed.origin} yet.`, 'Set API Key…').then((choice) => {
      if (choice) {
        void vscode.commands.executeCommand('pageGateway.setApiKey');
      }
    });
  }
}
