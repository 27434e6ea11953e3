// Search over lists other than page groups, in the real extension host: the same pick searches the list of the row it
// is run from, with the fields its kind names (webhook subscriptions: id, URL without its password, event kinds; the
// test-only forms: id and title). A whole list is loaded once (no request when it is loaded); a paged list is scanned
// to its end at limit=100. What the pick shows is read from the pick itself.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { PageGatewayTestApi } from '../../../src/extension';
import { WEBHOOKS_STORE } from '../../../src/features/webhooks/webhookKind';
import type { SampleGateway } from '../../gateway/server';
import { FORMS_FEATURE, type FormsTestApi } from '../features/forms/formsFeature';
import { connectedSuite, onlyGateway, rowsOf, waitFor, webhookRows } from '../support';

const WEBHOOKS = [
  { id: 'wh_billing', url: 'https://billing.example.com/hooks/pages', events: ['page.published'], active: true },
  { id: 'wh_crm', url: 'https://crm.example.org/inbound', events: ['form.submitted'], active: true },
  { id: 'wh_secret', url: 'https://robot:s3cret-word@private.example.net/in', events: ['page.deleted'], active: false },
];
const FORMS = Array.from({ length: 45 }, (_, i) => ({ formId: `form_${String(i + 1).padStart(4, '0')}`, title: `Form ${i + 1}` }));

type Pick = vscode.QuickPick<vscode.QuickPickItem>;

/** Every quick pick the extension creates while `run` runs (the real ones: only recorded). */
function recordPicks(): { readonly picks: Pick[]; restore(): void } {
  const original = vscode.window.createQuickPick;
  const picks: Pick[] = [];
  (vscode.window as { createQuickPick: unknown }).createQuickPick = (): Pick => {
    const pick = original();
    picks.push(pick);
    return pick;
  };
  return { picks, restore: () => ((vscode.window as { createQuickPick: unknown }).createQuickPick = original) };
}

/** The rows a user reads in the pick: label, description, detail. */
function shown(pick: Pick): string[] {
  return pick.items.filter((item) => item.kind !== vscode.QuickPickItemKind.Separator).map((item) => [item.label, item.description ?? '', item.detail ?? ''].join(' | '));
}

describe('Search over any list: webhook subscriptions and a list defined only in the tests', function () {
  this.timeout(60_000);
  let api: PageGatewayTestApi;
  let gateway: SampleGateway;
  let recorder: ReturnType<typeof recordPicks>;

  connectedSuite({ dataset: { pageGroups: [], webhooks: WEBHOOKS }, extraLists: { forms: FORMS } }, (a, g) => {
    api = a;
    gateway = g;
  });

  beforeEach(() => {
    recorder = recordPicks();
  });

  afterEach(async () => {
    recorder.restore();
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  /** The pick Search opened, once its title says it is done. */
  async function searchPick(title: string): Promise<Pick> {
    await waitFor(() => recorder.picks.length === 1 && recorder.picks[0]?.title === title, `the pick titled “${title}”`).catch((error: unknown) => {
      throw new Error(`${String(error)}; the pick shows: ${recorder.picks.map((p) => `${p.title ?? ''} [${shown(p).join(' / ')}]`).join(', ')}`);
    });
    return recorder.picks[0] as Pick;
  }

  async function type(pick: Pick, value: string, settled: (pick: Pick) => boolean): Promise<void> {
    pick.value = value;
    await waitFor(() => settled(pick), `the pick to show the matches of “${value}”: ${pick.title ?? ''} ${shown(pick).join(' / ')}`);
  }

  it('webhook subscriptions: matches part of a URL; loads the list once, then never again', async () => {
    const list = onlyGateway(api).store(WEBHOOKS_STORE);
    list.reset();
    gateway.resetRequests();
    // `{ kind, gateway }`, as a script or a webview names a list; a row of the view below.
    void vscode.commands.executeCommand('pageGateway.search', { kind: 'webhook', gateway: onlyGateway(api) });
    const pick = await searchPick('Search Webhook Subscriptions — all 3 scanned');
    assert.equal(pick.placeholder, 'Type part of an id, a URL or an event — or paste text or a URL holding an id');
    assert.equal(gateway.countRequests({ path: 'webhook_subscriptions' }), 1, 'the list was not loaded: one request');
    await type(pick, 'CRM.example', (p) => p.title === 'Search Webhook Subscriptions — all 3 scanned · 1 match');
    assert.deepEqual(shown(pick), ['$(plug) https://crm.example.org/inbound | wh_crm | form.submitted']);
    await type(pick, 'page.deleted', (p) => shown(p).every((text) => !text.includes('wh_crm')) && p.title?.endsWith('· 1 match') === true);
    assert.deepEqual(shown(pick), ['$(plug) https://robot:***@private.example.net/in | wh_secret | inactive · page.deleted'], 'an event kind matches; the password is not shown');
    await type(pick, 's3cret', (p) => p.title?.endsWith('· 0 matches') === true && shown(p).length === 0);
    assert.deepEqual(shown(pick), [], "a URL's password is never searched");
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');

    // Loaded now: a second search sends nothing. Run from a subscription row of the Webhooks view.
    const subscription = (await webhookRows(api)).find((r) => r.node.kind === 'webhook');
    assert.ok(subscription, 'a subscription row');
    gateway.resetRequests();
    void vscode.commands.executeCommand('pageGateway.search', subscription.node);
    await waitFor(() => recorder.picks.length === 2 && recorder.picks[1]?.title === 'Search Webhook Subscriptions — all 3 scanned', 'the second pick');
    await type(recorder.picks[1] as Pick, 'billing', (p) => shown(p).length === 1);
    assert.match(shown(recorder.picks[1] as Pick)[0] ?? '', /^\$\(plug\) https:\/\/billing\.example\.com\/hooks\/pages \| wh_billing \| /);
    assert.equal(gateway.requests.length, 0, 'no request: the list was loaded');
  });

  describe('the forms list (test/host/features/forms/)', () => {
    let forms: ({ readonly testApi: FormsTestApi } & vscode.Disposable) | undefined;
    before(() => {
      forms = api.addFeature(FORMS_FEATURE);
    });
    after(() => {
      forms?.dispose();
      forms = undefined;
    });

    it('run from a form row: scans the rest at limit=100 (one request), matches the title, Enter opens the form', async () => {
      const provider = (forms as { readonly testApi: FormsTestApi }).testApi.tree;
      provider.chain(onlyGateway(api)).reset();
      const rows = await rowsOf(provider);
      const formRow = rows.find((r) => r.node.kind === 'item');
      assert.ok(formRow, 'a form row');
      gateway.resetRequests();
      void vscode.commands.executeCommand('pageGateway.search', formRow.node);
      const pick = await searchPick('Search Forms — all 45 scanned');
      assert.equal(gateway.countRequests({ path: 'forms' }), 1, 'the 25 forms after the first page, in one page of 100');
      assert.ok(gateway.requests.every((r) => r.query.limit === '100'));
      await type(pick, 'form 44', (p) => p.title === 'Search Forms — all 45 scanned · 1 match');
      assert.deepEqual(shown(pick), ['$(checklist) Form 44 | form_0044 | form_0044']);
      await type(pick, 'see /forms/form_0007?tab=json', (p) => shown(p).length === 1 && !shown(p)[0]?.includes('form_0044'));
      assert.deepEqual(shown(pick).map((text) => text.split(' | ')[1]), ['form_0007'], 'an id standing in pasted text');
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      await waitFor(() => vscode.window.activeTextEditor?.document.uri.path === '/forms/form_0007/Form 7 · form_0007.json', 'the form to open');
      const view = (forms as { readonly testApi: FormsTestApi }).testApi.view;
      await waitFor(() => view.selection.some((node) => node.kind === 'item' && (node.item.value as { formId?: string }).formId === 'form_0007'), 'its row to be revealed and selected');
      assert.equal(gateway.countRequests({ path: 'forms' }), 1, 'nothing more was sent');
    });
  });
});
