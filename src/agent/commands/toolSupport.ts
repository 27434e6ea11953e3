/**
 * What every language-model tool of this extension shares: its result as text, the budget the editor passes, the
 * gateways an input names (by name, as the user configured them: Restricted Mode already left out the workspace's),
 * whether a gateway can be asked, and the cancellation of a call.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import type { GatewayError } from '../../api/errors';
import type { Gateway } from '../../gateway/gateway';
import type { GatewayRegistry } from '../../gateway/registry';
import { describeGatewayError } from '../../text/errorText';
import { describeNotReady } from '../../gateway/gatewayText';
import { budgetChars } from '../model/resultBudget';

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

/** The gateway named `name`, or every configured one when no name is given. */
/** The names of the gateways a call would ask, for its invocation message ('' when the name matches none). */
export function invokedGatewayNames(registry: GatewayRegistry, name: string | undefined): { readonly names: string; readonly count: number } {
  const resolved = resolveGateways(registry, name);
  const gateways = resolved.ok ? resolved.gateways : [];
  return { names: gateways.map((gateway) => gateway.name).join(', '), count: gateways.length };
}

export function resolveGateways(registry: GatewayRegistry, name: string | undefined): Resolved {
  if (name === undefined) {
    const all = registry.gateways();
    return all.length === 0 ? { ok: false, problem: knownNames(registry) } : { ok: true, gateways: all };
  }
  const gateway = registry.byName(name);
  return gateway ? { ok: true, gateways: [gateway] } : { ok: false, problem: `${l10n.t('There is no gateway named “{0}”.', name)} ${knownNames(registry)}` };
}

/** The gateway named `name` (exactly one). */
export function resolveGateway(registry: GatewayRegistry, name: string): Gateway | string {
  const resolved = resolveGateways(registry, name);
  return resolved.ok ? (resolved.gateways[0] as Gateway) : resolved.problem;
}

/** Undefined when the gateway can be asked; otherwise the sentence that says what the user should do. */
export async function notReadyText(gateway: Gateway): Promise<string | undefined> {
  const state = await gateway.connection.state();
  return state.kind === 'ready' ? undefined : describeNotReady(state, gateway.name, gateway.base.origin);
}

/** A failed request, for the model: which gateway, what happened and what to do. Never the key. */
export function failureText(gateway: Gateway, error: GatewayError): string {
  return l10n.t('The gateway “{0}” failed: {1}', gateway.name, describeGatewayError(error));
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
