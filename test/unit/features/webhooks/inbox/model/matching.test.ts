// Matching deliveries to the loaded subscriptions: by path; narrowed by host only by a public address the user gave
// (a loopback or editor-proxy address never narrows); and which subscriptions point at the inbox.
import { strict as assert } from 'node:assert';
import { narrowingAddress, pointsAtInbox, SubscriptionMatcher, type SubscriptionEntry } from '../../../../../../src/features/webhooks/inbox/model/matching';

function entry(gateway: string, id: string, url: string | undefined, active = true): SubscriptionEntry<string, string> {
  return { gateway, subscription: id, url, active, events: ['form.submitted'] };
}

const entries = [
  entry('prod', 'wh_1', 'https://abc.ngrok-free.app/hooks/pages'),
  entry('prod', 'wh_2', 'https://hooks.example.com/hooks/pages/'),
  entry('stage', 'wh_3', 'https://abc.ngrok-free.app/hooks/forms'),
  entry('stage', 'wh_4', 'not a url'),
  entry('stage', 'wh_5', undefined),
  entry('stage', 'wh_6', 'https://abc.ngrok-free.app/hooks/%70ages'),
];

const ids = (found: ReadonlyArray<SubscriptionEntry<string, string>>): string[] => found.map((e) => `${e.gateway}/${e.subscription}`);

describe('webhook inbox matching', () => {
  it('matches by path on every gateway (a trailing slash does not matter; the query is not part of the path)', () => {
    const matcher = new SubscriptionMatcher(entries, undefined);
    assert.deepEqual(ids(matcher.match('/hooks/pages')), ['prod/wh_1', 'prod/wh_2']);
    assert.deepEqual(ids(matcher.match('/hooks/pages/')), ['prod/wh_1', 'prod/wh_2']);
    assert.deepEqual(ids(matcher.match('/hooks/forms')), ['stage/wh_3']);
    assert.deepEqual(ids(matcher.match('/nothing')), []);
    assert.deepEqual(ids(matcher.match('/')), []);
  });

  it("a subscription through code-server's /proxy/<port>/ matches the path the proxy delivers (prefix stripped)", () => {
    const matcher = new SubscriptionMatcher([entry('dev', 'wh_p', 'https://ide.example.com/proxy/41234/hooks/pages'), entry('dev', 'wh_a', 'https://ide.example.com/absproxy/41234/hooks/pages')], undefined);
    assert.deepEqual(ids(matcher.match('/hooks/pages')), ['dev/wh_p']);
    assert.deepEqual(ids(matcher.match('/absproxy/41234/hooks/pages')), ['dev/wh_a'], 'absproxy keeps its prefix');
  });

  it('a public address narrows to its origin', () => {
    const matcher = new SubscriptionMatcher(entries, 'https://abc.ngrok-free.app');
    assert.deepEqual(ids(matcher.match('/hooks/pages')), ['prod/wh_1']);
  });

  it('a loopback or editor-proxy public address never narrows', () => {
    for (const publicUrl of ['http://127.0.0.1:8080/', 'http://localhost:3000', 'https://ide.example.com/proxy/41234/', 'https://ide.example.com/absproxy/41234', 'garbage', '']) {
      assert.equal(narrowingAddress(publicUrl), undefined, publicUrl);
      assert.deepEqual(ids(new SubscriptionMatcher(entries, publicUrl).match('/hooks/pages')), ['prod/wh_1', 'prod/wh_2'], publicUrl);
    }
    assert.equal(narrowingAddress('https://abc.trycloudflare.com')?.host, 'abc.trycloudflare.com');
  });

  it('points at the inbox: the public address, the editor address, or loopback on its port', () => {
    const inbox = { port: 41234, external: 'https://ide.example.com/proxy/41234/', publicUrl: 'https://abc.ngrok-free.app' };
    assert.ok(pointsAtInbox('https://abc.ngrok-free.app/hooks/pages', inbox));
    assert.ok(pointsAtInbox('https://ide.example.com/proxy/41234/hooks', inbox));
    assert.ok(pointsAtInbox('http://127.0.0.1:41234/hooks', inbox));
    assert.ok(pointsAtInbox('http://localhost:41234/', inbox));
    assert.equal(pointsAtInbox('http://127.0.0.1:41235/hooks', inbox), false);
    assert.equal(pointsAtInbox('https://ide.example.com/proxy/9999/hooks', inbox), false);
    assert.equal(pointsAtInbox('https://hooks.example.com/hooks/pages', inbox), false);
    assert.equal(pointsAtInbox(undefined, inbox), false);
    assert.equal(pointsAtInbox('http://127.0.0.1:41234/hooks', { port: undefined }), false, 'not running: nothing points at it');
  });
});
