/**
 * Looking for items by id on a gateway when they are not loaded, for any kind (Go to ID, the agent's Get Item): each
 * list that comes whole is loaded (one request, none when it is loaded already), then each paged list is scanned until
 * a page brings one of the ids, the list ends, the signal aborts, or `maxPages` pages were read. What is read lands where
 * the views show it. No `vscode` import.
 */
import type { Gateway } from '../gateway/gateway';
import type { ResourceKind } from './resource';

/** Loads every list of the gateway that comes whole and is not loaded whole yet; resolves with the requests sent. */
export async function loadWholeLists(gateway: Gateway, kinds: readonly ResourceKind<unknown>[]): Promise<number> {
  const pending = kinds.filter((kind) => kind.ensureLoaded !== undefined && !kind.extent(gateway).complete);
  await Promise.all(pending.map((kind) => kind.ensureLoaded?.(gateway)));
  return pending.length;
}

export interface IdScanOptions {
  readonly signal: AbortSignal;
  /** Pages the scan may read in all (Infinity: to the lists' ends). */
  readonly maxPages: number;
  /** After each page (and once first, with what was loaded): how many items of the kind were scanned. */
  readonly onScanned?: (kind: ResourceKind<unknown>, scanned: number) => void;
}

export interface IdScanOutcome {
  /** Pages read (one request each). */
  readonly pages: number;
  /** Whether a page brought one of the ids. */
  readonly hit: boolean;
  /** The paged kinds read to their end on this gateway. */
  readonly complete: ReadonlySet<ResourceKind<unknown>>;
  /** The kinds whose scan stopped at their limit (`pageGateway.maxLoadedPageGroups`). */
  readonly capped: ReadonlySet<ResourceKind<unknown>>;
}

export async function scanForIds(gateway: Gateway, kinds: readonly ResourceKind<unknown>[], wanted: ReadonlySet<string>, options: IdScanOptions): Promise<IdScanOutcome> {
  let pages = 0;
  const complete = new Set<ResourceKind<unknown>>();
  const capped = new Set<ResourceKind<unknown>>();
  for (const kind of kinds) {
    if (!kind.scan || options.signal.aborted || pages >= options.maxPages) {
      continue;
    }
    if (kind.extent(gateway).complete) {
      complete.add(kind);
      continue;
    }
    const scan = new AbortController();
    const stop = (): void => scan.abort();
    options.signal.addEventListener('abort', stop, { once: true });
    let first = true;
    let hit = false;
    // The scan's first report is what was loaded before it; each later one is a page it read.
    const outcome = await kind.scan(gateway, scan.signal, (items, scanned) => {
      if (first) {
        first = false;
      } else {
        pages += 1;
      }
      options.onScanned?.(kind, scanned);
      if (items.some((item) => wanted.has(kind.idOf(item.value) ?? ''))) {
        hit = true;
      }
      if (hit || pages >= options.maxPages) {
        scan.abort();
      }
    });
    options.signal.removeEventListener('abort', stop);
    if (outcome === 'complete') {
      complete.add(kind);
    } else if (outcome === 'capped') {
      capped.add(kind);
    }
    if (hit) {
      return { pages, hit, complete, capped };
    }
  }
  return { pages, hit: false, complete, capped };
}
