/**
 * Search's scan of one list on one gateway: a paged list is read page after page to its end (`kind.scan`: the pages
 * land where the view shows them, so searching again sends nothing until a refresh), a whole list is loaded once
 * (`kind.ensureLoaded`: nothing is sent when it is loaded). No `vscode` import.
 */
import type { Checked } from '../../api/model';
import type { Gateway } from '../../gateway/gateway';
import type { ResourceKind, ScanOutcome } from '../../model/resource';
import { describeGatewayError } from '../../text/errorText';

/** How far the scan of one gateway got: its items scanned, and why it stopped (with the error of a failure). */
export interface ScanState {
  readonly kind: 'scanning' | ScanOutcome;
  readonly scanned: number;
  readonly error?: string;
}

/**
 * Reads `kind`'s whole list on `gateway`. `onItems` gets what is loaded first, then each page's new items, with the
 * items scanned so far. Resolves with where it stopped (`aborted` when the signal was).
 */
export async function scanList(
  kind: ResourceKind<unknown>,
  gateway: Gateway,
  signal: AbortSignal,
  onItems: (items: readonly Checked<unknown>[], scanned: number) => void,
): Promise<ScanState> {
  let scanned = 0;
  let outcome: ScanOutcome;
  if (kind.scan !== undefined) {
    outcome = await kind.scan(gateway, signal, (items, count) => {
      scanned = count;
      onItems(items, count);
    });
  } else {
    await kind.ensureLoaded?.(gateway);
    if (signal.aborted) {
      return { kind: 'aborted', scanned };
    }
    const items = [...kind.loaded(gateway)];
    scanned = items.length;
    onItems(items, scanned);
    outcome = kind.extent(gateway).complete ? 'complete' : 'failed';
  }
  if (signal.aborted) {
    return { kind: 'aborted', scanned };
  }
  const error = outcome === 'failed' ? kind.extent(gateway).error : undefined;
  return { kind: outcome, scanned, ...(error ? { error: describeGatewayError(error, kind.words) } : {}) };
}
