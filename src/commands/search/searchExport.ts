/** The export button of Search: every match so far (not only those listed), of one gateway, as the server sent them. */
import * as vscode from 'vscode';
import type { Gateway } from '../../gateway/gateway';
import { listPlan, ofGateway } from '../../model/exportPlan';
import type { ResourceKind } from '../../model/resource';
import { exportMatchesPickText, scannedWhenExportedText } from '../../text/searchText';
import type { CommandContext } from '../commandContext';
import { runExport } from '../exportCommand';
import { pickGateway } from '../gatewayPicker';
import type { Candidate } from './searchResults';
import type { ScanState } from './searchScan';
import { searchWordsOf } from './searchWords';

/**
 * Exports `matched` (asking which gateway's when they come from several). `query` is what was typed, `states` how far
 * each gateway's scan got (said with the result when it had not reached the end).
 */
export async function exportMatches(
  ctx: CommandContext,
  kind: ResourceKind<unknown>,
  matched: readonly Candidate[],
  query: string,
  states: ReadonlyMap<Gateway, ScanState>,
  searched: readonly Gateway[],
): Promise<void> {
  const words = searchWordsOf(kind);
  const gateways = searched.filter((gateway) => matched.some((candidate) => candidate.gateway === gateway));
  const gateway = gateways.length === 1 ? gateways[0] : await pickGateway(ctx.registry, undefined, { ...exportMatchesPickText(), among: gateways });
  if (!gateway) {
    return;
  }
  const items = matched.filter((candidate) => candidate.gateway === gateway).map((candidate) => candidate.item);
  const state = states.get(gateway);
  const several = ctx.registry.gateways().length > 1;
  const note = state && state.kind !== 'complete' ? scannedWhenExportedText(kind.words.count(state.scanned)) : undefined;
  await runExport(ctx, listPlan(gateway, kind, items, ofGateway(several, gateway, words.matching(query)), [kind.folder, 'search', query, ...(several ? [gateway.name] : [])], note));
}

/** Says that nothing matches (the export button with no match). */
export function nothingToExport(kind: ResourceKind<unknown>): void {
  void vscode.window.showInformationMessage(searchWordsOf(kind).noneMatch());
}
