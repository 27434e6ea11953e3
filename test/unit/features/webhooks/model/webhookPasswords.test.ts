// A webhook URL's password is never shown: not in its label (pickers, progress titles), not in a snapshot document's
// address (tab title, editor history), not in a contract problem. The raw JSON and Copy Webhook URL keep it.
import { strict as assert } from 'node:assert';
import type { WebhookSubscription } from '../../../../../src/api/model';
import { itemDocument } from '../../../../../src/documents/itemDocuments';
import type { Gateway } from '../../../../../src/gateway/gateway';
import type { ItemRef } from '../../../../../src/model/resource';
import { itemProblemText } from '../../../../../src/text/itemProblemText';
import { WEBHOOK } from '../../../../../src/features/webhooks/webhookKind';

const SECRET = 'hunter2-s3cret';

describe('webhook URL passwords', () => {
  it('the label (pickers, progress titles) shows user:***@', () => {
    assert.equal(WEBHOOK.label({ id: 'wh_1', url: `https://bob:${SECRET}@hooks.example/in` }), 'https://bob:***@hooks.example/in');
    assert.equal(WEBHOOK.label({ id: 'wh_1', url: `https://bob:${SECRET}@hooks example/in` }).includes(SECRET), false);
    assert.equal(WEBHOOK.label({ id: 'wh_2' }), 'wh_2');
  });

  it('a webhook without an id: its snapshot document address carries no password; its raw JSON keeps it', () => {
    const value: WebhookSubscription = { url: `https://bob:${SECRET}@hooks.example/in`, active: true };
    const raw = { ...value };
    const ref = { gateway: { name: 'prod' } as Gateway, kind: WEBHOOK, item: { value, raw, problems: [] } } as unknown as ItemRef;
    const doc = itemDocument(ref);
    assert.equal(JSON.stringify(doc.address).includes(SECRET), false, JSON.stringify(doc.address));
    assert.match(doc.address.name, /bob:\*\*\*@hooks\.example/);
    assert.equal(doc.snapshot, raw, 'the document shows the raw JSON as sent');
  });

  it('a contract problem naming a URL of another scheme hides its password', () => {
    const text = itemProblemText({ kind: 'notHttpUrl', field: 'url', value: `ftp://bob:${SECRET}@files.example/` });
    assert.equal(text.includes(SECRET), false, text);
    assert.match(text, /bob:\*\*\*@/);
  });
});
