/** Words for gateways: their states, configuration problems and not-ready reasons. Pure (no `vscode`). */
import * as l10n from '@vscode/l10n';
import type { GatewayHealth, NotReadyState } from './connection';
import type { GatewayConfigProblem } from './gatewayConfig';
import { MAX_NAME_LENGTH, type InvalidBaseUrl } from './gatewayConfig';
import { describeBaseUrlProblem } from '../text/errorText';

export type GatewayCondition = 'ready' | 'noKey' | 'keyUnavailable' | 'keyRejected' | 'unreachable' | 'insecure' | 'insecureDenied';

/** One word-sized condition for the gateway row's icon and tooltip. */
export function gatewayCondition(state: NotReadyState['kind'] | 'ready', health: GatewayHealth): GatewayCondition {
  switch (state) {
    case 'ready':
      return health === 'keyRejected' ? 'keyRejected' : health === 'unreachable' ? 'unreachable' : 'ready';
    case 'noKey':
      return 'noKey';
    case 'keyUnavailable':
      return 'keyUnavailable';
    case 'insecureUnanswered':
      return 'insecure';
    case 'insecureDenied':
      return 'insecureDenied';
  }
}

export function conditionText(condition: GatewayCondition): string {
  switch (condition) {
    case 'ready':
      return l10n.t('ready');
    case 'noKey':
      return l10n.t('no API key');
    case 'keyUnavailable':
      return l10n.t('key could not be read');
    case 'keyRejected':
      return l10n.t('key rejected');
    case 'unreachable':
      return l10n.t('unreachable');
    case 'insecure':
      return l10n.t('plain HTTP: key not sent yet');
    case 'insecureDenied':
      return l10n.t('plain HTTP refused');
  }
}

/**
 * The gateway row's description: its address unless the name already says it (a name suggested from the host), then
 * the state in words when it is not fine. "" when there is nothing to add.
 */
export function gatewayRowDescription(name: string, address: string, state: string | undefined): string {
  const sameAsName = name.trim().toLowerCase() === address.toLowerCase();
  return [sameAsName ? undefined : address, state].filter((part): part is string => part !== undefined).join(' · ');
}

/** What a configuration problem means, and what to change. */
export function describeConfigProblem(problem: GatewayConfigProblem): { label: string; description: string; detail: string } {
  switch (problem.kind) {
    case 'notObject':
      return {
        label: l10n.t('Invalid gateway entry'),
        description: l10n.t('not an object'),
        detail: l10n.t('Each entry of {0} is an object: {1}.', '`pageGateway.gateways`', '`{ "name": "staging", "baseUrl": "https://…" }`'),
      };
    case 'noName':
      return {
        label: l10n.t('Gateway without a name'),
        description: l10n.t('name missing'),
        detail: l10n.t('Give the entry a {0}: it is shown in rows, tabs and pickers.', '`name`'),
      };
    case 'badName':
      return {
        label: problem.name,
        description: l10n.t('name not allowed'),
        detail: l10n.t(
          'A gateway name has at most {0} characters and none of {1} or control characters (it is part of document addresses).',
          MAX_NAME_LENGTH,
          '/ \\ @ # ?',
        ),
      };
    case 'duplicateName':
      return {
        label: problem.name,
        description: l10n.t('name used twice'),
        detail: l10n.t('Another gateway is already named “{0}” (names ignore case). Rename one of them.', problem.name),
      };
    case 'badUrl':
      return {
        label: problem.name,
        description: l10n.t('invalid URL'),
        // A user name or password in the URL is not repeated (parseBaseUrl does not echo it either).
        detail: mayHoldCredentials(problem.url)
          ? l10n.t(
              'The base URL cannot be used: it must not contain a user name or password (user:password@host), so it is not shown here. Remove them and set the API key with “Page Gateway: Set API Key…”.',
            )
          : l10n.t('The base URL “{0}” cannot be used: {1}', problem.url, failureText(problem.failure)),
      };
  }
}

/** Whether the URL may carry a user name or password: an `@` after the scheme and before any slash, backslash, `?` or `#`. */
function mayHoldCredentials(url: string): boolean {
  const afterScheme = url.trim().replace(/^[a-z][a-z0-9+.-]*:/i, '').replace(/^[/\\]+/, '');
  return /^[^/\\?#]*@/.test(afterScheme);
}

/** The reason text of an invalid base URL. */
export function failureText(failure: InvalidBaseUrl): string {
  return describeBaseUrlProblem(failure.problem);
}

/** A sentence for a gateway that has no client. */
export function describeNotReady(state: NotReadyState, gatewayName: string, origin: string): string {
  switch (state.kind) {
    case 'noKey':
      return l10n.t('No API key is stored for the gateway “{0}”. Run “Page Gateway: Set API Key…”.', gatewayName);
    case 'keyUnavailable':
      return l10n.t(
        'The API key of the gateway “{0}” could not be read from the system keyring ({1}). On Linux this usually means no secret service (GNOME Keyring or KWallet) is running or it is locked; unlock or start it, or set the key again with “Page Gateway: Set API Key…”.',
        gatewayName,
        state.reason,
      );
    case 'insecureUnanswered':
      return l10n.t('{0} uses plain HTTP, and its requests can leave this machine: the API key is sent there only once you allow it.', origin);
    case 'insecureDenied':
      return l10n.t('The API key is not sent to {0} over plain HTTP. Use an https:// URL, or answer again.', origin);
  }
}

/** "staging (api.example.com)", or just the address when the name is the address. */
export function gatewayTitle(name: string, address: string): string {
  return name === address ? address : l10n.t({ message: '{0} ({1})', args: [name, address], comment: 'a gateway name, then its address: "staging (api.example.com)"' });
}
