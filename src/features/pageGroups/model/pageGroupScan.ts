/**
 * Scanning a gateway's page groups: the unfiltered cursor chain (the one that discovers statuses) is scanned as any
 * paged list is (src/model/chainScan.ts). No `vscode` import.
 */
import type { CheckedPageGroup } from '../../../api/model';
import { scanChain, type ScanProgress } from '../../../model/chainScan';
import type { ScanOutcome } from '../../../model/resource';
import type { PageGroupsModel } from './pageGroupsModel';


/** Continues the unfiltered chain page after page (see `scanChain`); `progress.scanned` counts page groups. */
export function scanPageGroups(model: PageGroupsModel, signal: AbortSignal, onItems: (items: readonly CheckedPageGroup[], progress: ScanProgress) => void): Promise<ScanOutcome> {
  return scanChain(model.discovery, signal, onItems);
}
