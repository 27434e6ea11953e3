import { strict as assert } from 'node:assert';
import { contentSecurityPolicy, tableHtml } from '../../../../../../src/features/pageGroups/table/model/tableHtml';

describe('Page Groups table: the page', () => {
  const page = tableHtml({ cspSource: 'https://own.example', nonce: 'n0nce', lang: 'de', script: 'https://own.example/t.js', styles: ['https://own.example/a.css', 'https://own.example/"b.css'] });

  it('has a strict policy: nothing by default, scripts only by nonce, styles and fonts only from the extension', () => {
    const csp = contentSecurityPolicy('https://own.example', 'n0nce');
    assert.equal(csp, "default-src 'none'; style-src https://own.example; font-src https://own.example; img-src https://own.example; script-src 'nonce-n0nce'");
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/);
    assert.ok(page.includes(`content="default-src &#39;none&#39;`) || page.includes(`content="default-src 'none'`));
  });

  it('loads one script, with the nonce, and no inline script or style', () => {
    assert.equal(page.match(/<script/g)?.length, 1);
    assert.match(page, /<script nonce="n0nce" src="https:\/\/own\.example\/t\.js"><\/script>/);
    assert.doesNotMatch(page, /<style|\sstyle="|\son[a-z]+="/);
    assert.ok(page.includes('href="https://own.example/&#34;b.css"'), 'attribute values are escaped');
  });
});
