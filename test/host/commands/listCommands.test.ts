// The generic commands of every list view (src/commands/listTarget.ts, viewCommands.ts, loadAllCommand.ts): the
// manifest puts them on any view in `pageGateway.listViews` (context keys set from the features' lists, a test-only
// view included), and without a row they act on the list view the user was in: F5 and Ctrl+C name no view. Load All
// works on any paged list (the test-only forms too) with the kind's words. The older per-view ids still run.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExportResult } from '../../../src/commands/exportCommand';
import type { PageGatewayTestApi } from '../../../src/extension';
import type { ListTreeNode } from '../../../src/views/listTree';
import type { SampleGateway } from '../../gateway/server';
import { FORMS_FEATURE, type FormsTestApi } from '../features/forms/formsFeature';
import { generateDataset } from '../../gateway/dataset';
import { connectedSuite, onlyGateway, pageGroupRows, rowsOf, statusRow, waitFor, webhookRows } from '../support';

const FORMS = Array.from({ length: 145 }, (_, i) => ({ formId: `form_${String(i + 1).padStart(4, '0')}`, title: `Form ${i + 1}` }));

type Window = { -readonly [K in keyof typeof vscode.window]: (typeof vscode.window)[K] };

/** Runs `body` with `vscode.window[name]` replaced; puts it back. */
async function withWindow<K extends keyof Window>(name: K, replacement: Window[K], body: () => Promise<void>): Promise<void> {
  const window = vscode.window as Window;
  const original = window[name];
  window[name] = replacement;
  try {
    await body();
  } finally {
    window[name] = original;
  }
}

describe('The generic commands of every list view', function () {
  this.timeout(60_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;

  connectedSuite({ extraLists: { forms: FORMS } }, (a, g) => {
    api = a;
    gateway = g;
  });

  afterEach(async () => {
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
  });

  /** Selects a row in its view, as a click does (the view becomes the one the user is in). */
  async function select<N>(view: vscode.TreeView<N>, node: N): Promise<void> {
    // A view just shown may not have drawn the row yet: the editor then refuses to reveal it.
    await waitFor(async () => {
      await Promise.resolve(view.reveal(node, { select: true, focus: true })).catch(() => undefined);
      return view.selection.includes(node);
    }, 'the row to be selected');
  }

  it('every list view is in the context keys the menus ask for; a view that joins or leaves changes them', async () => {
    assert.deepEqual(api.contextValue('pageGateway.listViews'), ['pageGateway.pageGroups', 'pageGateway.webhooks']);
    assert.deepEqual(api.contextValue('pageGateway.searchableViews'), ['pageGateway.pageGroups', 'pageGateway.webhooks']);
    assert.deepEqual(api.contextValue('pageGateway.loadAllViews'), ['pageGateway.pageGroups']);
    const forms = api.addFeature(FORMS_FEATURE);
    try {
      assert.deepEqual(api.contextValue('pageGateway.listViews'), ['pageGateway.pageGroups', 'pageGateway.webhooks', 'pageGateway.forms']);
      assert.deepEqual(api.contextValue('pageGateway.searchableViews'), ['pageGateway.pageGroups', 'pageGateway.webhooks', 'pageGateway.forms']);
      assert.deepEqual(api.contextValue('pageGateway.loadAllViews'), ['pageGateway.pageGroups', 'pageGateway.forms']);
    } finally {
      forms.dispose();
    }
    assert.deepEqual(api.contextValue('pageGateway.listViews'), ['pageGateway.pageGroups', 'pageGateway.webhooks']);
  });

  it('F5 and the title\'s Refresh without a focused row refresh the list view the user was in, and only it', async () => {
    await vscode.commands.executeCommand('pageGateway.webhooks.focus');
    const hook = (await webhookRows(api))[0];
    assert.ok(hook);
    await select(api.webhooksView, hook.node);
    gateway.resetRequests();
    await vscode.commands.executeCommand('pageGateway.refreshView');
    await waitFor(() => gateway.countRequests({ path: 'webhook_subscriptions' }) === 1, 'one request for the webhook subscriptions');
    assert.equal(gateway.countRequests({ path: 'page_groups' }), 0, 'the Page Groups view was not refreshed');

    await vscode.commands.executeCommand('pageGateway.pageGroups.focus');
    await select(api.pageGroupsView, (await statusRow(api, 'published')).node);
    gateway.resetRequests();
    await vscode.commands.executeCommand('pageGateway.refreshView');
    await waitFor(() => gateway.countRequests({ path: 'page_groups' }) >= 1, 'the page groups to be refreshed');
    assert.equal(gateway.countRequests({ path: 'webhook_subscriptions' }), 0, 'the Webhooks view was not refreshed');
  });

  it("Ctrl+C's one binding copies the rows selected in the list view the user is in", async () => {
    const binding = { selectionOf: 'focusedView' };
    await vscode.commands.executeCommand('pageGateway.webhooks.focus');
    // Not the row the test before selected: selecting it again would change nothing the extension is told of.
    const hook = (await webhookRows(api))[1];
    assert.ok(hook?.node.kind === 'webhook');
    await select(api.webhooksView, hook.node);
    await vscode.commands.executeCommand('pageGateway.copyId', binding);
    assert.equal(await vscode.env.clipboard.readText(), String(hook.node.item.value.id));

    await vscode.commands.executeCommand('pageGateway.pageGroups.focus');
    const published = await statusRow(api, 'published');
    const group = (await pageGroupRows(api, published.node)).find((r) => r.node.kind === 'pageGroup');
    assert.ok(group?.node.kind === 'pageGroup');
    await select(api.pageGroupsView, group.node);
    await vscode.commands.executeCommand('pageGateway.copyId', binding);
    assert.equal(await vscode.env.clipboard.readText(), String(group.node.item.value.pageGroupId));
  });

  it('Export… of a view\'s title exports its one list at once; Copy as cURL of the title copies the view\'s request', async () => {
    const node = api.webhooks.gatewayNode(onlyGateway(api));
    const target = path.join(os.tmpdir(), `pge-list-export-${process.pid}.json`);
    try {
      const result = await vscode.commands.executeCommand<ExportResult | undefined>('pageGateway.exportView', node, { target });
      assert.equal(result?.outcome, 'complete');
      assert.equal((JSON.parse(fs.readFileSync(target, 'utf8')) as unknown[]).length, (await webhookRows(api)).length);
    } finally {
      fs.rmSync(target, { force: true });
    }
    await vscode.commands.executeCommand('pageGateway.copyViewAsCurl', node);
    assert.match(await vscode.env.clipboard.readText(), /\/v0\/webhook_subscriptions'$/);
  });

  it('Load All of a status says what it did in the page groups\' words; from the palette it asks which status', async () => {
    const messages: string[] = [];
    const picked: string[][] = [];
    await vscode.commands.executeCommand('pageGateway.pageGroups.focus');
    const draft = await statusRow(api, 'draft');
    await select(api.pageGroupsView, draft.node);
    await withWindow(
      'setStatusBarMessage',
      ((text: string) => {
        messages.push(text);
        return new vscode.Disposable(() => undefined);
      }) as Window['setStatusBarMessage'],
      () =>
        withWindow(
          'showQuickPick',
          (async (items: readonly vscode.QuickPickItem[]) => {
            const list = await Promise.resolve(items);
            picked.push(list.map((item) => item.label));
            return list.find((item) => item.label === 'draft');
          }) as unknown as Window['showQuickPick'],
          async () => {
            gateway.resetRequests();
            await vscode.commands.executeCommand('pageGateway.loadAll');
          },
        ),
    );
    assert.ok(picked[0]?.includes('draft') && picked[0].includes('published'), picked.join(' | '));
    const total = api.pageGroups.model(onlyGateway(api)).itemsOf('draft').length;
    assert.ok(gateway.countRequests({ path: 'page_groups', status: 'draft' }) >= 1);
    assert.ok(messages.some((m) => m.endsWith(`Loaded all ${total.toLocaleString('en')} page groups of “draft”`)), messages.join(' | '));
  });

  it('Load All that fails on a page keeps what it loaded and says why in the page groups\' words, and how to retry', async () => {
    const published = await statusRow(api, 'published');
    api.pageGroups.model(onlyGateway(api)).chain('published').reset();
    await pageGroupRows(api, published.node);
    const loaded = api.pageGroups.model(onlyGateway(api)).itemsOf('published').length;
    assert.ok(loaded > 0 && api.pageGroups.model(onlyGateway(api)).chain('published').hasMore, 'a first page, and more to load');
    gateway.addFault({ kind: 'status', status: 500, path: 'page_groups', statusFilter: 'published', withCursor: true, times: 1 });
    const warnings: string[] = [];
    try {
      await withWindow(
        'showWarningMessage',
        ((message: string) => {
          warnings.push(message);
          return Promise.resolve(undefined);
        }) as Window['showWarningMessage'],
        async () => {
          await vscode.commands.executeCommand('pageGateway.loadAll', (await statusRow(api, 'published')).node);
        },
      );
    } finally {
      gateway.clearFaults();
    }
    assert.equal(api.pageGroups.model(onlyGateway(api)).itemsOf('published').length, loaded, 'what was loaded stays');
    assert.equal(warnings.length, 1, warnings.join(' | '));
    assert.match(warnings[0] ?? '', new RegExp(`^Load All of “published” stopped after ${loaded} page groups: .*500.* “Load more…” in the tree retries\\.$`));
  });

  describe('on a paged list that only the tests know (forms)', () => {
    let forms: ({ readonly testApi: FormsTestApi } & vscode.Disposable) | undefined;
    const tree = (): FormsTestApi['tree'] => (forms as { readonly testApi: FormsTestApi }).testApi.tree;
    const rows = (): Promise<Array<{ readonly node: ListTreeNode; readonly label: string; readonly contextValue: string }>> =>
      rowsOf(tree()) as Promise<Array<{ readonly node: ListTreeNode; readonly label: string; readonly contextValue: string }>>;

    before(() => {
      forms = api.addFeature(FORMS_FEATURE);
    });

    after(() => {
      forms?.dispose();
      forms = undefined;
    });

    beforeEach(() => {
      tree().chain(onlyGateway(api)).reset();
      gateway.resetRequests();
    });

    it('Load All from its "Load more…" row loads the rest at 100 a page and says so in its words', async () => {
      const more = (await rows()).at(-1);
      assert.equal(more?.label, 'Load more…');
      assert.match(more?.contextValue ?? '', /\+loadAll\b/);
      const messages: string[] = [];
      await withWindow(
        'setStatusBarMessage',
        ((text: string) => {
          messages.push(text);
          return new vscode.Disposable(() => undefined);
        }) as Window['setStatusBarMessage'],
        async () => {
          await vscode.commands.executeCommand('pageGateway.loadAll', more?.node);
        },
      );
      assert.equal(tree().chain(onlyGateway(api)).items.length, FORMS.length);
      assert.deepEqual(
        gateway.requests.filter((r) => r.path.includes('forms')).map((r) => r.query.limit),
        ['20', '100', '100'],
        'the first page, then the rest at 100 a page',
      );
      assert.ok(messages.some((m) => m.endsWith('Loaded all 145 forms')), messages.join(' | '));
      assert.ok(!(await rows()).some((r) => /\+loadAll\b/.test(r.contextValue)), 'nothing is left to load: no row offers Load All');
    });

    it('Load All from the palette loads the list of the view the user is in without asking', async () => {
      await rows();
      await vscode.commands.executeCommand('pageGateway.forms.focus');
      const first = (await rows())[0];
      assert.ok(first);
      await select((forms as { readonly testApi: FormsTestApi }).testApi.view, first.node);
      gateway.resetRequests();
      await withWindow(
        'showQuickPick',
        (() => {
          throw new Error('Load All asked which list');
        }) as Window['showQuickPick'],
        async () => {
          await vscode.commands.executeCommand('pageGateway.loadAll');
        },
      );
      assert.equal(tree().chain(onlyGateway(api)).items.length, FORMS.length);
      assert.equal(gateway.countRequests({ path: 'forms' }), 2);
    });
  });

  it('the ids from before the generic commands still run, each on its own view', async () => {
    gateway.resetRequests();
    await vscode.commands.executeCommand('pageGateway.refreshWebhooks');
    await waitFor(() => gateway.countRequests({ path: 'webhook_subscriptions' }) === 1, 'one request for the webhook subscriptions');
    assert.equal(gateway.countRequests({ path: 'page_groups' }), 0);
    const target = path.join(os.tmpdir(), `pge-list-export-old-${process.pid}.json`);
    try {
      const result = await vscode.commands.executeCommand<ExportResult | undefined>('pageGateway.exportWebhooks', undefined, { target });
      assert.equal(result?.outcome, 'complete');
    } finally {
      fs.rmSync(target, { force: true });
    }
    await vscode.commands.executeCommand('pageGateway.copyPageGroupsAsCurl');
    assert.match(await vscode.env.clipboard.readText(), /\/v0\/page_groups\?limit=\d+'$/);
  });
});

describe('Load All\'s progress: a bar that fills toward the list\'s last count', function () {
  this.timeout(60_000);
  const large = generateDataset({ pageGroupCount: 2000 });
  const drafts = large.pageGroups.filter((pg) => pg.status === 'draft').length;
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;

  connectedSuite({ dataset: large }, (a, g) => {
    api = a;
    gateway = g;
  });

  afterEach(() => gateway.clearFaults());

  /** Load All of the drafts from their first page, pages 300 ms apart: what its notification was told. */
  async function loadAllReports(): Promise<Array<{ readonly message: string; readonly increment: number | undefined }>> {
    await api.pageGroups.refresh(onlyGateway(api), 'draft');
    const draft = await statusRow(api, 'draft');
    await pageGroupRows(api, draft.node);
    gateway.addFault({ kind: 'delay', ms: 300, path: 'page_groups', withCursor: true });
    const reports: Array<{ readonly message: string; readonly increment: number | undefined }> = [];
    const withProgress = vscode.window.withProgress;
    await withWindow(
      'withProgress',
      ((options: vscode.ProgressOptions, task: (progress: vscode.Progress<{ message?: string; increment?: number }>, token: vscode.CancellationToken) => Thenable<unknown>) =>
        withProgress(options, (progress, token) =>
          task(
            {
              report: (value) => {
                reports.push({ message: value.message ?? '', increment: value.increment });
                progress.report(value);
              },
            },
            token,
          ),
        )) as Window['withProgress'],
      async () => {
        await vscode.commands.executeCommand('pageGateway.loadAll', draft.node);
      },
    );
    gateway.clearFaults();
    assert.equal(api.pageGroups.model(onlyGateway(api)).itemsOf('draft').length, drafts);
    assert.ok(reports.length >= 3, `${reports.length} reports: the first and one a page at least`);
    return reports;
  }

  it('the first time (no count known) the bar runs without an end and says how many are loaded; once counted, it fills toward that count, "N of about M"', async () => {
    api.pageGroups.forgetCounts(onlyGateway(api));
    const first = await loadAllReports();
    assert.deepEqual(
      first.map((report) => report.increment),
      first.map(() => undefined),
      'no step: a bar without an end',
    );
    assert.ok(first.every((report) => /^[\d,]+ loaded$/.test(report.message)), first.map((report) => report.message).join(' | '));
    assert.equal(api.pageGroups.rememberedCount(onlyGateway(api), 'draft')?.count, drafts, 'the drafts are counted whole');

    // From the first page again: the count is remembered, and the bar fills toward it.
    const again = await loadAllReports();
    const steps = again.map((report) => report.increment);
    assert.ok(
      steps.every((step) => typeof step === 'number' && step >= 0),
      `every report has a step, or the editor turns the bar into one without an end: ${steps.join(', ')}`,
    );
    const sum = steps.reduce<number>((total, step) => total + (step ?? 0), 0);
    assert.ok(sum > 0 && sum <= 99, `the bar moved, and stopped short of its end before the load ended: ${sum} %`);
    const total = drafts.toLocaleString('en-US');
    assert.ok(
      again.every((report) => new RegExp(`^[\\d,]+ of about ${total} loaded$`).test(report.message)),
      again.map((report) => report.message).join(' | '),
    );
  });
});
