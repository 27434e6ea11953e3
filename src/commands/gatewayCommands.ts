/**
 * Add Gateway…, Remove Gateway…, Set Gateway URL…: they edit `pageGateway.gateways` (or the older
 * `pageGateway.baseUrl`) where the effective value lives, and say where they wrote.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { parseBaseUrl } from '../api/baseUrl';
import { effectiveValue, writeSetting, type Written } from '../config/settingsWriter';
import type { Gateway } from '../gateway/gateway';
import { hostName, MAX_NAME_LENGTH, nameProblem, sameName, type GatewayColor } from '../gateway/gatewayConfig';
import { failureText } from '../gateway/gatewayText';
import { ensureConsent, validateKey, verifyKey } from './apiKeyCommands';
import { runWizard } from '../views/wizardInput';
import type { CommandContext } from './commandContext';
import { pickGateway } from './gatewayPicker';
import { plainText, STATUS_MESSAGE_LENGTH } from '../text/surfaceText';

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
    return existing && existing !== allowed
      ? l10n.t(
          '{0} is already configured as the gateway “{1}”. To open it, press Escape and expand “{1}” in the Page Gateway view; to name it differently, rename “{1}” in the {2} setting.',
          parsed.href,
          existing.name,
          'pageGateway.gateways',
        )
      : undefined;
  };
}

function nameValidator(ctx: CommandContext): (value: string) => string | undefined {
  return (value) => {
    switch (nameProblem(value)) {
      case 'empty':
        return l10n.t('Enter a name, for example “staging”.');
      case 'tooLong':
        return l10n.t('A gateway name has at most {0} characters.', MAX_NAME_LENGTH);
      case 'forbiddenCharacter':
        return l10n.t('A gateway name cannot contain {0} or control characters.', '/ \\ @ # ?');
      default:
        return ctx.registry.entries().some((entry) => 'name' in entry && sameName(entry.name, value.trim()))
          ? l10n.t('A gateway named “{0}” exists already.', value.trim())
          : undefined;
    }
  };
}

async function askUrl(ctx: CommandContext, title: string, value: string, allowed?: Gateway): Promise<string | undefined> {
  const entered = await vscode.window.showInputBox({
    title,
    prompt: l10n.t('Root address of the gateway. Requests go to {0} and {1}.', '<URL>/v0/page_groups', '<URL>/v0/webhook_subscriptions'),
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
  vscode.window.setStatusBarMessage(`$(check) ${l10n.t({ message: '{0} (saved in {1})', args: [plainText(what, STATUS_MESSAGE_LENGTH), written.where], comment: '{1} is "user settings", "workspace settings" or "folder settings"' })}`, 5000);
}

/**
 * Add Gateway…: one input in three steps (URL, name, API key — the key may be left empty) with Back; then the
 * gateway is written to settings and, with a key, the key is stored and tried. Nothing waits in a notification.
 */
export async function addGateway(ctx: CommandContext): Promise<void> {
  const urlOf = (value: string): string | undefined => {
    const parsed = parseBaseUrl(value);
    return parsed.ok ? parsed.href : undefined;
  };
  const validUrl = urlValidator(ctx);
  const validName = nameValidator(ctx);
  const answers = await runWizard(l10n.t('Page Gateway: Add Gateway'), [
    {
      prompt: l10n.t('Root address of the gateway. Requests go to {0} and {1}.', '<URL>/v0/page_groups', '<URL>/v0/webhook_subscriptions'),
      placeholder: 'https://api.example.com',
      validate: (value) => (value.trim() === '' ? l10n.t('Enter the gateway URL, for example {0}.', 'https://api.example.com') : validUrl(value)),
    },
    {
      prompt: l10n.t('A short name for this gateway, shown in rows, tabs and pickers (for example “staging” or “production”).'),
      initial: ([url]) => {
        const parsed = parseBaseUrl(url ?? '');
        const suggested = parsed.ok ? hostName(parsed) : '';
        return validName(suggested) === undefined ? suggested : '';
      },
      validate: (value) => validName(value),
    },
    {
      prompt: l10n.t("Its API key, stored in the editor's secret storage for this gateway only and sent only in the {0} header. Leave it empty to set it later.", 'x-api-key'),
      placeholder: l10n.t('{0} value (optional)', 'x-api-key'),
      password: true,
      validate: (value) => (value.trim() === '' ? undefined : validateKey(value)),
    },
  ]);
  const [url, name, key] = answers ?? [];
  const href = url === undefined ? undefined : urlOf(url);
  if (href === undefined || name === undefined) {
    return;
  }
  // No colour unless the user sets one in settings: a colour picked for them would read as a state (red = broken).
  const entry: GatewaySetting = { name: name.trim(), baseUrl: href };
  const written = await writeSetting('gateways', [...listSetting(), entry]);
  saidWhere(written, l10n.t('Gateway {0} added', entry.name));
  const gateway = await gatewayAt(ctx, href);
  if (!gateway || key === undefined || key.trim() === '') {
    return;
  }
  await ctx.keys.store(gateway.connection.scope, key.trim());
  await gateway.connection.keyChanged();
  if (await ensureConsent(ctx, gateway)) {
    await verifyKey(ctx, gateway);
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
  const gateway = await pickGateway(ctx.registry, arg, { title: l10n.t('Page Gateway: Remove Gateway'), placeHolder: l10n.t('Remove which gateway?') });
  if (!gateway) {
    return;
  }
  const remove = l10n.t('Remove');
  const removeAndKey = l10n.t('Remove and Delete Its Key');
  const choice = isRemoveChoice(choiceArg)
    ? choiceArg.confirmed === 'remove'
      ? remove
      : removeAndKey
    : await vscode.window.showWarningMessage(
        l10n.t('Remove the gateway “{0}” ({1})?', gateway.name, gateway.base.href),
        { modal: true, detail: l10n.t('Its API key stays in the secret storage unless you delete it too; adding the gateway again then finds it.') },
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
  saidWhere(written, choice === removeAndKey ? l10n.t('Gateway {0} removed with its key', name) : l10n.t('Gateway {0} removed', name));
}

/** Set Gateway URL…: with no gateway, the `baseUrl` setting; otherwise the URL of the row's (or picked) gateway. */
export async function setBaseUrl(ctx: CommandContext, arg?: unknown): Promise<void> {
  const gateway = ctx.registry.entries().length === 0 ? undefined : await pickGateway(ctx.registry, arg, { title: l10n.t('Page Gateway: Set Gateway URL'), placeHolder: l10n.t('Change the URL of which gateway?') });
  if (ctx.registry.entries().length > 0 && !gateway && ctx.registry.gateways().length > 0) {
    return;
  }
  const current = gateway?.base.href ?? effectiveValue<string>('baseUrl', '');
  const href = await askUrl(ctx, l10n.t('Page Gateway: Set Gateway URL'), current, gateway);
  if (href === undefined) {
    return;
  }
  if (href === gateway?.base.href) {
    gateway.connection.invalidate();
  } else if (gateway === undefined || gateway.source.kind === 'legacy') {
    saidWhere(await writeSetting('baseUrl', href), l10n.t('Gateway URL set to {0}', href));
  } else {
    const list = listSetting();
    const index = gateway.source.index;
    const old = list[index];
    list[index] = { ...(typeof old === 'object' && old !== null ? old : { name: gateway.name }), baseUrl: href };
    saidWhere(await writeSetting('gateways', list), l10n.t('URL of {0} set to {1}', gateway.name, href));
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
    void vscode.window.showInformationMessage(l10n.t('No API key is stored for {0} yet.', href), l10n.t('Set API Key…')).then((choice) => {
      if (choice) {
        void vscode.commands.executeCommand('pageGateway.setApiKey', { gateway: target });
      }
    });
  }
}
