/**
 * What tells the subscriptions of one list apart. When every URL of the list has the same host (and port), the rows
 * lead with the path and query (`/pages/12`) and the shared host is said once, after the rest; otherwise they lead
 * with host and path as before: wording of the rows, so it lives in text/ (it builds on model/webhookUrl.ts). Pure: no
 * `vscode`.
 */
import type { WebhookSubscription } from '../../../api/model';
import { displayText } from '../../../text/displayText';
import { webhookLabel } from './webhookPresentation';
import { readableHost } from '../model/webhookUrl';

export interface WebhookNaming {
  /** The host (readable, with its port) every subscription of the list shares; undefined when they differ or there is one. */
  readonly sharedHost: string | undefined;
  /** The row's label: the path and query under a shared host, host and path otherwise. */
  label(hook: WebhookSubscription): string;
}

interface Parts {
  readonly host: string;
  readonly rest: string;
}

function partsOf(hook: WebhookSubscription): Parts | undefined {
  if (hook.url === undefined) {
    return undefined;
  }
  try {
    const url = new URL(hook.url);
    if (url.hostname === '') {
      return undefined;
    }
    const port = url.port === '' ? '' : `:${url.port}`;
    return { host: `${readableHost(url.hostname)}${port}`, rest: `${url.pathname}${url.search}` };
  } catch {
    return undefined;
  }
}

/** The naming for one list; linear in its length. */
export function webhookNaming(hooks: readonly WebhookSubscription[]): WebhookNaming {
  let shared: string | undefined;
  let same = hooks.length > 1;
  for (const hook of hooks) {
    const parts = partsOf(hook);
    if (parts === undefined || (shared !== undefined && parts.host !== shared)) {
      same = false;
      break;
    }
    shared = parts.host;
  }
  const sharedHost = same ? shared : undefined;
  return {
    sharedHost,
    label(hook) {
      const parts = sharedHost === undefined ? undefined : partsOf(hook);
      return parts === undefined || parts.host !== sharedHost ? webhookLabel(hook) : displayText(parts.rest === '' ? '/' : parts.rest);
    },
  };
}
