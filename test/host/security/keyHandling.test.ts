// Security checks: the key never appears in logs, documents, settings or error rows; it never follows a redirect to
// another origin; and no request goes over plain HTTP to another machine before the user agrees.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { PageGatewayTestApi } from '../../../src/extension';
import { generateDataset } from '../../gateway/dataset';
import { startSampleGateway, type SampleGateway } from '../../gateway/server';
import { configure, connectedSuite, onlyGateway, pageGroupRows, statusRow, storeKey, waitFor, webhookRows } from '../support';

const SECRET = 'pge-SECRET-key-3b7c1e9d';
const INSECURE_ORIGIN = 'http://pge-security-check.invalid:8080';

describe('Security: where the API key goes', function () {
  this.timeout(60_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;
  const seenText: string[] = [];

  connectedSuite({ apiKey: SECRET, dataset: generateDataset() }, (a, g) => {
    api = a;
    gateway = g;
  });

  /** Every row the user could see now, with the children of status rows and webhooks. */
  async function collectRows(): Promise<void> {
    const roots = [...(await pageGroupRows(api)), ...(await webhookRows(api))];
    for (const row of roots) {
      seenText.push(row.label, row.description, row.tooltip);
    }
    for (const row of await pageGroupRows(api)) {
      if (row.node.kind === 'status') {
        for (const child of await pageGroupRows(api, row.node)) {
          seenText.push(child.label, child.description, child.tooltip);
        }
      }
    }
  }

  it('exercising every command and failure leaves the key in no log line, document, setting or row', async () => {
    const mark = api.logger.lineCount;
    api.pageGroups.reload(onlyGateway(api));
    api.webhooks.list(onlyGateway(api)).reset();
    const published = await statusRow(api, 'published');
    const rows = await pageGroupRows(api, published.node);
    await vscode.commands.executeCommand('pageGateway.loadMore', rows[rows.length - 1]?.node);
    await vscode.commands.executeCommand('pageGateway.loadAll', published.node);
    await vscode.commands.executeCommand('pageGateway.filterByStatus', 'draft');
    await vscode.commands.executeCommand('pageGateway.clearStatusFilter');
    const firstGroup = (await pageGroupRows(api, published.node))[0];
    await vscode.commands.executeCommand('pageGateway.openJson', firstGroup?.node);
    await vscode.commands.executeCommand('pageGateway.openJson', published.node);
    const hook = (await webhookRows(api))[0];
    await vscode.commands.executeCommand('pageGateway.openJson', hook?.node);
    await vscode.commands.executeCommand('pageGateway.copyId', firstGroup?.node);
    await vscode.commands.executeCommand('pageGateway.copyWebhookUrl', hook?.node);
    await vscode.commands.executeCommand('pageGateway.refresh', api.pageGroups.gatewayNode(onlyGateway(api)));
    await vscode.commands.executeCommand('pageGateway.refresh', api.webhooks.gatewayNode(onlyGateway(api)));
    await vscode.commands.executeCommand('pageGateway.showLogs');
    await collectRows();
    const faults = [
      { kind: 'status', status: 500 },
      { kind: 'status', status: 401 },
      { kind: 'rateLimit', retryAfterSeconds: 1 },
      { kind: 'malformedJson' },
      { kind: 'badItems' },
      { kind: 'reset' },
    ] as const;
    for (const fault of faults) {
      gateway.clearFaults();
      gateway.addFault({ ...fault, times: 3 });
      api.pageGroups.reload(onlyGateway(api));
      api.webhooks.list(onlyGateway(api)).reset();
      await collectRows();
    }
    gateway.clearFaults();
    await storeKey(api, gateway.url, 'another-wrong-key');
    await collectRows();
    await storeKey(api, gateway.url, SECRET);
    await collectRows();

    assert.ok(gateway.requests.some((r) => r.apiKey === SECRET), 'the key was really used');
    // What the channel wrote, read from its file (at the channel's level, info by default), and every line of this
    // test at every level (trace included), exactly: linesSince throws rather than return a truncated list.
    const file = api.logger.file;
    assert.ok(file, 'the log channel writes a file');
    await waitFor(() => fs.existsSync(file.fsPath) && /GET http:\/\/127\.0\.0\.1:\d+\/v0\/webhook_subscriptions/.test(fs.readFileSync(file.fsPath, 'utf8')), 'the log file to be written');
    const written = fs.readFileSync(file.fsPath, 'utf8');
    const lines = api.logger.linesSince(mark);
    assert.ok(lines.length > 50, `every line of this test is there (${lines.length})`);
    const logs = `${written}\n${lines.join('\n')}`;
    assert.match(logs, /GET http:\/\/127\.0\.0\.1:\d+\/v0\/page_groups/, 'requests were logged');
    assert.match(logs, /x-api-key: \[redacted\]/, 'the header is logged redacted');
    assert.ok(!logs.includes(SECRET), 'no log line holds the key');
    for (const document of vscode.workspace.textDocuments) {
      assert.ok(!document.getText().includes(SECRET), `document ${document.uri.toString()} holds the key`);
      assert.ok(!document.uri.toString().includes(SECRET), 'no URI holds the key');
    }
    assert.ok(!JSON.stringify(vscode.workspace.getConfiguration()).includes(SECRET), 'no setting holds the key');
    const settingsFile = process.env.PGE_USER_SETTINGS;
    if (settingsFile && fs.existsSync(settingsFile)) {
      assert.ok(!fs.readFileSync(settingsFile, 'utf8').includes(SECRET), 'the user settings file does not hold the key');
    }
    assert.ok(seenText.length > 50, 'rows were collected');
    assert.ok(seenText.some((text) => /retry/.test(text)), 'error rows were among them');
    assert.ok(!seenText.join('\n').includes(SECRET), 'no row, description or tooltip holds the key');
  });

  it('a redirect to another origin is not followed: that origin never receives the key', async () => {
    const elsewhere = await startSampleGateway({ apiKey: SECRET });
    try {
      gateway.clearFaults();
      gateway.addFault({ kind: 'redirect', location: `${elsewhere.url}/v0/page_groups`, status: 307 });
      api.pageGroups.reload(onlyGateway(api));
      const rows = await pageGroupRows(api);
      assert.ok(gateway.requests.length > 0);
      assert.equal(elsewhere.requests.length, 0, 'the redirect was not followed');
      const error = rows.find((row) => row.contextValue === 'pageGateway.error');
      assert.ok(error, rows.map((row) => row.label).join(', '));
      assert.match(error?.tooltip ?? '', /redirect/i);
      assert.ok(!(error?.tooltip ?? '').includes(SECRET));
    } finally {
      gateway.clearFaults();
      await elsewhere.close();
    }
  });

  it('plain HTTP to another machine: never asks while rendering, asks once on the user action, sends nothing when declined', async () => {
    const asked: string[] = [];
    let answer: 'allow' | 'deny' | undefined = undefined;
    api.consent.setPrompt(async (origin) => {
      asked.push(origin);
      return answer;
    });
    try {
      await api.consent.forget(INSECURE_ORIGIN);
      await configure(api, { baseUrl: INSECURE_ORIGIN });
      const insecure = onlyGateway(api);
      await api.keys.store(insecure.connection.scope, SECRET);
      await insecure.connection.keyChanged();
      const mark = api.logger.lineCount;
      let rows = await pageGroupRows(api);
      assert.deepEqual(asked, [], 'rendering the tree asks nothing');
      assert.equal(rows[0]?.label, 'Allow sending the key over plain HTTP…');
      // Dismissing the question is no answer: the next action asks again.
      await vscode.commands.executeCommand('pageGateway.answerInsecure', { gateway: insecure });
      assert.deepEqual(asked, [INSECURE_ORIGIN]);
      assert.equal(api.consent.remembered(INSECURE_ORIGIN), undefined);
      answer = 'deny';
      await vscode.commands.executeCommand('pageGateway.answerInsecure', { gateway: insecure });
      assert.deepEqual(asked, [INSECURE_ORIGIN, INSECURE_ORIGIN], 'asked once per action');
      await waitFor(async () => (await pageGroupRows(api))[0]?.label === 'Key not sent over plain HTTP', 'the refused row');
      rows = await pageGroupRows(api);
      assert.equal(rows.length, 1);
      const newLines = api.logger.linesSince(mark).join('\n');
      assert.doesNotMatch(newLines, /GET http:\/\/pge-security-check/, 'no request was sent');
      await api.keys.delete(insecure.connection.scope);
    } finally {
      await api.consent.forget(INSECURE_ORIGIN);
      await configure(api, { baseUrl: gateway.url });
    }
  });
});
