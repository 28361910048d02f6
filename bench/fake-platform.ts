// The pipeline benchmark's upstream, run as its own process by bench/pipeline.ts so that serving the pages never
// shares an event loop (or a core) with the poller or the baseline client: the fake Hacker News (Algolia) and Reddit
// (OAuth) search of test/support/fake-platforms.ts, holding the corpus of bench/pipeline-corpus.ts.
// Prints `{"event":"listening","url":…}` once it answers; stops on SIGTERM.
import { fakePlatforms } from '../test/support/fake-platforms'
import { corpus } from './pipeline-corpus'

const world = fakePlatforms()
for (const page of corpus().pages) world.add(page.platform, page.keyword, ...page.posts)
process.on('SIGTERM', () => {
  world.stop()
  process.exit(0)
})
console.log(JSON.stringify({ event: 'listening', url: world.origin }))
