/** Which gateway a command acts on: the one of the row it runs on, the only one, or the one the user picks. */
import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { Gateway } from '../gateway/gateway';
import type { GatewayRegistry } from '../gateway/registry';
import { conditionText, gatewayCondition, gatewayRowDescription } from '../gateway/gatewayText';
import { plainText } from '../text/surfaceText';

/** The gateway a command argument (a row, or `{ gateway }`) carries. */
export function gatewayOf(arg: unknown): Gateway | undefined {
  const candidate = typeof arg === 'object' && arg !== null ? (arg as { gateway?: unknown }).gateway : undefined;
  return candidate instanceof Gateway && !candidate.removed ? candidate : undefined;
}

interface GatewayPick extends vscode.QuickPickItem {
  readonly gateway?: Gateway;
  readonly all?: true;
}

export interface PickGatewayOptions {
  readonly title: string;
  readonly placeHolder?: string;
  /** Only these gateways are offered (default: all usable ones). */
  readonly among?: readonly Gateway[];
  /** Leave this one out (e.g. the first side of a comparison). */
  readonly except?: Gateway;
}

/** The row's gateway, else the only candidate, else a quick pick; undefined when there is none or the pick was closed. */
export async function pickGateway(registry: GatewayRegistry, arg: unknown, options: PickGatewayOptions): Promise<Gateway | undefined> {
  const fromRow = gatewayOf(arg);
  if (fromRow) {
    return fromRow;
  }
  const candidates = (options.among ?? registry.gateways()).filter((g) => g !== options.except);
  if (candidates.length === 0) {
    noGateway();
    return undefined;
  }
  if (candidates.length === 1 && options.except === undefined) {
    return candidates[0];
  }
  const picked = await vscode.window.showQuickPick(await gatewayPicks(candidates), {
    title: options.title,
    placeHolder: options.placeHolder ?? l10n.t('Which gateway?'),
  });
  return picked?.gateway;
}

/** Like `pickGateway`, with an "All gateways" choice first when there are several: an empty array when closed. */
export async function pickGateways(registry: GatewayRegistry, arg: unknown, title: string): Promise<Gateway[]> {
  const fromRow = gatewayOf(arg);
  if (fromRow) {
    return [fromRow];
  }
  const candidates = registry.gateways();
  if (candidates.length <= 1) {
    if (candidates.length === 0) {
      noGateway();
    }
    return candidates;
  }
  const picks: GatewayPick[] = [{ label: `$(layers) ${l10n.t('All gateways')}`, all: true }, ...(await gatewayPicks(candidates))];
  const picked = await vscode.window.showQuickPick(picks, { title, placeHolder: l10n.t('Which gateway?') });
  if (!picked) {
    return [];
  }
  return picked.all ? candidates : picked.gateway ? [picked.gateway] : [];
}

async function gatewayPicks(gateways: readonly Gateway[]): Promise<GatewayPick[]> {
  return Promise.all(
    gateways.map(async (gateway): Promise<GatewayPick> => {
      const state = await gateway.connection.state();
      return {
        label: `$(server-environment) ${plainText(gateway.name)}`,
        // A gateway named by its host shows it once ("127.0.0.1:18787", never "127.0.0.1:18787 127.0.0.1:18787").
        description: plainText(gatewayRowDescription(gateway.name, gateway.address, undefined)),
        detail: conditionText(gatewayCondition(state.kind, gateway.connection.health)),
        gateway,
      };
    }),
  );
}

function noGateway(): void {
  void vscode.window.showInformationMessage(l10n.t('No gateway is configured yet.'), l10n.t('Add Gateway…')).then((choice) => {
    if (choice) {
      void vscode.commands.executeCommand('pageGateway.addGateway');
    }
  });
}
