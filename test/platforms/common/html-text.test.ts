import { describe, expect, test } from 'bun:test'
import { decodeEntities, htmlToText, stripHtml } from '../../../src/platforms/common/html-text'
import { HTML_BODIES } from '../../support/html-bodies'

describe('content as plain text (docs/platforms.md#content)', () => {
  test("each platform's HTML habits come out as readable text", () => {
    expect(htmlToText(HTML_BODIES.hackernews.html)).toBe(HTML_BODIES.hackernews.text)
    expect(htmlToText(HTML_BODIES.mastodon.html)).toBe(HTML_BODIES.mastodon.text)
    expect(htmlToText(HTML_BODIES.feed.html)).toBe(HTML_BODIES.feed.text)
    expect(htmlToText(HTML_BODIES.devto.html)).toBe(HTML_BODIES.devto.text)
    expect(stripHtml(HTML_BODIES.github.markdown)).toBe(HTML_BODIES.github.text)
  })

  test('paragraphs are separated by a blank line, list items and <br> by a line break', () => {
    expect(htmlToText('<p>one</p><p>two<br/>three</p><ul><li>a</li><li>b</li></ul>after')).toBe(
      'one\n\ntwo\nthree\n\na\nb\n\nafter',
    )
  })

  test('entities are decoded once, after the tags are found: an escaped tag is text, not a tag', () => {
    expect(htmlToText('<p>&lt;b&gt;bold?&lt;/b&gt; &amp;amp; &#8217; &#x1F600; &bogus;</p>')).toBe(
      '<b>bold?</b> &amp; ’ 😀 &bogus;',
    )
    expect(decodeEntities('&#0; &#xD800; &#1114112;')).toBe('&#0; &#xD800; &#1114112;')
  })

  test('what only looks like a tag stays; scripts, styles and comments go with their content', () => {
    expect(htmlToText('a < b and c > d')).toBe('a < b and c > d')
    expect(htmlToText('x<script>alert("<p>")</script><style>p{}</style><!-- <p>hidden</p> -->y')).toBe('xy')
    expect(htmlToText('<a title="1 > 0" href="x">link</a>')).toBe('link')
  })

  test('whitespace collapses as in a browser, except inside <pre>', () => {
    expect(htmlToText('  lots   of\n\n  space  ')).toBe('lots of space')
    expect(htmlToText('<pre>  keep\n    this</pre>')).toBe('  keep\n    this')
    expect(htmlToText('a&nbsp;&nbsp;b')).toBe('a b')
  })

  test('stripHtml keeps the lines and indentation of text that is not HTML', () => {
    expect(stripHtml('line one\n    indented code\n\n\n\nafter <b>bold</b>')).toBe(
      'line one\n    indented code\n\nafter bold',
    )
    expect(stripHtml('plain text')).toBe('plain text')
  })

  // A post's body is anyone's text, read on the server's one thread: GitHub sends an issue's Markdown as written (up
  // to 65,536 characters). Each "<a" or "<script" that never closed was read from there to the end of the body.
  test('a body of 65,536 characters of tags that never close is read at once', () => {
    for (const body of ['<a'.repeat(32_768), '<script'.repeat(9_362), '</a'.repeat(21_845)]) {
      const started = performance.now()
      expect(stripHtml(`crm ${body}`)).toStartWith('crm')
      expect(htmlToText(`crm ${body}`)).toStartWith('crm')
      expect(performance.now() - started).toBeLessThan(500)
    }
  })

  // Spaces at a line's end are dropped (tidy): a run of spaces that is not at a line's end was read from each of its
  // spaces to its end.
  test("a body whose line ends in a space, then 65,000 spaces not at a line's end, is read at once", () => {
    const body = `a \n${' '.repeat(65_000)}x`
    const started = performance.now()
    expect(stripHtml(body)).toBe(`a\n${' '.repeat(65_000)}x`)
    expect(performance.now() - started).toBeLessThan(500)
  })

  // Each tag's line break looked at all the text read so far: a Stack Overflow body (up to 30,000 characters) of empty
  // paragraphs, or a code block whose spaces run up to a word, was read again at every tag.
  test('30,000 characters of paragraphs, or of spaces in a code block, are read at once', () => {
    const started = performance.now()
    expect(htmlToText(`crm${'<p>'.repeat(10_000)}end`)).toBe('crm\n\nend')
    expect(htmlToText(`<pre>crm ${' '.repeat(30_000)}x</pre>end`)).toBe(`crm ${' '.repeat(30_000)}x\n\nend`)
    expect(htmlToText(`crm${'x<br>'.repeat(6_000)}`)).toStartWith('crmx\nx\n')
    expect(performance.now() - started).toBeLessThan(1000)
  })
})
