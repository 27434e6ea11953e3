/**
 * Reading every gateway a Count or Find call asks, each with its own request budget, at the same time (no gateway
 * starves another): the per-gateway outcome and what it covered.
 */
import type { Coverage } from '../../../agent/model/coverage';
import { MAX_REQUESTS_PER_GATEWAY } from '../../../agent/model/coverage';
import type { Gateway } from '../../../gateway/gateway';
import { filterTest } from '../model/pageGroupFilter';
import { readPageGroups, type ReadOutcome } from '../model/pageGroupRead';
import type { PageGroupToolInput } from '../model/pageGroupToolInput';
import { PAGE_GROUPS_STORE } from '../pageGroupKind';
import { pageGroupCoverage } from '../text/pageGroupToolText';
import type { NamedRead } from '../text/pageGroupToolResults';

export interface GatewayRead {
  readonly gateway: Gateway;
  readonly outcome: ReadOutcome;
  readonly coverage: Coverage;
  /** Matches already returned by earlier calls (from the continuation; 0 when it no longer applies). */
  readonly offset: number;
}

export async function readGateways(
  gateways: readonly Gateway[],
  ready: ReadonlyMap<Gateway, string | undefined>,
  input: PageGroupToolInput,
  signal: AbortSignal,
  enough?: (offset: number) => number,
): Promise<GatewayRead[]> {
  const test = filterTest(input.filter);
  return Promise.all(
    gateways.map(async (gateway): Promise<GatewayRead> => {
      const model = gateway.store(PAGE_GROUPS_STORE);
      const notReady = ready.get(gateway);
      const position = input.positions.get(gateway.name);
      const outcome = await readPageGroups(model, {
        status: input.question.status,
        test,
        ...(input.filter.query !== undefined && input.filter.exact !== true ? { searchText: input.filter.query } : {}),
        ready: notReady === undefined,
        maxRequests: MAX_REQUESTS_PER_GATEWAY,
        signal,
        ...(enough === undefined ? {} : { enough: enough(position?.position ?? 0) }),
        ...(position === undefined ? {} : { resume: { source: position.source, version: position.version } }),
      });
      const chain = outcome.source === 'unfiltered' ? model.discovery : model.chain(input.question.status ?? '');
      const offset = outcome.restarted || position === undefined ? 0 : Math.min(position.position, outcome.matches.length);
      return { gateway, outcome, offset, coverage: pageGroupCoverage(gateway.name, outcome, notReady, chain.notice, model.capReached()) };
    }),
  );
}

/** The reading by the gateway's name, as the results take it. */
export function namedRead(read: GatewayRead): NamedRead {
  return { name: read.gateway.name, outcome: read.outcome, coverage: read.coverage, offset: read.offset };
}
