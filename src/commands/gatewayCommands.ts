/**
 * Add Gateway…, Remove Gateway…, Set Gateway URL…: they edit `pageGateway.gateways` (or the older
 * `pageGateway.baseUrl`) where the effective value lives, and say where they wrote.
 */
import * as vscode from 'vscode';
import { parseBaseUrl } from '../api/baseUrl';
import { effectiveValue, writeSetting, type Written } from '../config/settingsWriter';
import type { Gateway } from '../gateway/gateway';
import { GATEWAY_COLORS, hostName, MAX_NAME_LENGTH, nameProblem, sameName, type GatewayColor } from '../gateway/gatewayConfig';
import { failureText } from '../views/common/gatewayText';
import { ensureConsent } from './apiKeyCommands';
import type { CommandContext } from './commandContext';
import { pickGateway } from './gatewayPicker';

interface GatewaySetting {
  name: string;
  baseUrl: string;
  color?: GatewayColor;
}

function listSetting(): unknown[] {
  const value = effectiveValue<unknown>('gateways', []);
  return Array.isArray(value) ? [...(value as unknown[])] : [];
}

/** Validation of a typed base URL: valid, and not one that a gateway already uses (except `allowed`). */
function urlValidator(ctx: CommandContext, allowed?: Gateway): (value: string) => string | undefined {
  return (value) => {
    const parsed = parseBaseUrl(value);
    if (!parsed.ok) {
      return failureText(parsed);
    }
    const existing = ctx.registry.byBaseUrl(parsed.href);
    return existing && existing !== allowed ? `The gateway “${existing.name}” already uses ${parsed.href}.` : undefined;
  };
}

function nameValidator(ctx: CommandContext): (value: string) => string | undefined {
  return (value) => {
    switch (nameProblem(value)) {
      case 'empty':
        return 'Enter a name, for example “staging”.';
      case 'tooLong':
        return `A gateway name has at most ${MAX_NAME_LENGTH} characters.`;
      case 'forbiddenCharacter':
        return 'A gateway name cannot contain / \\ @ # ? or control characters.';
      default:
        return ctx.registry.entries().some((entry) => 'name' in entry && sameName(entry.name, value.trim()))
          ? `A gateway named “${value.trim()}” exists already.`
          : undefined;
    }
  };
}

async function askUrl(ctx: CommandContext, title: string, value: string, allowed?: Gateway): Promise<string | undefined> {
  const entered = await vscode.window.showInputBox({
    title,
    prompt: 'Root address of the gateway. Requests go to <URL>/v0/page_groups and <URL>/v0/webhook_subscriptions.',
    placeHolder: 'https://api.example.com',
    value,
    ignoreFocusOut: true,
    validateInput: urlValidator(ctx, allowed),
  });
  const parsed = entered === undefined ? undefined : parseBaseUrl(entered);
  return parsed?.ok ? parsed.href : undefined;
}

/** Waits until the registry shows the gateway of `href` (settings changes arrive as events). */
async function gatewayAt(ctx: CommandContext, href: string): Promise<Gateway | undefined> {
  for (let i = 0; i < 100; i += 1) {
    const gateway = ctx.registry.byBaseUrl(href);
    if (gateway) {
      return gateway;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

function saidWhere(written: Written, what: string): void {
  vscode.window.setStatusBarMessage(`$(check) ${what} (saved in ${written.where})`, 5000);
}

/** Add Gateway…: URL, then name, then offers to set its key. */
export async function addGateway(ctx: CommandContext): Promise<void> {
  const href = await askUrl(ctx, 'Page Gateway: Add Gateway (1/2)', '');
  if (href === undefined) {
    return;
  }
  const parsed = parseBaseUrl(href);
  const suggested = parsed.ok ? hostName(parsed) : '';
  const name = await vscode.window.showInputBox({
    title: 'Page Gateway: Add Gateway (2/2)',
    prompt: 'A short name for this gateway, shown in rows, tabs and pickers (for example “staging” or “production”).',
    value: nameValidator(ctx)(suggested) === undefined ? suggested : '',
    ignoreFocusOut: true,
    validateInput: nameValidator(ctx),
  });
  if (name === undefined) {
    return;
  }
  const entry: GatewaySetting = { name: name.trim(), baseUrl: href };
  const used = new Set(ctx.registry.gateways().map((g) => g.color));
  const color = GATEWAY_COLORS.find((c) => !used.has(c));
  if (color) {
    entry.color = color;
  }
  const written = await writeSetting('gateways', [...listSetting(), entry]);
  saidWhere(written, `Gateway ${entry.name} added`);
  const gateway = await gatewayAt(ctx, href);
  if (!gateway) {
    return;
  }
  if (!(await ensureConsent(ctx, gateway))) {
    return;
  }
  const lookup = await ctx.keys.get(gateway.connection.scope);
  if (lookup.kind !== 'found') {
    const choice = await vscode.window.showInformationMessage(`Gateway “${entry.name}” added. Set its API key now?`, 'Set API Key…');
    if (choice) {
      await vscode.commands.executeCommand('pageGateway.setApiKey', { gateway });
    }
  }
}

/** How a caller that already asked (a script, a test) says what to do; without it the command asks. */
export interface RemoveGatewayChoice {
  readonly confirmed: 'remove' | 'removeAndDeleteKey';
}

function isRemoveChoice(value: unknown): value is RemoveGatewayChoice {
  const confirmed = typeof value === 'object' && value !== null ? (value as { confirmed?: unknown }).confirmed : undefined;
  return confirmed === 'remove' || confirmed === 'removeAndDeleteKey';
}

/** Remove Gateway…: from its row or a quick pick; asks before also deleting its key. */
export async function removeGateway(ctx: CommandContext, arg?: unknown, choiceArg?: unknown): Promise<void> {
  const gateway = await pickGateway(ctx.registry, arg, { title: 'Page Gateway: Remove Gateway', placeHolder: 'Remove which gateway?' });
  if (!gateway) {
    return;
  }
  const remove = 'Remove';
  const removeAndKey = 'Remove and Delete Its Key';
  const choice = isRemoveChoice(choiceArg)
    ? choiceArg.confirmed === 'remove'
      ? remove
      : removeAndKey
    : await vscode.window.showWarningMessage(
        `Remove the gateway “${gateway.name}” (${gateway.base.href})?`,
        { modal: true, detail: 'Its API key stays in the secret storage unless you delete it too; adding the gateway again then finds it.' },
        remove,
        removeAndKey,
      );
  if (choice === undefined) {
    return;
  }
  const { name, base, source } = gateway;
  let written: Written;
  if (source.kind === 'legacy') {
    written = await writeSetting('baseUrl', undefined);
  } else {
    const list = listSetting();
    list.splice(source.index, 1);
    written = await writeSetting('gateways', list);
  }
  if (choice === removeAndKey) {
    await ctx.keys.delete(base.href);
  }
  saidWhere(written, `Gateway ${name} removed${choice === removeAndKey ? ' with its key' : ''}`);
}

/** Set Gateway URL…: with no gateway, the `baseUrl` setting; otherwise the URL of the row's (or picked) gateway. */
export async function setBaseUrl(ctx: CommandContext, arg?: unknown): Promise<void> {
  const gateway = ctx.registry.entries().length === 0 ? undefined : await pickGateway(ctx.registry, arg, { title: 'Page Gateway: Set Gateway URL', placeHolder: 'Change the URL of which gateway?' });
  if (ctx.registry.entries().length > 0 && !gateway && ctx.registry.gateways().length > 0) {
    return;
  }
  const current = gateway?.base.href ?? effectiveValue<string>('baseUrl', '');
  const href = await askUrl(ctx, 'Page Gateway: Set Gateway URL', current, gateway);
  if (href === undefined) {
    return;
  }
  if (href === gateway?.base.href) {
    gateway.connection.invalidate();
  } else if (gateway === undefined || gateway.source.kind === 'legacy') {
    saidWhere(await writeSetting('baseUrl', href), `Gateway URL set to ${href}`);
  } else {
    const list = listSetting();
    const index = gateway.source.index;
    const old = list[index];
    list[index] = { ...(typeof old === 'object' && old !== null ? old : { name: gateway.name }), baseUrl: href };
    saidWhere(await writeSetting('gateways', list), `URL of ${gateway.name} set to ${href}`);
  }
  const target = await gatewayAt(ctx, href);
  if (!target) {
    return;
  }
  // Setting the URL again is the way to answer the plain-HTTP question again.
  await ctx.consent.forget(target.base.origin);
  if (!(await ensureConsent(ctx, target))) {
    return;
  }
  const lookup = await ctx.keys.get(target.connection.scope);
  if (lookup.kind === 'missing') {
    void vscode.window.showInformationMessage(`No API key is stored for ${href} yet.`, 'Set API Key…').then((choice) => {
      if (choice) {
        void vscode.commands.executeCommand('pageGateway.setApiKey', { gateway: target });
      }
    });
  }
}
