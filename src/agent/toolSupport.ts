/**
 * What every language-model tool of this extension shares with the editor: its result as text, the budget the editor
 * passes, the gateways an input names (by name, as the user configured them: Restricted Mode already left out the
 * workspace's), whether each can be asked, and the cancellation of a call.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { GatewayError } from '../api/errors';
import type { Gateway } from '../gateway/gateway';
import type { GatewayRegistry } from '../gateway/registry';
import { describeGatewayError } from '../text/errorText';
import type { ListWords } from '../text/listWords';
import { describeNotReady } from '../gateway/gatewayText';
import { budgetChars } from './model/resultBudget';
import { gatewaysAskedText } from './model/toolText';

export function textResult(text: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}

/** The result's character budget: from the editor's token budget when it passes one. */
export function budgetOf(options: vscode.LanguageModelToolInvocationOptions<unknown>): number {
  return budgetChars(options.tokenizationOptions?.tokenBudget);
}

export type Resolved = { readonly ok: true; readonly gateways: readonly Gateway[] } | { readonly ok: false; readonly problem: string };

function knownNames(registry: GatewayRegistry): string {
  const names = registry.gateways().map((gateway) => `“${gateway.name}”`);
  return names.length === 0 ? l10n.t('No gateway is configured: add one with “Page Gateway: Add Gateway…”.') : l10n.t('The configured gateways: {0}.', names.join(', '));
}

/** The gateway named `name` (case ignored), or every configured one when no name is given. */
export function resolveGateways(registry: GatewayRegistry, name: string | undefined): Resolved {
  if (name === undefined) {
    const all = registry.gateways();
    return all.length === 0 ? { ok: false, problem: knownNames(registry) } : { ok: true, gateways: all };
  }
  const gateway = registry.byName(name);
  return gateway ? { ok: true, gateways: [gateway] } : { ok: false, problem: `${l10n.t('There is no gateway named “{0}”.', name)} ${knownNames(registry)}` };
}

/** The gateway named `name` (exactly one), or the sentence that says it does not exist. */
export function resolveGateway(registry: GatewayRegistry, name: string): Gateway | string {
  const resolved = resolveGateways(registry, name);
  return resolved.ok ? (resolved.gateways[0] as Gateway) : resolved.problem;
}

/** The gateways a call would ask, for its invocation message (an unknown name is said as such, never as ""). */
export function invokedGateways(registry: GatewayRegistry, name: string | undefined): string {
  const resolved = resolveGateways(registry, name);
  return gatewaysAskedText(name, resolved.ok ? resolved.gateways.map((gateway) => gateway.name) : name === undefined ? [] : undefined);
}

/** Undefined when the gateway can be asked; otherwise the sentence that says what the user should do. */
export async function notReadyText(gateway: Gateway): Promise<string | undefined> {
  const state = await gateway.connection.state();
  return state.kind === 'ready' ? undefined : describeNotReady(state, gateway.name, gateway.base.origin);
}

/** Each gateway with undefined when it can be asked, else why not. */
export async function readiness(gateways: readonly Gateway[]): Promise<Map<Gateway, string | undefined>> {
  const ready = new Map<Gateway, string | undefined>();
  for (const gateway of gateways) {
    ready.set(gateway, await notReadyText(gateway));
  }
  return ready;
}

/**
 * A failed request, for the model: which gateway, what happened and what to do. Never the key. `words`: those of the
 * list the request read, when known (see `describeGatewayError`).
 */
export function failureText(gateway: Gateway, error: GatewayError, words?: ListWords): string {
  return l10n.t('The gateway “{0}” failed: {1}', gateway.name, describeGatewayError(error, words));
}

/** An AbortSignal that follows the call's cancellation token; dispose it when the call ends. */
export function signalOf(token: vscode.CancellationToken): { readonly signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  if (token.isCancellationRequested) {
    controller.abort();
  }
  const subscription = token.onCancellationRequested(() => controller.abort());
  return { signal: controller.signal, dispose: () => subscription.dispose() };
}

/** The sentence of a cancelled call. */
export function cancelledText(): string {
  return l10n.t('Cancelled: nothing more was requested.');
}
