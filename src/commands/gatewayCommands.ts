/**
 * Add Gateway…, Remove Gateway…, Rename Gateway…, Set Gateway URL…: they edit `pageGateway.gateways` (or the older
 * `pageGateway.baseUrl`) where the effective value lives, and say where they wrote. One URL may be added under
 * several names (a second key or tenant on one gateway): each then has its own key.
 */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { parseBaseUrl } from '../api/baseUrl';
import { effectiveValue, writeSetting, type Written } from '../config/settingsWriter';
import type { Gateway } from '../gateway/gateway';
import { hostName, MAX_NAME_LENGTH, nameProblem, namedKeyScope, sameName, type GatewayColor } from '../gateway/gatewayConfig';
import { failureText } from '../gateway/gatewayText';
import { ensureConsent, validateKey, verifyKey } from './apiKeyCommands';
import { runWizard } from '../ui/wizardInput';
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

/** Validation of a typed base URL: one the client can use (a URL configured already is fine: another name, another key). */
function urlProblem(value: string): string | undefined {
  const parsed = parseBaseUrl(value);
  return parsed.ok ? undefined : failureText(parsed);
}

/** Validation of a gateway name: a usable one, not taken by another gateway (`own` may keep its name, in another case). */
function nameValidator(ctx: CommandContext, own?: Gateway): (value: string) => string | undefined {
  return (value) => {
    switch (nameProblem(value)) {
      case 'empty':
        return l10n.t('Enter a name, for example “staging”.');
      case 'tooLong':
        return l10n.t('A gateway name has at most {0} characters.', MAX_NAME_LENGTH);
      case 'forbiddenCharacter':
        return l10n.t('A gateway name cannot contain {0} or control characters.', '/ \\ @ # ?');
      default:
        return ctx.registry.entries().some((entry) => 'name' in entry && entry !== own && sameName(entry.name, value.trim()))
          ? l10n.t('A gateway named “{0}” exists already.', value.trim())
          : undefined;
    }
  };
}

async function askUrl(title: string, value: string): Promise<string | undefined> {
  const entered = await vscode.window.showInputBox({
    title,
    prompt: l10n.t('Root address of the gateway. Requests go to {0} and {1}.', '<URL>/v0/page_groups', '<URL>/v0/webhook_subscriptions'),
    placeHolder: 'https://api.example.com',
    value,
    ignoreFocusOut: true,
    validateInput: urlProblem,
  });
  const parsed = entered === undefined ? undefined : parseBaseUrl(entered);
  return parsed?.ok ? parsed.href : undefined;
}

/**
 * Waits until the registry shows the gateway on `href` named `name` (settings changes arrive as events); with no name,
 * the one the older `baseUrl` setting names.
 */
async function gatewayAt(ctx: CommandContext, href: string, name: string | undefined): Promise<Gateway | undefined> {
  for (let i = 0; i < 100; i += 1) {
    const gateway = ctx.registry
      .allAtBaseUrl(href)
      .find((candidate) => (name === undefined ? candidate.source.kind === 'legacy' : sameName(candidate.name, name)));
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
  const validName = nameValidator(ctx);
  const configuredAt = (url: string | undefined): Gateway[] => {
    const href = url === undefined ? undefined : urlOf(url);
    return href === undefined ? [] : ctx.registry.allAtBaseUrl(href);
  };
  const answers = await runWizard(l10n.t('Page Gateway: Add Gateway'), [
    {
      prompt: l10n.t('Root address of the gateway. Requests go to {0} and {1}.', '<URL>/v0/page_groups', '<URL>/v0/webhook_subscriptions'),
      placeholder: 'https://api.example.com',
      validate: (value) => (value.trim() === '' ? l10n.t('Enter the gateway URL, for example {0}.', 'https://api.example.com') : urlProblem(value)),
    },
    {
      prompt: l10n.t('A short name for this gateway, shown in rows, tabs and pickers (for example “staging” or “production”).'),
      promptFor: ([url]) => {
        const same = configuredAt(url);
        return same.length === 0
          ? undefined
          : l10n.t(
              'This URL is configured already as “{0}”. Give this gateway another name: it gets its own API key (another key or tenant on the same gateway).',
              same.map((gateway) => gateway.name).join('”, “'),
            );
      },
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
  const legacy = ctx.registry.allAtBaseUrl(href).find((gateway) => gateway.source.kind === 'legacy');
  // The older `baseUrl` setting's gateway is hidden once the list has its URL: it moves into the list first, named
  // as it was, so it stays (with its key) and the new one comes after it.
  const moved: GatewaySetting[] = legacy ? [{ name: legacy.name, baseUrl: href }] : [];
  const written = await writeSetting('gateways', [...moved, ...listSetting(), entry]);
  if (legacy) {
    await writeSetting('baseUrl', undefined);
  }
  saidWhere(written, l10n.t('Gateway {0} added', entry.name));
  const gateway = await gatewayAt(ctx, href, entry.name);
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
  const { name, source } = gateway;
  let written: Written;
  if (source.kind === 'legacy') {
    written = await writeSetting('baseUrl', undefined);
  } else {
    const list = listSetting();
    list.splice(source.index, 1);
    written = await writeSetting('gateways', list);
  }
  if (choice === removeAndKey) {
    await gateway.connection.deleteKey();
  }
  saidWhere(written, choice === removeAndKey ? l10n.t('Gateway {0} removed with its key', name) : l10n.t('Gateway {0} removed', name));
}

/**
 * Rename Gateway…: from its row or a quick pick; the new name is written where the gateway is configured (the older
 * `baseUrl` setting's gateway, named by its host, moves into `pageGateway.gateways` under the new name). The gateway
 * keeps its key, what is loaded and its rows. `nameArg` (a script, a test) skips the input.
 */
export async function renameGateway(ctx: CommandContext, arg?: unknown, nameArg?: unknown): Promise<void> {
  const title = l10n.t('Page Gateway: Rename Gateway');
  const gateway = await pickGateway(ctx.registry, arg, { title, placeHolder: l10n.t('Rename which gateway?') });
  if (!gateway) {
    return;
  }
  const validate = nameValidator(ctx, gateway);
  const entered =
    typeof nameArg === 'string'
      ? nameArg
      : await vscode.window.showInputBox({
          title,
          prompt: l10n.t('A new name for the gateway at {0}, shown in rows, tabs, pickers and links.', gateway.address),
          value: gateway.name,
          ignoreFocusOut: true,
          validateInput: validate,
        });
  if (entered === undefined) {
    return;
  }
  const problem = validate(entered);
  if (problem !== undefined) {
    void vscode.window.showWarningMessage(problem);
    return;
  }
  const name = entered.trim();
  const { base, source } = gateway;
  if (name === gateway.name) {
    return;
  }
  const oldName = gateway.name;
  const oldScope = gateway.connection.scope;
  if (ctx.registry.allAtBaseUrl(base.href).length > 1) {
    // Its key lives under URL and name: it is copied to the new name's place before the settings change, so the
    // gateway never shows "no key", and deleted from the old place after.
    const lookup = await gateway.connection.readKey();
    if (lookup.kind === 'found') {
      await ctx.keys.store(namedKeyScope(base, name), lookup.key);
    }
  }
  let written: Written;
  if (source.kind === 'legacy') {
    written = await writeSetting('gateways', [{ name, baseUrl: base.href }, ...listSetting()]);
    await writeSetting('baseUrl', undefined);
  } else {
    const list = listSetting();
    const old = list[source.index];
    list[source.index] = { ...(typeof old === 'object' && old !== null ? old : { baseUrl: base.href }), name };
    written = await writeSetting('gateways', list);
  }
  saidWhere(written, l10n.t('Gateway {0} renamed to {1}', oldName, name));
  const renamed = await gatewayAt(ctx, base.href, name);
  if (renamed && renamed.connection.scope !== oldScope) {
    await ctx.keys.delete(oldScope);
  }
}

/** Set Gateway URL…: with no gateway, the `baseUrl` setting; otherwise the URL of the row's (or picked) gateway. */
export async function setBaseUrl(ctx: CommandContext, arg?: unknown): Promise<void> {
  const gateway = ctx.registry.entries().length === 0 ? undefined : await pickGateway(ctx.registry, arg, { title: l10n.t('Page Gateway: Set Gateway URL'), placeHolder: l10n.t('Change the URL of which gateway?') });
  if (ctx.registry.entries().length > 0 && !gateway && ctx.registry.gateways().length > 0) {
    return;
  }
  const current = gateway?.base.href ?? effectiveValue<string>('baseUrl', '');
  const href = await askUrl(l10n.t('Page Gateway: Set Gateway URL'), current);
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
  const target = await gatewayAt(ctx, href, gateway === undefined || gateway.source.kind === 'legacy' ? undefined : gateway.name);
  if (!target) {
    return;
  }
  // Setting the URL again is the way to answer the plain-HTTP question again.
  await ctx.consent.forget(target.base.origin);
  if (!(await ensureConsent(ctx, target))) {
    return;
  }
  const lookup = await target.connection.readKey();
  if (lookup.kind === 'missing') {
    void vscode.window.showInformationMessage(l10n.t('No API key is stored for {0} yet.', href), l10n.t('Set API Key…')).then((choice) => {
      if (choice) {
        void vscode.commands.executeCommand('pageGateway.setApiKey', { gateway: target });
      }
    });
  }
}
