import { afterEach, describe, expect, test } from 'bun:test'
import { createHackernewsStream } from '../../../src/platforms/hackernews/stream'
import { testConfig } from '../../support/deps'
import { fakeHackerNewsFirebase } from '../../support/fake-streams'
import { eventually, recordingSink } from '../../support/stream-world'

// The Firebase API's README (github.com/HackerNews/API, Items) gives an item's `title` as HTML, as its `text`: a
// title may hold entities (&lt;, &amp;, &#x27;), which docs/platforms.md#content says are decoded once.
describe('Hacker News stream: a title with HTML entities', () => {
  const hn = fakeHackerNewsFirebase()
  afterEach(() => hn.stop())

  test('is read as text, in the title and the content', async () => {
    const start = hn.story('Ask HN: a start')
    const id = hn.story(
      'Show HN: &lt;canvas&gt; charts for Q&amp;A sites &#x27;without&#x27; a CRM',
      '<p>It&#x27;s free</p>',
    )
    const { got, sink } = recordingSink()
    const stop = new AbortController()
    const config = testConfig({ platforms: { hackernews: { stream_url: hn.url } } })
    const done = createHackernewsStream(config.platforms.hackernews).read(String(start), sink, stop.signal)
    try {
      await eventually('the story', () => got.positions.includes(String(id)), 15_000)
    } finally {
      stop.abort()
      await done
    }
    const story = got.mentions.find((m) => m.id === `hackernews:${id}`)
    expect(story?.title).toBe("Show HN: <canvas> charts for Q&A sites 'without' a CRM")
    expect(story?.content).toBe("Show HN: <canvas> charts for Q&A sites 'without' a CRM\n\nIt's free")
  }, 30_000)
})
