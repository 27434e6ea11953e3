// The fault matrix: for each fault of the sample gateway, what the user sees in the Page Groups tree, that what was
// shown stays, that retry works once the fault clears, and that no request loops (bounded counts at the gateway).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PageGatewayTestApi } from '../../../src/extension';
import type { PageGroupsNode } from '../../../src/features/pageGroups/view/pageGroupsProvider';
import { generateDataset, type Dataset } from '../../gateway/dataset';
import type { FaultRule, SampleGateway } from '../../gateway/server';
import { configure, connectedSuite, datasetIds, pageGroupIdsOf, pageGroupRows, type Row, sleep, statusRow, webhookRows, onlyGateway, checkRowIdsAfterEachPassingTest } from '../support';

const dataset: Dataset = generateDataset();
const PUBLISHED = datasetIds(dataset.pageGroups, 'published');

function last(rows: readonly Row<PageGroupsNode>[]): Row<PageGroupsNode> {
  const row = rows[rows.length - 1];
  assert.ok(row);
  return row;
}

async function click(row: Row<PageGroupsNode>): Promise<void> {
  const command = row.item.command;
  assert.ok(command, `row "${row.label}" is clickable`);
  await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));
}

describe('Fault matrix (Page Groups, "Load more…" on page 2)', function () {
  this.timeout(60_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;

  connectedSuite({ dataset }, (a, g) => {
    api = a;
    gateway = g;
  });

  checkRowIdsAfterEachPassingTest(() => api);

  beforeEach(async () => {
    gateway.clearFaults();
    await configure(api, { requestTimeoutSeconds: undefined, pageSize: undefined });
    api.pageGroups.reload(onlyGateway(api));
    gateway.resetRequests();
  });

  after(() => {
    gateway.clearFaults();
  });

  /** Shows page 1 of "published", adds the fault, clicks "Load more…"; returns the rows the user then sees. */
  async function loadPage2With(fault: FaultRule): Promise<{ rows: Row<PageGroupsNode>[]; requests: number }> {
    const published = await statusRow(api, 'published');
    const first = await pageGroupRows(api, published.node);
    assert.deepEqual(pageGroupIdsOf(first), PUBLISHED.slice(0, 20));
    gateway.addFault(fault);
    gateway.resetRequests();
    await click(last(first));
    return { rows: await pageGroupRows(api, published.node), requests: gateway.requests.length };
  }

  async function retryUntilPage2(rows: readonly Row<PageGroupsNode>[]): Promise<void> {
    gateway.clearFaults();
    await click(last(rows));
    const published = await statusRow(api, 'published');
    const after = await pageGroupRows(api, published.node);
    assert.deepEqual(pageGroupIdsOf(after), PUBLISHED.slice(0, 40), 'retry loads page 2 once the fault is gone');
    assert.equal(last(after).label, 'Load more…');
  }

  it('slow beyond the timeout: "timed out" row, rows kept, retry works', async () => {
    await configure(api, { requestTimeoutSeconds: 1 });
    const { rows, requests } = await loadPage2With({ kind: 'delay', ms: 2500, path: 'page_groups', withCursor: true });
    assert.equal(pageGroupIdsOf(rows).length, 20);
    assert.match(last(rows).label, /Couldn't load more page groups — retry/);
    assert.match(last(rows).description, /timed out/);
    assert.match(last(rows).tooltip, /requestTimeoutSeconds/);
    assert.ok(requests <= 3, `bounded: ${requests}`);
    await retryUntilPage2(rows);
  });

  it('500 once then fine: error row, then retry works', async () => {
    const { rows, requests } = await loadPage2With({ kind: 'status', status: 500, path: 'page_groups', withCursor: true, times: 1 });
    assert.equal(requests, 1, '500 is not retried automatically');
    assert.match(last(rows).description, /server error 500/);
    await retryUntilPage2(rows);
  });

  it('500 always: every retry click is one request and the error row stays', async () => {
    const { rows } = await loadPage2With({ kind: 'status', status: 500, path: 'page_groups', withCursor: true });
    gateway.resetRequests();
    await click(last(rows));
    await click(last(await pageGroupRows(api, (await statusRow(api, 'published')).node)));
    assert.equal(gateway.requests.length, 2);
    const after = await pageGroupRows(api, (await statusRow(api, 'published')).node);
    assert.equal(pageGroupIdsOf(after).length, 20);
    assert.match(last(after).label, /retry/);
  });

  it('503 is retried with backoff, at most 3 attempts, then an error row', async () => {
    const { rows, requests } = await loadPage2With({ kind: 'status', status: 503, path: 'page_groups', withCursor: true });
    assert.equal(requests, 3);
    assert.match(last(rows).description, /503/);
  });

  it('429 with Retry-After: waits as told and succeeds without the user doing anything', async () => {
    const started = Date.now();
    const { rows, requests } = await loadPage2With({ kind: 'rateLimit', retryAfterSeconds: 1, path: 'page_groups', withCursor: true, times: 1 });
    assert.ok(Date.now() - started >= 1000, 'Retry-After was honoured');
    assert.equal(requests, 2);
    assert.deepEqual(pageGroupIdsOf(rows), PUBLISHED.slice(0, 40));
  });

  it('429 always: bounded attempts, a "rate limited" row with the wait', async () => {
    const { rows, requests } = await loadPage2With({ kind: 'rateLimit', retryAfterSeconds: 1, path: 'page_groups', withCursor: true });
    assert.equal(requests, 3);
    assert.match(last(rows).description, /rate limited 429 · retry after 1 s/);
    await retryUntilPage2(rows);
  });

  it('malformed JSON: "invalid JSON" row, rows kept', async () => {
    const { rows, requests } = await loadPage2With({ kind: 'malformedJson', path: 'page_groups', withCursor: true, times: 1 });
    assert.equal(requests, 1);
    assert.match(last(rows).description, /invalid JSON/);
    assert.equal(pageGroupIdsOf(rows).length, 20);
    await retryUntilPage2(rows);
  });

  it('a broken envelope ("items" not an array): "invalid response" row', async () => {
    const { rows } = await loadPage2With({ kind: 'body', body: '{"hasMore":false,"items":{},"limit":20}', path: 'page_groups', withCursor: true, times: 1 });
    assert.match(last(rows).description, /invalid response/);
    await retryUntilPage2(rows);
  });

  it('401 after a good first page: "Set API Key…" row under the group, loaded rows kept', async () => {
    const { rows, requests } = await loadPage2With({ kind: 'status', status: 401, path: 'page_groups', withCursor: true });
    assert.equal(requests, 1);
    assert.equal(pageGroupIdsOf(rows).length, 20);
    assert.equal(last(rows).label, 'Set API Key…');
    assert.equal(last(rows).contextValue, 'pageGateway.auth');
  });

  it('a repeating cursor stops paging with an error row instead of looping', async () => {
    const { rows, requests } = await loadPage2With({ kind: 'repeatCursor', path: 'page_groups', withCursor: true });
    assert.equal(requests, 1);
    assert.match(last(rows).label, /repeated a cursor/);
    await sleep(300);
    assert.equal(gateway.requests.length, 1, 'no further requests');
    assert.ok(!rows.some((r) => r.label === 'Load more…'));
    assert.equal(new Set(rows.map((r) => r.id)).size, rows.length, 'no duplicate row ids');
  });

  it('hasMore without a cursor: warning row, what was sent is shown', async () => {
    const { rows } = await loadPage2With({ kind: 'hasMoreWithoutCursor', path: 'page_groups', withCursor: true });
    assert.deepEqual(pageGroupIdsOf(rows), PUBLISHED.slice(0, 40));
    assert.match(last(rows).label, /Paging stopped early/);
  });

  it('items violating the schema are all shown, flagged with their problems', async () => {
    const { rows } = await loadPage2With({ kind: 'badItems', path: 'page_groups', withCursor: true, times: 1 });
    const items = rows.filter((r) => r.node.kind === 'pageGroup');
    assert.ok(items.length >= 39, 'broken items are kept (one may lack its id)');
    const flagged = items.filter((r) => r.contextValue.includes('.flagged'));
    assert.ok(flagged.length > 0);
    for (const row of flagged) {
      assert.equal(row.icon, 'warning');
      assert.match(row.tooltip, /Does not match the API contract/);
    }
  });

  it('the gateway going down mid-walk and coming back: network error row, then retry works', async () => {
    const published = await statusRow(api, 'published');
    const first = await pageGroupRows(api, published.node);
    await gateway.goDown();
    try {
      await click(last(first));
      const rows = await pageGroupRows(api, published.node);
      assert.equal(pageGroupIdsOf(rows).length, 20);
      assert.match(last(rows).description, /network error/);
      assert.match(last(rows).tooltip, /connection was refused/);
      // code-server's windows are remote windows, and the extension runs on the remote side: the row says so.
      const remote = vscode.env.remoteName;
      assert.ok(remote, 'a remote window');
      const shown = last(rows).tooltip.replace(/\\(.)/g, '$1'); // the tooltip is Markdown: what it draws
      assert.ok(shown.includes(`The request was sent from the remote machine (${remote}): the gateway address is reached from there.`), shown);
      await gateway.comeBack();
      await retryUntilPage2(rows);
    } finally {
      await gateway.comeBack().catch(() => undefined);
    }
  });

  it('discovery failing at first shows an error row at the root; retry fills the root', async () => {
    api.pageGroups.model(onlyGateway(api)).resetAll();
    gateway.addFault({ kind: 'status', status: 500, path: 'page_groups', statusFilter: null, times: 1 });
    const rows = await pageGroupRows(api);
    assert.match(last(rows).label, /Couldn't load page groups — retry/);
    await click(last(rows));
    const after = await pageGroupRows(api);
    assert.ok(after.some((r) => r.label === 'published'));
  });

  it('webhooks: offset timestamps, unknown and null events are kept and flagged, never dropped', async () => {
    for (const variant of ['offsetTimestamps', 'unknownEvents', 'nullEvents', 'boundaryTimestamps', 'lowercaseZ'] as const) {
      gateway.clearFaults();
      gateway.addFault({ kind: 'webhookVariant', variant });
      api.webhooks.list(onlyGateway(api)).reset();
      const rows = await webhookRows(api);
      assert.equal(rows.filter((r) => r.node.kind === 'webhook').length, dataset.webhooks.length, `${variant}: none dropped`);
      if (variant === 'boundaryTimestamps') {
        continue;
      }
      assert.ok(rows.some((r) => r.icon === 'warning' || r.description.includes('events not specified')), `${variant}: visible`);
    }
  });
});
