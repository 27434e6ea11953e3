/** Words for gateways: their states, configuration problems and not-ready reasons. Pure (no `vscode`). */
import type { GatewayHealth, NotReadyState } from '../../gateway/connection';
import type { GatewayConfigProblem } from '../../gateway/gatewayConfig';
import { MAX_NAME_LENGTH, type InvalidBaseUrl } from '../../gateway/gatewayConfig';
import { describeBaseUrlProblem } from './errorText';

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
      return 'ready';
    case 'noKey':
      return 'no API key';
    case 'keyUnavailable':
      return 'key could not be read';
    case 'keyRejected':
      return 'key rejected';
    case 'unreachable':
      return 'unreachable';
    case 'insecure':
      return 'plain HTTP: key not sent yet';
    case 'insecureDenied':
      return 'plain HTTP refused';
  }
}

/** What a configuration problem means, and what to change. */
export function describeConfigProblem(problem: GatewayConfigProblem): { label: string; description: string; detail: string } {
  switch (problem.kind) {
    case 'notObject':
      return {
        label: 'Invalid gateway entry',
        description: 'not an object',
        detail: 'Each entry of `pageGateway.gateways` is an object: `{ "name": "staging", "baseUrl": "https://…" }`.',
      };
    case 'noName':
      return { label: 'Gateway without a name', description: 'name missing', detail: 'Give the entry a `name`: it is shown in rows, tabs and pickers.' };
    case 'badName':
      return {
        label: problem.name,
        description: 'name not allowed',
        detail: `A gateway name has at most ${MAX_NAME_LENGTH} characters and none of / \\ @ # ? or control characters (it is part of document addresses).`,
      };
    case 'duplicateName':
      return { label: problem.name, description: 'name used twice', detail: `Another gateway is already named “${problem.name}” (names ignore case). Rename one of them.` };
    case 'badUrl':
      return {
        label: problem.name,
        description: 'invalid URL',
        // A user name or password in the URL is not repeated (parseBaseUrl does not echo it either).
        detail: mayHoldCredentials(problem.url)
          ? 'The base URL cannot be used: it must not contain a user name or password (user:password@host), so it is not shown here. ' +
            'Remove them and set the API key with “Page Gateway: Set API Key…”.'
          : `The base URL “${problem.url}” cannot be used: ${failureText(problem.failure)}`,
      };
    case 'duplicateUrl':
      return {
        label: problem.name,
        description: `same URL as ${problem.sameAs}`,
        detail: `“${problem.name}” has the same base URL as “${problem.sameAs}” (${problem.href}); only the first is shown. Remove one of them.`,
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
      return `No API key is stored for the gateway “${gatewayName}”. Run “Page Gateway: Set API Key…”.`;
    case 'keyUnavailable':
      return (
        `The API key of the gateway “${gatewayName}” could not be read from the system keyring (${state.reason}). ` +
        'On Linux this usually means no secret service (GNOME Keyring or KWallet) is running or it is locked; ' +
        'unlock or start it, or set the key again with “Page Gateway: Set API Key…”.'
      );
    case 'insecureUnanswered':
      return `${origin} uses plain HTTP and is not on this machine: the API key is sent there only once you allow it.`;
    case 'insecureDenied':
      return `The API key is not sent to ${origin} over plain HTTP. Use an https:// URL, or answer again.`;
  }
}

/** "staging (api.example.com)", or just the address when the name is the address. */
export function gatewayTitle(name: string, address: string): string {
  return name === address ? address : `${name} (${address})`;
}
