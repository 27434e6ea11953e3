// Webhook debugging in the real extension host against the sample gateway: grouping by event, checks, the marks of
// what changed between two refreshes (edited through the gateway's control endpoint), Copy as cURL (run for real),
// the hover on event names, and automatic refresh (requests counted at the gateway, never timed).
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as vscode from 'vscode';
import type { PageGatewayTestApi } from '../../../src/extension';
import { EVENT_KINDS } from '../../../src/api/model';
import type { PageGroupsNode } from '../../../src/features/pageGroups/view/pageGroupsProvider';
import type { WebhooksNode } from '../../../src/features/webhooks/view/webhooksProvider';
import { generateDataset, type Dataset } from '../../gateway/dataset';
import { startSampleGateway, type SampleGateway } from '../../gateway/server';
import { assertUniqueRowIds, checkRowIdsAfterEachPassingTest, tearDownGateways, configure, connectedSuite, extensionApi, onlyGateway, pageGroupRows, type Row, sleep, statusRow, storeKey, waitFor, webhookRows } from '../support';

const dataset: Dataset = generateDataset();
const CURL_PREFIX = `curl -sS --globoff -H "x-api-key: $PAGE_GATEWAY_API_KEY" `;

/** The webhook row of a subscription id (fails when absent). */
function hookRow(rows: readonly Row<WebhooksNode>[], id: string): Row<WebhooksNode> {
  const row = rows.find((r) => r.node.kind === 'webhook' && r.node.item.value.id === id);
  assert.ok(row, `a row for ${id} among ${rows.map((r) => r.label).join(', ')}`);
  return row;
}

/** The change mark a row's decoration shows (`new`, `changed`, `removed`), from its resourceUri. */
function markOf(row: Row<unknown>): string | undefined {
  const uri = row.item.resourceUri;
  return uri?.scheme === 'page-gateway-change' ? uri.path.split('/')[1] : undefined;
}

/** Edits the gateway's webhook list over HTTP, as a tester would with curl. */
async function control(gateway: SampleGateway, method: 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${gateway.url}/__control/webhooks${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
  });
  assert.ok(response.ok, `${method} ${path}: ${response.status}`);
}

/** The text of every hover the editor would show at a position (all providers). */
async function hoverText(document: vscode.TextDocument, line: number, character: number): Promise<string> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, new vscode.Position(line, character));
  return hovers.flatMap((hover) => hover.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');
}

/** Refresh on the webhooks' gateway row (its list, on that gateway). */
async function refreshWebhooks(api: PageGatewayTestApi): Promise<void> {
  await vscode.commands.executeCommand('pageGateway.refresh', api.webhooks.gatewayNode(onlyGateway(api)));
}

/** Runs `command` in /bin/sh with the key in the environment; resolves with its standard output. */
function runShell(command: string, key: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('/bin/sh', ['-c', command], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PAGE_GATEWAY_API_KEY: key } }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });
}

describe('Webhook debugging', function () {
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
    gateway.setDataset(dataset);
    await configure(api, { 'webhooks.groupBy': undefined, 'webhooks.autoRefreshSeconds': undefined });
    api.webhooks.list(onlyGateway(api)).reset();
    gateway.resetRequests();
  });

  it('groups by event and back: the contract kinds in order with their receivers counted, events: null and [] last, no request', async () => {
    await webhookRows(api);
    gateway.resetRequests();
    await vscode.commands.executeCommand('pageGateway.groupWebhooksByEvent');
    await waitFor(() => api.settings().webhooksGroupBy === 'event', 'grouping by event');
    const rows = await webhookRows(api);
    assert.deepEqual(
      rows.map((r) => r.label),
      [...EVENT_KINDS, 'events not specified', 'no events'],
    );
    for (const event of EVENT_KINDS) {
      const receivers = dataset.webhooks.filter((w) => Array.isArray(w.events) && (w.events as string[]).includes(event));
      const active = receivers.filter((w) => w.active === true).length;
      const row = rows.find((r) => r.label === event);
      assert.ok(row);
      assert.match(row.description, new RegExp(`^${active} active · ${receivers.length - active} inactive`), event);
      assert.equal(row.description.includes('no active receiver'), active === 0, event);
      const children = await webhookRows(api, row.node);
      assert.deepEqual(
        children.map((c) => (c.node.kind === 'webhook' ? c.node.item.value.id : c.label)),
        receivers.map((w) => w.id),
      );
      for (const child of children) {
        if (child.node.kind === 'webhook' && child.node.item.value.active) {
          assert.doesNotMatch(child.description, /^inactive/);
        } else {
          assert.match(child.description, /^inactive/);
        }
      }
    }
    const nullRow = rows.find((r) => r.label === 'events not specified');
    assert.match(nullRow?.tooltip ?? '', /does not define what it means/);
    assert.equal(gateway.requests.length, 0, 'regrouping loads nothing');

    await vscode.commands.executeCommand('pageGateway.groupWebhooksBySubscription');
    await waitFor(() => api.settings().webhooksGroupBy === 'subscription', 'grouping by subscription');
    const back = await webhookRows(api);
    assert.deepEqual(
      back.map((r) => (r.node.kind === 'webhook' ? r.node.item.value.id : r.label)),
      dataset.webhooks.map((w) => w.id),
    );
  });

  it('grouped by event, a list that failed shows its error row alone, never event kinds with no receiver', async () => {
    await configure(api, { 'webhooks.groupBy': 'event' });
    gateway.addFault({ kind: 'status', status: 503, path: 'webhook_subscriptions' });
    const rows = await webhookRows(api);
    assert.deepEqual(rows.map((r) => r.node.kind), ['message'], rows.map((r) => `${r.label} ${r.description}`).join(' | '));
    assert.match(rows[0]?.contextValue ?? '', /error/);
    assert.equal(rows.some((r) => /no active receiver/.test(r.description)), false);

    // Once the list answers, the event kinds come back; a refresh that fails then keeps them (from the last good load).
    gateway.clearFaults();
    await refreshWebhooks(api);
    const loaded = await webhookRows(api);
    assert.deepEqual(loaded.map((r) => r.label).slice(0, EVENT_KINDS.length), [...EVENT_KINDS]);
    gateway.addFault({ kind: 'status', status: 503, path: 'webhook_subscriptions' });
    await refreshWebhooks(api);
    const stale = await webhookRows(api);
    assert.match(stale[0]?.label ?? '', /Couldn't refresh/);
    assert.deepEqual(stale.slice(1, 1 + EVENT_KINDS.length).map((r) => r.label), [...EVENT_KINDS]);
    await configure(api, { 'webhooks.groupBy': undefined });
  });

  it('grouped by event, a subscription with an empty events list is under "no events"', async () => {
    await control(gateway, 'POST', '', { id: 'wh_none', url: 'https://hooks.example.com/none', events: [], active: true, createdAt: '2025-01-01T00:00:00Z', updatedAt: '2025-01-01T00:00:00Z' });
    await configure(api, { 'webhooks.groupBy': 'event' });
    const rows = await webhookRows(api);
    const none = rows.find((r) => r.label === 'no events');
    assert.ok(none, rows.map((r) => r.label).join(', '));
    const empties = [...dataset.webhooks.filter((w) => Array.isArray(w.events) && w.events.length === 0), { id: 'wh_none', active: true }];
    const active = empties.filter((w) => w.active === true).length;
    assert.equal(none.description, `${active} active · ${empties.length - active} inactive`);
    assert.match(none.tooltip, /empty list/);
    assert.deepEqual((await webhookRows(api, none.node)).map((r) => (r.node.kind === 'webhook' ? r.node.item.value.id : r.label)), empties.map((w) => w.id));
    await configure(api, { 'webhooks.groupBy': undefined });
    await control(gateway, 'DELETE', '/wh_none');
  });

  it('shows check warnings in the row, its tooltip and the view description', async () => {
    await control(gateway, 'POST', '', {
      id: 'wh_plain',
      url: 'http://hooks.example.com/plain',
      events: ['form.submitted'],
      active: true,
      createdAt: '2026-01-02T00:00Z',
      updatedAt: '2026-01-01T00:00Z',
    });
    const rows = await webhookRows(api);
    const plain = hookRow(rows, 'wh_plain');
    assert.equal(plain.icon, 'warning');
    assert.match(plain.description, /^1 event · plain http \+1 · hooks\.example\.com$/);
    assert.match(plain.contextValue, /\.warning/);
    assert.match(plain.tooltip, /plain http\\:\/\//, 'the colon escaped: no link forms');
    assert.match(plain.tooltip, /updatedAt .* is before createdAt/);
    const nullEvents = hookRow(rows, 'wh_0002');
    // events: null is information (nothing to fix), not a warning.
    assert.match(nullEvents.description, /^events not specified · hooks\.example\.com$/);
    assert.notEqual(nullEvents.icon, 'warning');
    // wh_plain only (plain http, updated before created).
    await waitFor(() => api.webhooksView.description === '2 warnings', `the view description, got ${String(api.webhooksView.description)}`);
  });

  it('marks new, changed and removed subscriptions after a refresh, and clears the marks at the next one', async () => {
    await webhookRows(api);
    await control(gateway, 'POST', '', { id: 'wh_added', url: 'https://added.example.com/h', events: ['form.enriched'], active: true, createdAt: '2026-01-01T00:00Z', updatedAt: '2026-01-01T00:00Z' });
    await control(gateway, 'PATCH', '/wh_0001', { url: 'https://moved.example.com/h', active: false });
    await control(gateway, 'DELETE', '/wh_0004');
    gateway.resetRequests();
    await refreshWebhooks(api);
    assert.equal(gateway.countRequests({ path: 'webhook_subscriptions' }), 1);
    let rows = await webhookRows(api);
    const added = hookRow(rows, 'wh_added');
    assert.equal(markOf(added), 'new');
    assert.match(added.description, / · new$/);
    assert.match(added.tooltip, /\*\*New\*\* since the last refresh/);
    const changed = hookRow(rows, 'wh_0001');
    assert.equal(markOf(changed), 'changed');
    assert.match(changed.tooltip, /url: "https\\:\/\/hooks\\\.example\\\.com\/pages\/1" → "https\\:\/\/moved\\\.example\\\.com\/h"/);
    assert.match(changed.tooltip, /active: true → false/);
    const removed = hookRow(rows, 'wh_0004');
    assert.equal(markOf(removed), 'removed');
    assert.match(removed.name, /\.removed$/);
    assert.equal(rows.indexOf(removed), rows.filter((r) => r.node.kind === 'webhook').length - 1, 'removed ones come last');
    assert.equal(markOf(hookRow(rows, 'wh_0005')), undefined, 'unchanged ones carry no mark');

    // Grouped by event, the marks stay on the subscriptions under each event.
    await configure(api, { 'webhooks.groupBy': 'event' });
    const enriched = (await webhookRows(api)).find((r) => r.label === 'form.enriched');
    assert.ok(enriched);
    assert.ok((await webhookRows(api, enriched.node)).some((r) => r.node.kind === 'webhook' && r.node.item.value.id === 'wh_added' && markOf(r) === 'new'));
    await assertUniqueRowIds(api);
    await configure(api, { 'webhooks.groupBy': undefined });

    await refreshWebhooks(api);
    rows = await webhookRows(api);
    assert.deepEqual(rows.map(markOf).filter((mark) => mark !== undefined), [], 'no marks after a refresh without changes');
    assert.equal(rows.some((r) => r.node.kind === 'webhook' && r.node.item.value.id === 'wh_0004'), false, 'removed ones go at the next refresh');
  });

  it('a failed refresh keeps the list and says so', async () => {
    await webhookRows(api);
    gateway.addFault({ kind: 'status', status: 500, path: 'webhook_subscriptions', times: 1 });
    await refreshWebhooks(api);
    const rows = await webhookRows(api);
    assert.equal(rows.filter((r) => r.node.kind === 'webhook').length, dataset.webhooks.length);
    // Like every list's failed refresh (src/views/listRows.ts): above the rows it keeps.
    assert.match(rows[0]?.label ?? '', /^Couldn't refresh — showing the last list loaded — retry$/);
  });

  it('marks new, changed and removed page groups in a refreshed status', async () => {
    const gw = onlyGateway(api);
    api.pageGroups.reload(gw);
    await pageGroupRows(api);
    const draft = await statusRow(api, 'draft');
    const before = (await pageGroupRows(api, draft.node)).filter((r) => r.node.kind === 'pageGroup');
    const ids = before.map((r) => (r.node.kind === 'pageGroup' ? r.node.item.value.pageGroupId : ''));
    const [first, second, third] = ids;
    assert.ok(first && second && third);
    const changedGroups = dataset.pageGroups
      .filter((pg) => pg.pageGroupId !== second)
      .map((pg) => (pg.pageGroupId === third ? { ...pg, title: 'Renamed in the test' } : pg));
    changedGroups.unshift({ ...dataset.pageGroups.find((pg) => pg.pageGroupId === first), pageGroupId: 'pg_new_1', title: 'Brand new' });
    gateway.setDataset({ pageGroups: changedGroups, webhooks: dataset.webhooks });
    await vscode.commands.executeCommand('pageGateway.refresh', draft.node);
    const rows = await pageGroupRows(api, draft.node);
    const byId = (id: string): Row<PageGroupsNode> | undefined => rows.find((r) => r.node.kind === 'pageGroup' && r.node.item.value.pageGroupId === id);
    assert.equal(markOf(byId('pg_new_1') as Row<unknown>), 'new');
    assert.equal(markOf(byId(third) as Row<unknown>), 'changed');
    assert.match(byId(third)?.tooltip ?? '', /title: .* → "Renamed in the test"/);
    assert.equal(markOf(byId(second) as Row<unknown>), 'removed');
    assert.equal(markOf(byId(first) as Row<unknown>), undefined);
    assert.equal(rows.filter((r) => markOf(r) !== undefined).length, 3, 'nothing else is marked (items further down are not judged yet)');

    // Refreshing the whole view marks the groups that were shown the same way.
    gateway.setDataset(dataset);
    await vscode.commands.executeCommand('pageGateway.refreshView', draft.node);
    await waitFor(async () => {
      const again = await pageGroupRows(api, draft.node);
      const mark = (id: string): string | undefined => {
        const row = again.find((r) => r.node.kind === 'pageGroup' && r.node.item.value.pageGroupId === id);
        return row === undefined ? 'absent' : markOf(row);
      };
      return mark('pg_new_1') === 'removed' && mark(second) === 'new' && mark(third) === 'changed';
    }, 'the marks of the whole-view refresh');
  });

  it('Copy as cURL copies the exact request of a status, a page group of page 2, a "Load more…" row and a webhook; curl gets the same answer', async () => {
    const gw = onlyGateway(api);
    await configure(api, { pageSize: 5 });
    try {
      api.pageGroups.reload(gw);
      await pageGroupRows(api);
      const draft = await statusRow(api, 'draft');
      await pageGroupRows(api, draft.node);
      await api.pageGroups.loadMore({ gateway: gw, key: 'draft' });
      const rows = await pageGroupRows(api, draft.node);
      await vscode.commands.executeCommand('pageGateway.copyAsCurl', draft.node);
      assert.equal(await vscode.env.clipboard.readText(), `${CURL_PREFIX}'${gateway.url}/v0/page_groups?limit=5&status=draft'`);

      const secondPageRequest = gateway.requests.filter((r) => r.query.status === 'draft').at(-1);
      assert.ok(secondPageRequest?.query.cursor, 'page 2 was requested with a cursor');
      const onPage2 = rows.filter((r) => r.node.kind === 'pageGroup')[6];
      assert.ok(onPage2);
      await vscode.commands.executeCommand('pageGateway.copyAsCurl', onPage2.node);
      const copied = await vscode.env.clipboard.readText();
      assert.equal(copied, `${CURL_PREFIX}'${gateway.url}/v0/page_groups?limit=5&status=draft&cursor=${encodeURIComponent(secondPageRequest.query.cursor)}'`);
      assert.equal(copied.includes(gateway.apiKey), false, 'the key is never copied');

      // Run it: curl through a real shell gets exactly the page the row came from.
      gateway.resetRequests();
      const answer = JSON.parse(await runShell(copied, gateway.apiKey)) as { items: Array<{ pageGroupId: string }> };
      assert.ok(answer.items.some((item) => onPage2.node.kind === 'pageGroup' && item.pageGroupId === onPage2.node.item.value.pageGroupId));
      assert.equal(gateway.requests[0]?.apiKey, gateway.apiKey, 'the shell put the key from the environment in the header');

      const more = rows[rows.length - 1];
      assert.equal(more?.label, 'Load more…');
      await vscode.commands.executeCommand('pageGateway.copyAsCurl', more?.node);
      assert.match(await vscode.env.clipboard.readText(), /status=draft&cursor=[^&']+'$/);
      await api.pageGroups.loadMore({ gateway: gw, key: 'draft' });
      const cursorSent = gateway.requests.filter((r) => r.query.status === 'draft').at(-1)?.query.cursor;
      assert.ok(cursorSent);
      assert.ok((await vscode.env.clipboard.readText()).endsWith(`cursor=${encodeURIComponent(cursorSent)}'`), '"Load more…" copied the request it then sent');

      // One subscription: the list's request (the contract has none for one), picking it out of the answer.
      const hooks = await webhookRows(api);
      const first = hooks[0]?.node;
      assert.ok(first?.kind === 'webhook');
      const id = String(first.item.value.id);
      await vscode.commands.executeCommand('pageGateway.copyAsCurl', first);
      const oneHook = await vscode.env.clipboard.readText();
      assert.equal(oneHook, `${CURL_PREFIX}'${gateway.url}/v0/webhook_subscriptions' | jq --arg value '${id}' '.[] | select(.id == $value)'`);
      assert.deepEqual(JSON.parse(await runShell(oneHook, gateway.apiKey)), dataset.webhooks.find((w) => w.id === id), 'the command gives that subscription');
      // The view title's Copy as cURL gets the focused row: it copies the view's own first request all the same.
      await vscode.commands.executeCommand('pageGateway.copyViewAsCurl', first);
      assert.equal(await vscode.env.clipboard.readText(), `${CURL_PREFIX}'${gateway.url}/v0/webhook_subscriptions'`);
      await vscode.commands.executeCommand('pageGateway.copyViewAsCurl', (await statusRow(api, 'draft')).node);
      assert.equal(await vscode.env.clipboard.readText(), `${CURL_PREFIX}'${gateway.url}/v0/page_groups?limit=5'`);
    } finally {
      await configure(api, { pageSize: undefined });
    }
  });

  it('a hover on an event name lists the loaded subscriptions that receive it, without a request', async () => {
    gateway.addFault({ kind: 'webhookVariant', variant: 'unknownEvents' });
    await webhookRows(api);
    const document = await vscode.workspace.openTextDocument({ language: 'plaintext', content: `on('form.submitted', handler);\nemit("page.deleted");\nsay('not.an.event');\n` });
    gateway.resetRequests();
    const hoverAt = (line: number, character: number): Promise<string> => hoverText(document, line, character);
    const submitted = await hoverAt(0, 8);
    const receivers = dataset.webhooks.filter((w) => Array.isArray(w.events) && (w.events as string[]).includes('form.submitted'));
    const active = receivers.filter((w) => w.active === true);
    assert.match(submitted, /\*\*form\\\.submitted\*\* — webhook event kind/);
    assert.match(submitted, new RegExp(`${active.length} active · ${receivers.length - active.length} inactive`));
    for (const hook of receivers) {
      assert.ok(submitted.includes(`· ${String(hook.id).replace(/_/g, '\\_')}`), `lists ${String(hook.id)}`);
    }
    assert.match(submitted, /command:pageGateway\.revealItem\?/);
    assert.match(await hoverAt(1, 10), /not an event kind of the API contract, but a loaded subscription lists it/);
    assert.equal(await hoverAt(2, 8), '');
    assert.equal(await hoverAt(0, 2), '', 'outside the string');
    assert.equal(gateway.requests.length, 0, 'a hover never sends a request');

    // The link reveals the subscription in the view.
    const link = /\(command:pageGateway\.revealItem\?([^ )]+)/.exec(submitted)?.[1];
    assert.ok(link);
    const args = JSON.parse(decodeURIComponent(link)) as unknown[];
    await vscode.commands.executeCommand('pageGateway.revealItem', ...args);
    await waitFor(() => api.webhooksView.selection.length === 1, 'the subscription to be selected');
    const selected = api.webhooksView.selection[0];
    assert.ok(selected?.kind === 'webhook' && selected.item.value.id === receivers[0]?.id);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  describe('automatic refresh', () => {
    /** One "second" of the setting lasts this long here, so 10 s is 300 ms. */
    const MS_PER_SECOND = 30;
    const INTERVAL_MS = 10 * MS_PER_SECOND;
    const polls = (): number => gateway.countRequests({ path: 'webhook_subscriptions' });

    beforeEach(async () => {
      api.webhookPoller.setMillisecondsPerSecond(MS_PER_SECOND);
      await vscode.commands.executeCommand('pageGateway.webhooks.focus');
      await waitFor(() => api.webhooksView.visible, 'the view to be visible');
      await webhookRows(api);
      gateway.resetRequests();
    });

    afterEach(async () => {
      await configure(api, { 'webhooks.autoRefreshSeconds': undefined });
      api.webhookPoller.setMillisecondsPerSecond(1000);
    });

    it('is off by default: no request while the view is visible', async () => {
      assert.equal(api.settings().webhooksAutoRefreshSeconds, 0);
      await sleep(INTERVAL_MS * 4);
      assert.equal(polls(), 0);
    });

    it('sends one request per interval while the view is visible, none while it is hidden', async function () {
      if (!vscode.window.state.focused) {
        this.skip();
      }
      await configure(api, { 'webhooks.autoRefreshSeconds': 10 });
      await waitFor(() => polls() >= 3, 'three polls', 20_000);
      // Never more than one request per interval (plus the one that may be on its way): no bursts, no duplicates.
      const started = Date.now();
      const atStart = polls();
      await sleep(INTERVAL_MS * 5);
      const intervals = (Date.now() - started) / INTERVAL_MS;
      assert.ok(polls() - atStart <= Math.ceil(intervals) + 1, `${polls() - atStart} requests in ${intervals.toFixed(1)} intervals`);

      await vscode.commands.executeCommand('workbench.view.explorer');
      await waitFor(() => !api.webhooksView.visible, 'the view to be hidden');
      await sleep(INTERVAL_MS);
      const hidden = polls();
      await sleep(INTERVAL_MS * 5);
      assert.equal(polls(), hidden, 'no request while the view is hidden');

      await vscode.commands.executeCommand('pageGateway.webhooks.focus');
      await waitFor(() => polls() > hidden, 'polling to resume when the view is shown again', 20_000);
    });

    it('after a 401 it stops polling until the key changes; a failed poll keeps the list and says so', async function () {
      if (!vscode.window.state.focused) {
        this.skip();
      }
      gateway.addFault({ kind: 'status', status: 500, path: 'webhook_subscriptions', times: 1 });
      await configure(api, { 'webhooks.autoRefreshSeconds': 10 });
      await waitFor(() => polls() >= 1, 'a failed poll', 20_000);
      await waitFor(() => String(api.webhooksView.description).includes('auto refresh failing'), 'the view to say the refresh failed');
      const rows = await webhookRows(api);
      assert.equal(rows.filter((r) => r.node.kind === 'webhook').length, dataset.webhooks.length, 'the list is kept');

      await waitFor(() => polls() >= 2 && api.webhooks.list(onlyGateway(api)).error === undefined, 'a poll that works again', 20_000);
      await waitFor(() => !String(api.webhooksView.description).includes('auto refresh failing'), 'the view to stop saying it failed');

      gateway.addFault({ kind: 'status', status: 401, path: 'webhook_subscriptions' });
      await waitFor(() => api.webhooks.list(onlyGateway(api)).error?.kind === 'unauthorized', 'a poll answered 401', 20_000);
      assert.deepEqual((await webhookRows(api)).map((r) => r.label), ['Set API Key…']);
      const paused = polls();
      await sleep(INTERVAL_MS * 6);
      assert.equal(polls(), paused, 'no poll after a 401');

      gateway.clearFaults();
      await storeKey(api, gateway.url, 'another-key-for-a-moment');
      await storeKey(api, gateway.url, gateway.apiKey);
      await webhookRows(api);
      await waitFor(() => polls() > paused + 1, 'polling to resume with the new key', 20_000);
    });
  });
});

describe('Webhook debugging with two gateways', function () {
  this.timeout(60_000);
  let api: PageGatewayTestApi;
  let staging: SampleGateway;
  let production: SampleGateway;

  before(async () => {
    api = await extensionApi();
    staging = await startSampleGateway({ apiKey: 'pge-staging-hooks', dataset: generateDataset({ seed: 1 }) });
    production = await startSampleGateway({ apiKey: 'pge-production-hooks', dataset: generateDataset({ seed: 2 }) });
    await configure(api, {
      baseUrl: undefined,
      gateways: [
        { name: 'staging', baseUrl: staging.url },
        { name: 'production', baseUrl: production.url },
      ],
    });
    await storeKey(api, staging.url, staging.apiKey);
    await storeKey(api, production.url, production.apiKey);
  });

  after(() => tearDownGateways(api, [staging, production]));

  it('groups by event under each gateway, copies each gateway\'s own request, and the hover names both gateways', async () => {
    await configure(api, { 'webhooks.groupBy': 'event' });
    const gatewayRows = await webhookRows(api);
    assert.deepEqual(gatewayRows.map((r) => r.label), ['staging', 'production']);
    for (const row of gatewayRows) {
      const events = await webhookRows(api, row.node);
      assert.equal(events[0]?.label, 'page.version.created');
      assert.match(events[0]?.description ?? '', /^\d+ active · \d+ inactive/);
    }
    const [stagingRow, productionRow] = gatewayRows;
    await vscode.commands.executeCommand('pageGateway.copyAsCurl', productionRow?.node);
    assert.equal(await vscode.env.clipboard.readText(), `${CURL_PREFIX}'${production.url}/v0/webhook_subscriptions'`);
    await vscode.commands.executeCommand('pageGateway.copyAsCurl', stagingRow?.node);
    assert.equal(await vscode.env.clipboard.readText(), `${CURL_PREFIX}'${staging.url}/v0/webhook_subscriptions'`);

    const document = await vscode.workspace.openTextDocument({ language: 'plaintext', content: `"page.version.created"` });
    const text = await hoverText(document, 0, 5);
    assert.match(text, /\*\*staging\*\*: \d+ active · \d+ inactive/);
    assert.match(text, /\*\*production\*\*: \d+ active · \d+ inactive/);
    await configure(api, { 'webhooks.groupBy': undefined });
  });
});
