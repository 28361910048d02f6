/**
 * Bodies as the platforms send them (their HTML habits, entities and all), and the plain text `content` must be
 * (docs/platforms.md#content). The fakes of test/platforms serve the `html` and the tests expect the `text`.
 */
export const HTML_BODIES = {
  // Algolia HN: <p> separators without closing tags, hex entities for / and ', links with rel="nofollow".
  hackernews: {
    html: 'We moved off spreadsheets &amp; it&#x27;s great.<p>Budget: $300&#x2F;month.<p><a href="https:&#x2F;&#x2F;acme.example" rel="nofollow">https:&#x2F;&#x2F;acme.example</a><p><pre><code>  curl acme &lt;x&gt;\n    --flag\n</code></pre>',
    text: "We moved off spreadsheets & it's great.\n\nBudget: $300/month.\n\nhttps://acme.example\n\n  curl acme <x>\n    --flag",
  },
  // Stack Exchange: an entity-encoded title and an HTML body with lists and code.
  stackoverflow: {
    title: 'How do I &quot;sync&quot; contacts with Acme?',
    html: '<p>I tried:</p>\n\n<ul>\n<li>the <code>export</code> button</li>\n<li>the API &ndash; no luck</li>\n</ul>\n\n<p>Any idea?</p>\n',
    text: 'How do I "sync" contacts with Acme?\n\nI tried:\n\nthe export button\nthe API – no luck\n\nAny idea?',
  },
  // Mastodon: paragraphs, <br>, and links shortened with invisible spans.
  mastodon: {
    html: '<p>Trying <a href="https://acme.example/pricing" rel="nofollow noopener" target="_blank"><span class="invisible">https://</span><span class="">acme.example/pricing</span><span class="invisible"></span></a> today</p><p>Any &quot;gotchas&quot;?<br />Thanks!</p>',
    text: 'Trying https://acme.example/pricing today\n\nAny "gotchas"?\nThanks!',
  },
  // A feed's content:encoded (Medium, Substack): figures, headings, paragraphs.
  feed: {
    html: '<h3>Why we chose Acme</h3><figure><img src="x.png" alt=""></figure><p>Our team&nbsp;grew <em>fast</em>.</p><p>We needed a CRM.</p>',
    text: 'Why we chose Acme\n\nOur team grew fast.\n\nWe needed a CRM.',
  },
  // GitHub: Markdown with an issue template's HTML comment and a <details> block; its own lines are kept.
  github: {
    markdown:
      '<!-- Please describe the problem -->\n### Problem\n\nExport to CSV &amp; Excel fails:\n\n- step one\n- step two\n\n<details><summary>Logs</summary>\n\nerror 42\n</details>',
    text: '### Problem\n\nExport to CSV & Excel fails:\n\n- step one\n- step two\n\nLogs\n\nerror 42',
  },
  // DEV's rendered article (body_html).
  devto: {
    html: '<h2>\n  <a name="why" href="#why"></a>\n  Why we moved\n</h2>\n\n<p>We compared <strong>three</strong> CRMs &amp; picked one.</p>\n\n<ol>\n<li>Price</li>\n<li>API</li>\n</ol>\n',
    text: 'Why we moved\n\nWe compared three CRMs & picked one.\n\nPrice\nAPI',
  },
}
