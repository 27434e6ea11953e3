/**
 * The status rows of a gateway whose page groups each bring a new status: the unfiltered list of 10,000 page groups
 * with 10,000 distinct statuses, loaded page by page (limit=100). Timed: the last page landing plus the root render
 * that follows (getChildren of the root + getTreeItem of every row), with the status rows capped as the tree shows
 * them (500 and one "more statuses" row), against the render of all 10,000 status rows (what the tree drew before the
 * cap). Runs last: it points the extension at its own sample gateway in this host.
 */
import * as vscode from 'vscode';
import type { PageGatewayTestApi } from '../../../src/extension';
import { storeKey } from '../../host/support';
import { startSampleGateway } from '../../gateway/server';
import type { StatusRowFigures } from '../hostProtocol';
import { onlyGateway } from './onlyGateway';
import { until } from './steps';

export const FLOOD_STATUSES = 10_000;

async function renderRoot(api: PageGatewayTestApi): Promise<{ ms: number; rows: number }> {
  const started = performance.now();
  const rows = await api.pageGroups.getChildren();
  for (const row of rows) {
    await api.pageGroups.getTreeItem(row);
  }
  return { ms: performance.now() - started, rows: rows.length };
}

/** Every status row, as the root drew them before the cap. */
async function renderAllStatusRows(api: PageGatewayTestApi): Promise<number> {
  const gateway = onlyGateway(api);
  const started = performance.now();
  for (const key of api.pageGroups.knownGroups(gateway)) {
    await api.pageGroups.getTreeItem(api.pageGroups.statusNode(gateway, key));
  }
  return performance.now() - started;
}

export async function statusRowsRender(api: PageGatewayTestApi, rounds: number): Promise<StatusRowFigures> {
  const dataset = {
    pageGroups: Array.from({ length: FLOOD_STATUSES }, (_, n) => ({ pageGroupId: `pg_flood_${n}`, status: `status-${n}`, title: `Flood ${n}` })),
    webhooks: [],
  };
  const server = await startSampleGateway({ dataset });
  const lastPage: number[] = [];
  const capped: number[] = [];
  const all: number[] = [];
  let rows = 0;
  try {
    await vscode.workspace.getConfiguration('pageGateway').update('baseUrl', server.url, vscode.ConfigurationTarget.Global);
    await until(() => api.registry.single()?.base.href === `${server.url}`, 'the flood gateway to be the only one');
    await storeKey(api, server.url, server.apiKey);
    const model = api.pageGroups.model(onlyGateway(api));
    for (let round = 0; round <= rounds; round++) {
      model.resetAll();
      while (model.discovery.items.length < FLOOD_STATUSES - 100) {
        await model.discovery.loadMore(100);
      }
      await renderRoot(api);
      const started = performance.now();
      await model.discovery.loadMore(100);
      const render = await renderRoot(api);
      const pageAndRender = performance.now() - started;
      const allMs = await renderAllStatusRows(api);
      if (round > 0) {
        lastPage.push(pageAndRender);
        capped.push(render.ms);
        all.push(allMs);
      }
      rows = render.rows;
    }
    if (model.discovered.length !== FLOOD_STATUSES) {
      throw new Error(`expected ${FLOOD_STATUSES} statuses, the model knows ${model.discovered.length}`);
    }
    return { statuses: FLOOD_STATUSES, rows, lastPageAndRenderMs: lastPage, cappedRenderMs: capped, allRowsRenderMs: all };
  } finally {
    await server.close();
  }
}
