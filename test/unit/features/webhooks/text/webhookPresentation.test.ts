import { strict as assert } from 'node:assert';
import { findingsSummary, findingText } from '../../../../../src/features/webhooks/text/checkText';
import {
  eventGroupDescription,
  eventGroupLabel,
  eventGroupTooltip,
  eventsSummary,
  isKnownEvent,
  webhookDescription,
  webhookLabel,
  webhookTooltip,
  webhooksViewDescription,
} from '../../../../../src/features/webhooks/text/webhookPresentation';
import { escapeMarkdown } from '../../../../../src/text/markdown';
import { absoluteTime } from '../../../../../src/text/time';

/** A timestamp as a tooltip shows it: in this machine's time zone and the editor's language, Markdown-escaped. */
const at = (iso: string): string => escapeMarkdown(absoluteTime(iso) ?? iso);

describe('webhook presentation', () => {
  it('labels with host and path, and keeps a non-URL as it is', () => {
    assert.equal(webhookLabel({ url: 'https://hooks.example.com/pages/1?x=1' }), 'hooks.example.com/pages/1?x=1');
    assert.equal(webhookLabel({ url: 'https://hooks.example.com/' }), 'hooks.example.com');
    assert.equal(webhookLabel({ url: 'not a url' }), 'not a url');
    assert.equal(webhookLabel({ id: 'wh_1' }), 'wh_1');
  });

  it('tells null events from an empty list and from a count; says only the exceptional state in words', () => {
    assert.equal(eventsSummary(null), 'events not specified');
    assert.equal(eventsSummary([]), 'no events');
    assert.equal(eventsSummary(['form.submitted']), '1 event');
    assert.equal(eventsSummary(['a', 'b']), '2 events');
    assert.equal(webhookDescription({ active: false, events: null }), 'inactive · events not specified');
    assert.equal(webhookDescription({ active: true, events: [] }), 'no events');
    assert.equal(webhookDescription({ active: true, events: ['a', 'b'] }), '2 events');
  });

  it('knows exactly the six event kinds of the contract', () => {
    for (const kind of ['page.version.created', 'page.version.processed', 'page.version.published', 'form.submitted', 'form.enriched', 'form.enrichment_failed']) {
      assert.equal(isKnownEvent(kind), true, kind);
    }
    assert.equal(isKnownEvent('page.deleted'), false);
    assert.equal(isKnownEvent('Form.Submitted'), false);
  });

  it('tooltip words events: null as the row does, with the value sent, and problems', () => {
    const text = webhookTooltip({ raw: {}, value: { id: 'wh_1', url: 'https://h/x', active: true, events: null }, problems: [{ kind: 'notUtcTimestamp', field: 'createdAt', value: 'bad' }] });
    assert.match(text, /\*\*Events:\*\* events not specified \\\(null\\\)/, 'worded as the row words it');
    assert.match(text, /createdAt: "bad" does not match the contract's UTC pattern/);
  });
});

describe('webhook presentation for debugging', () => {
  it('labels international hosts in their own letters and never shows a password', () => {
    assert.equal(webhookLabel({ url: 'https://xn--bcher-kva.example/hook' }), 'bücher.example/hook');
    assert.equal(webhookLabel({ url: 'https://bücher.example/hook' }), 'bücher.example/hook');
    assert.equal(webhookLabel({ url: 'https://user:secret@hooks.example.com:8443/a' }), 'hooks.example.com:8443/a');
    assert.equal(webhookLabel({ url: 'weird://user:secret@[x' }), 'weird://user:***@[x');
  });

  it('the tooltip shows the URL without its password, both forms of an international host, and the findings', () => {
    const text = webhookTooltip(
      { raw: {}, value: { id: 'wh_1', url: 'http://user:secret@xn--bcher-kva.example/h', active: true, events: [] }, problems: [] },
      Date.parse('2026-01-01T00:00:00Z'),
      [{ kind: 'plainHttp' }, { kind: 'activeNoEvents' }],
    );
    assert.doesNotMatch(text, /secret/);
    assert.match(text, /user:\\\*\\\*\\\*@/);
    assert.match(text, /bücher\\\.example \\\(xn\\-\\-bcher\\-kva\\\.example\\\)/);
    assert.match(text, /\*\*Checks:\*\*/);
    assert.match(text, /plain http\\?:\/\//);
    assert.match(text, /event list is empty/);
  });

  it('event rows: counts, unknown kinds, no active receiver, events: null explained', () => {
    const known = { key: { kind: 'event', event: 'form.submitted', known: true } as const, members: [1, 2, 3], active: 2, inactive: 1 };
    assert.equal(eventGroupLabel(known.key), 'form.submitted');
    assert.equal(eventGroupDescription(known), '2 active · 1 inactive');
    const nobody = { ...known, active: 0, inactive: 1 };
    assert.equal(eventGroupDescription(nobody), '0 active · 1 inactive · no active receiver');
    assert.match(eventGroupTooltip(nobody), /No active subscription receives it/);
    const unknown = { key: { kind: 'event', event: 'page.deleted', known: false } as const, members: [1], active: 1, inactive: 0 };
    assert.equal(eventGroupDescription(unknown), 'unknown kind · 1 active · 0 inactive');
    assert.match(eventGroupTooltip(unknown), /not one of the six event kinds/);
    const nullGroup = { key: { kind: 'null' } as const, members: [1], active: 1, inactive: 0 };
    assert.equal(eventGroupLabel(nullGroup.key), 'events not specified');
    assert.match(eventGroupTooltip(nullGroup), /does not define what it means/);
  });

  it('the view description counts warnings and says when auto refresh is in trouble', () => {
    assert.equal(webhooksViewDescription(false, 0, [], [], false), undefined);
    assert.equal(webhooksViewDescription(false, 1, [], [], false), '1 warning');
    assert.equal(webhooksViewDescription(false, 3, ['staging'], [], false), '3 warnings · auto refresh failing — retrying less often');
    assert.equal(webhooksViewDescription(false, 0, [], ['prod'], true), 'auto refresh paused (prod): key rejected');
    assert.equal(webhooksViewDescription(true, 2, [], [], false), 'by event · 2 warnings', 'the grouping toggle shows its state');
  });

  it('findings read as a short reason in the row and a sentence in lists', () => {
    assert.equal(findingsSummary([]), undefined);
    assert.equal(findingsSummary([{ kind: 'plainHttp' }]), 'plain http');
    assert.equal(findingsSummary([{ kind: 'plainHttp' }, { kind: 'activeNoEvents' }]), 'plain http +1');
    assert.equal(findingText({ kind: 'localTarget', host: 'xn--bcher-kva.local', place: { kind: 'mdns' } }).detail, 'The URL points at a .local (multicast DNS) name (bücher.local) while the gateway is not local: probably left over from debugging.');
    assert.equal(findingText({ kind: 'localTarget', host: 'a.ngrok.io', place: { kind: 'tunnel', service: 'ngrok' } }).short, 'ngrok tunnel');
    assert.match(findingText({ kind: 'duplicateDelivery', events: [{ event: 'form.submitted', receivers: 2 }], others: ['wh_2'], sameUrl: 1 }).detail, /2 active subscriptions have this URL.*form\.submitted \(2×\).*wh_2/);
  });

  it('labels, describes and summarises a subscription with missing fields', () => {
    assert.equal(webhookLabel({}), '(webhook without id)');
    assert.equal(webhookDescription({ events: ['form.submitted'] }), 'active: ? · 1 event');
    assert.equal(eventsSummary(undefined), 'events missing');
  });

  it('tooltip: every field in order, in words, times relative to now', () => {
    const now = Date.parse('2026-03-04T10:00:00Z');
    const value = {
      id: 'wh_1',
      url: 'https://h.example/x',
      active: false,
      events: ['form.submitted', 'page.deleted'],
      createdAt: '2026-03-01T10:00:00Z',
      updatedAt: '2026-03-04T09:00:00Z',
    };
    assert.equal(
      webhookTooltip({ raw: value, value, problems: [] }, now),
      [
        '**h\\.example/x**',
        '',
        '**ID:** wh\\_1  ',
        '**URL:** https\\://h\\.example/x  ',
        '**Active:** no  ',
        '**Events:** form\\.submitted, page\\.deleted  ',
        `**Created:** ${at('2026-03-01T10:00:00Z')} \\(3 days ago\\)  `,
        `**Updated:** ${at('2026-03-04T09:00:00Z')} \\(1 hour ago\\)`,
      ].join('\n'),
    );
    const bare = webhookTooltip({ raw: {}, value: { id: 'wh_2', active: true, events: [] }, problems: [] }, now);
    assert.equal(bare, ['**wh\\_2**', '', '**ID:** wh\\_2  ', '**Active:** yes  ', '**Events:** no events \\(\\[\\]\\)'].join('\n'));
    assert.equal(webhookTooltip({ raw: {}, value: { id: 'wh_3' }, problems: [] }, now), '**wh\\_3**\n\n**ID:** wh\\_3', 'absent fields are left out');
  });
});
