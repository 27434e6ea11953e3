import { strict as assert } from 'node:assert';
import type { CheckedWebhook, ItemProblem, WebhookSubscription } from '../../../../../src/api/model';
import {
  checkActiveWithoutEvents,
  checkContract,
  checkDuplicateDeliveries,
  checkHttpUrl,
  checkLocalTarget,
  checkPlainHttp,
  checkTimestampOrder,
  MAX_OTHERS,
  runChecks,
  type Finding,
} from '../../../../../src/features/webhooks/model/webhookChecks';

const base: WebhookSubscription = {
  id: 'wh_1',
  url: 'https://hooks.example.com/a',
  events: ['form.submitted'],
  active: true,
  createdAt: '2026-01-01T10:00:00Z',
  updatedAt: '2026-01-02T10:00:00Z',
};
const hook = (fields: Partial<WebhookSubscription> = {}): WebhookSubscription => ({ ...base, ...fields });
const checked = (fields: Partial<WebhookSubscription> = {}, problems: ItemProblem[] = []): CheckedWebhook => ({ raw: hook(fields), value: hook(fields), problems });
const PUBLIC_GATEWAY = { gatewayHost: 'api.example.com' };
const duplicate = (finding: Finding | undefined): Extract<Finding, { kind: 'duplicateDelivery' }> | undefined => (finding?.kind === 'duplicateDelivery' ? finding : undefined);

describe('webhook checks', () => {
  it('plain http: flagged for http://, not for https:// or a non-URL', () => {
    assert.deepEqual(checkPlainHttp(hook({ url: 'http://hooks.example.com/a' })), { kind: 'plainHttp' });
    assert.equal(checkPlainHttp(hook({ url: 'HTTP://hooks.example.com/a' }))?.kind, 'plainHttp');
    assert.equal(checkPlainHttp(hook()), undefined);
    assert.equal(checkPlainHttp(hook({ url: 'not a url' })), undefined);
  });

  it('not an absolute http(s) URL: text, relative paths, other schemes, "https:host"', () => {
    assert.deepEqual(checkHttpUrl(hook({ url: 'not a url' })), { kind: 'notHttpUrl', reason: 'unparsable' });
    assert.deepEqual(checkHttpUrl(hook({ url: '/hooks/a' })), { kind: 'notHttpUrl', reason: 'unparsable' });
    assert.deepEqual(checkHttpUrl(hook({ url: 'ftp://files.example.com/' })), { kind: 'notHttpUrl', reason: 'scheme', scheme: 'ftp' });
    assert.deepEqual(checkHttpUrl(hook({ url: 'mailto:a@example.com' })), { kind: 'notHttpUrl', reason: 'scheme', scheme: 'mailto' });
    assert.deepEqual(checkHttpUrl(hook({ url: 'https:hooks.example.com/a' })), { kind: 'notHttpUrl', reason: 'unparsable' });
    assert.equal(checkHttpUrl(hook()), undefined);
    assert.equal(checkHttpUrl(hook({ url: 'http://hooks.example.com/a' })), undefined);
    assert.equal(checkHttpUrl(hook({ url: 'https://bücher.example/hook' })), undefined);
    assert.equal(checkHttpUrl(hook({ url: undefined })), undefined, 'a missing URL is a contract problem');
  });

  it('local target: this machine, private networks, .local and tunnels while the gateway is public', () => {
    const found = (url: string): Finding | undefined => checkLocalTarget(hook({ url }), PUBLIC_GATEWAY);
    assert.deepEqual(found('http://localhost:4000/hook'), { kind: 'localTarget', host: 'localhost', place: { kind: 'loopback' } });
    assert.equal(found('http://192.168.0.12/hook')?.kind, 'localTarget');
    assert.equal(found('http://169.254.1.1/hook')?.kind, 'localTarget');
    assert.equal(found('http://dev-box.local/hook')?.kind, 'localTarget');
    assert.deepEqual(found('https://a1b2.ngrok-free.app/hook'), { kind: 'localTarget', host: 'a1b2.ngrok-free.app', place: { kind: 'tunnel', service: 'ngrok' } });
    assert.equal(found('https://hooks.example.com/a'), undefined);
    assert.equal(found('not a url'), undefined);
  });

  it('local target: nothing to say when the gateway itself is on this machine or a local network', () => {
    for (const gatewayHost of ['127.0.0.1', 'localhost', '10.0.0.5', 'gateway.local', '[::1]']) {
      assert.equal(checkLocalTarget(hook({ url: 'http://localhost:4000/hook' }), { gatewayHost }), undefined, gatewayHost);
      assert.equal(checkLocalTarget(hook({ url: 'https://a.ngrok.io/hook' }), { gatewayHost }), undefined, gatewayHost);
    }
  });

  it('active without events: an empty list; null (nothing to fix), inactive ones and ones with events are fine', () => {
    assert.deepEqual(checkActiveWithoutEvents(hook({ events: [] })), { kind: 'activeNoEvents' });
    assert.equal(checkActiveWithoutEvents(hook({ events: null })), undefined);
    assert.equal(checkActiveWithoutEvents(hook({ events: [], active: false })), undefined);
    assert.equal(checkActiveWithoutEvents(hook({ events: null, active: false })), undefined);
    assert.equal(checkActiveWithoutEvents(hook({ events: null, active: undefined })), undefined);
    assert.equal(checkActiveWithoutEvents(hook()), undefined);
    assert.equal(checkActiveWithoutEvents(hook({ events: undefined })), undefined, 'a missing list is a contract problem');
  });

  it('updatedAt before createdAt; equal, later, or unreadable timestamps are not flagged', () => {
    assert.deepEqual(checkTimestampOrder(hook({ createdAt: '2026-01-02T00:00Z', updatedAt: '2026-01-01T23:59:59.999Z' })), {
      kind: 'updatedBeforeCreated',
      createdAt: '2026-01-02T00:00Z',
      updatedAt: '2026-01-01T23:59:59.999Z',
    });
    assert.equal(checkTimestampOrder(hook({ createdAt: '2026-01-01T00:00Z', updatedAt: '2026-01-01T00:00:00Z' })), undefined);
    assert.equal(checkTimestampOrder(hook()), undefined);
    assert.equal(checkTimestampOrder(hook({ updatedAt: 'garbage' })), undefined);
    assert.equal(checkTimestampOrder(hook({ createdAt: undefined })), undefined);
  });

  it('contract problems (e.g. a timestamp off the pattern) stay flagged', () => {
    const problem: ItemProblem = { kind: 'notUtcTimestamp', field: 'createdAt', value: '2026-01-01T10:00+02:00' };
    assert.deepEqual(checkContract(checked({}, [problem])), { kind: 'contract', problems: [problem] });
    assert.equal(checkContract(checked()), undefined);
  });

  describe('duplicate deliveries', () => {
    it('two active subscriptions with the same URL and a shared event', () => {
      const a = checked({ id: 'wh_a', events: ['form.submitted', 'form.enriched'] });
      const b = checked({ id: 'wh_b', events: ['form.submitted'] });
      const findings = checkDuplicateDeliveries([a, b]);
      assert.deepEqual(findings.get(a), { kind: 'duplicateDelivery', events: [{ event: 'form.submitted', receivers: 2 }], others: ['wh_b'], sameUrl: 1 });
      assert.deepEqual(findings.get(b), { kind: 'duplicateDelivery', events: [{ event: 'form.submitted', receivers: 2 }], others: ['wh_a'], sameUrl: 1 });
    });

    it('the same URL written differently (host case, default port) is the same endpoint', () => {
      const a = checked({ id: 'wh_a', url: 'https://Hooks.Example.com:443/a' });
      const b = checked({ id: 'wh_b', url: 'https://hooks.example.com/a' });
      assert.equal(checkDuplicateDeliveries([a, b]).size, 2);
    });

    it('not flagged: different URLs, no shared event, an inactive one, events null, or a duplicate inside one list', () => {
      assert.equal(checkDuplicateDeliveries([checked({ id: 'a' }), checked({ id: 'b', url: 'https://hooks.example.com/b' })]).size, 0);
      assert.equal(checkDuplicateDeliveries([checked({ id: 'a' }), checked({ id: 'b', events: ['form.enriched'] })]).size, 0);
      assert.equal(checkDuplicateDeliveries([checked({ id: 'a' }), checked({ id: 'b', active: false })]).size, 0);
      assert.equal(checkDuplicateDeliveries([checked({ id: 'a' }), checked({ id: 'b', events: null })]).size, 0);
      assert.equal(checkDuplicateDeliveries([checked({ id: 'a', events: ['form.submitted', 'form.submitted'] })]).size, 0);
    });

    it('an active subscription without events, or without a URL, is no second receiver; an unparsable URL is compared as written', () => {
      const a = checked({ id: 'wh_a' });
      const b = checked({ id: 'wh_b' });
      const none = checked({ id: 'wh_none', events: [] });
      assert.equal(duplicate(checkDuplicateDeliveries([a, b, none]).get(a))?.sameUrl, 1, 'the one without events is not counted');
      assert.equal(checkDuplicateDeliveries([checked({ id: 'x', url: undefined }), checked({ id: 'y', url: undefined })]).size, 0);
      const odd = checkDuplicateDeliveries([checked({ id: 'p', url: 'hooks example' }), checked({ id: 'q', url: 'hooks example' }), checked({ id: 'r', url: 'hooks  example' })]);
      assert.deepEqual([...odd.values()].map((f) => duplicate(f)?.others), [['q'], ['p']]);
    });

    it('another subscription without an id is named by an empty id', () => {
      const a = checked({ id: 'wh_a' });
      const anonymous = checked({ id: undefined });
      assert.deepEqual(duplicate(checkDuplicateDeliveries([a, anonymous]).get(a))?.others, ['']);
    });

    it('thousands of subscriptions on one URL: linear, and only a few names per finding', () => {
      const many = Array.from({ length: 20_000 }, (_, i) => checked({ id: `wh_${i}`, events: ['form.submitted', 'page.version.created'] }));
      const started = process.hrtime.bigint();
      const findings = checkDuplicateDeliveries(many);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      assert.equal(findings.size, many.length);
      const first = findings.get(many[0] as CheckedWebhook);
      assert.ok(first?.kind === 'duplicateDelivery');
      assert.equal(first.others.length, MAX_OTHERS);
      assert.equal(first.sameUrl, many.length - 1);
      assert.deepEqual(first.events, [{ event: 'form.submitted', receivers: 20_000 }, { event: 'page.version.created', receivers: 20_000 }]);
      assert.ok(ms < 2000, `took ${ms} ms`);
    });
  });

  it('a URL that is not written from its scheme on, or that does not parse although it starts like one, is not an absolute URL', () => {
    for (const url of [' https://hooks.example.com/a', 'https://exa mple.com/a', 'http://[::1/a', 'https:hooks.example.com/next?to=https://hooks.example.com/']) {
      assert.deepEqual(checkHttpUrl(hook({ url })), { kind: 'notHttpUrl', reason: 'unparsable' }, url);
    }
    assert.equal(checkHttpUrl(hook({ url: 'https://hooks.example.com/a ' })), undefined, 'a trailing space is dropped by every URL parser');
  });

  it('local target: only http(s) URLs are judged (another scheme is a problem of its own)', () => {
    assert.equal(checkLocalTarget(hook({ url: 'ftp://127.0.0.1/in' }), PUBLIC_GATEWAY), undefined);
    assert.equal(checkLocalTarget(hook({ url: 'not a url' }), PUBLIC_GATEWAY), undefined);
    assert.deepEqual(checkLocalTarget(hook({ url: 'https://127.0.0.1/in' }), PUBLIC_GATEWAY), { kind: 'localTarget', host: '127.0.0.1', place: { kind: 'loopback' } });
  });

  it('runChecks lists each subscription with its findings, and leaves clean ones out', () => {
    const clean = checked({ id: 'clean' });
    const insecure = checked({ id: 'insecure', url: 'http://localhost:9000/x', events: [] });
    const results = runChecks([clean, insecure], PUBLIC_GATEWAY);
    assert.equal(results.has(clean), false);
    assert.deepEqual(
      results.get(insecure)?.map((f) => f.kind),
      ['plainHttp', 'localTarget', 'activeNoEvents'],
    );
  });
});
