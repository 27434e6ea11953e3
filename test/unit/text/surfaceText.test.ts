// Server and settings text in the editor's surfaces: quick picks, the status bar, progress titles (plainText) and
// Markdown tooltips and hovers (markdownText): shown as text, never as an icon, a link, an image or raw control text.
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { commandLink } from '../../../src/model/itemArgs';
import { escapeMarkdown } from '../../../src/text/markdown';
import { escapeIcons, markdownText, plainText } from '../../../src/text/surfaceText';

/** The editor's icon syntax in labels, the status bar and Markdown with theme icons; group 1 is the escaping backslash. */
const EDITOR_ICON = /(\\)?\$\(([A-Za-z0-9-]+(?:~[A-Za-z]+)?)\)/g;
/** What Markdown does with a backslash before ASCII punctuation (CommonMark): removes it, keeps the character. */
const unescapeMarkdown = (text: string): string => text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
/** Icons the editor would draw in `text` (unescaped `$(name)`). */
const drawnIcons = (text: string): string[] => [...text.matchAll(EDITOR_ICON)].filter((m) => m[1] === undefined).map((m) => m[2] as string);
// eslint-disable-next-line no-control-regex
const RAW_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

const HOSTILE = [
  '$(pass-filled) Verified',
  '$(loading~spin) $(x)$(y)',
  '\\$(check) already escaped',
  'invoice \u202Egnp.exe',
  'bell\u0007 and escape \u001b[31m red',
  '[open](https://evil.example/?q=1)',
  '![tracker](https://evil.example/pixel.png)',
  '<img src="https://evil.example/pixel.png">',
  'see https://evil.example/x and www.evil.example',
  'id with ) unbalanced (',
  '**bold** _em_ `code` # heading',
];

describe('surface text', () => {
  it('plainText: no icon, no notification link, no raw control or bidi character, cut', () => {
    for (const text of HOSTILE) {
      const shown = plainText(text);
      assert.deepEqual(drawnIcons(shown), [], `${JSON.stringify(text)} → ${JSON.stringify(shown)}`);
      assert.doesNotMatch(shown, RAW_UNSAFE);
      assert.doesNotMatch(shown, /\]\(/, 'no [text](target) link in a notification');
    }
    assert.equal(plainText('$(pass-filled) Verified'), '\\$(pass-filled) Verified', 'shown as the text $(pass-filled)');
    assert.equal(plainText('invoice \u202Egnp.exe'), 'invoice \\u202Egnp.exe');
    assert.equal(plainText('costs $(5) or $5'), 'costs \\$(5) or $5');
    assert.equal(plainText('x'.repeat(500)).length, 120);
    assert.equal(escapeIcons('no icon $ ( here'), 'no icon $ ( here');
  });

  it('markdownText: after Markdown removes its escapes, the text is as sent and draws no icon; no link, image or HTML forms', () => {
    for (const text of HOSTILE) {
      const markdown = markdownText(text);
      const rendered = unescapeMarkdown(markdown);
      assert.deepEqual(drawnIcons(rendered), [], `${JSON.stringify(text)} → ${JSON.stringify(markdown)}`);
      assert.doesNotMatch(markdown, /(^|[^\\])[[\]()<>!]/, 'every bracket, parenthesis, angle and ! is escaped');
      assert.doesNotMatch(markdown, /(^|[^\\]):\/\//, 'no bare URL autolink (scheme://)');
      assert.doesNotMatch(markdown, /(^|[^\\])www\./, 'no www. autolink');
      assert.doesNotMatch(markdown, RAW_UNSAFE);
    }
    assert.equal(unescapeMarkdown(markdownText('$(pass-filled) Verified')), '\\$(pass-filled) Verified');
    assert.equal(escapeMarkdown('$(pass-filled)'), markdownText('$(pass-filled)'), 'tooltips use the same function');
  });

  it('property: Markdown text reads back as sent (icons escaped, unsafe characters visible)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('$', '(', ')', 'a', '-', '\\', '[', ']', ':', '/', '!', '<', ' ', '~') }), (text) => {
        const rendered = unescapeMarkdown(markdownText(text));
        assert.deepEqual(drawnIcons(rendered), []);
        assert.equal(rendered.replace(EDITOR_ICON, (_m, _e: string | undefined, name: string) => `$(${name})`), text.replace(EDITOR_ICON, (_m, e: string | undefined, name: string) => `${e ?? ''}$(${name})`));
      }),
    );
  });

  it('command links: an id with unbalanced parentheses stays in the link whole', () => {
    for (const id of ['pg_a)b', 'pg_(x', "it's!*~"]) {
      const link = commandLink('pageGateway.openJson', { gateway: 'g', kind: 'pageGroup', id });
      const destination = /^command:pageGateway\.openJson\?(.*)$/.exec(link)?.[1] ?? '';
      assert.doesNotMatch(destination, /[()'!*~\s]/, link);
      assert.deepEqual(JSON.parse(decodeURIComponent(destination)), [{ gateway: 'g', kind: 'pageGroup', id }]);
    }
  });
});
