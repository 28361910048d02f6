// The upstream side of the streams bench (bench/streams.ts): fakes that follow each documented protocol
// (test/support/fake-streams.ts) replaying at the rates of issue #37, and a webhook receiver that times each delivery
// from the moment its post appeared upstream.
import { fakeHackerNewsFirebase, fakeJetstream, fakeStackExchange } from '../test/support/fake-streams'

const BUYING = (n: string) =>
  `We are looking for a CRM for our sales team (${n}). Any recommendations? Budget approved.`
const CHATTER = (n: number) => `Lovely light over the harbour this morning, coffee number ${n} and a long walk.`

/** Bluesky 50 posts/s with a 2-second burst at 500/s every 20 s; HN 10 items a minute; SO a question every 20 s. */
export function startReplay(a: { matchingShare: number }) {
  const jet = fakeJetstream()
  const hn = fakeHackerNewsFirebase()
  const se = fakeStackExchange()
  const appeared = new Map<string, { platform: string; at: number }>()
  const latencies = new Map<string, number[]>()
  const receiver = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const body = (await req.json()) as { data?: { signal?: { url?: string } } }
      const url = body.data?.signal?.url ?? ''
      const seen = appeared.get(url)
      if (seen) {
        const list = latencies.get(seen.platform) ?? []
        list.push(performance.now() - seen.at)
        latencies.set(seen.platform, list)
        appeared.delete(url)
      }
      return new Response('ok')
    },
  })
  let n = 0
  let matchedEvery = Math.max(1, Math.round(1 / a.matchingShare))
  const bluesky = () => {
    n++
    const did = 'did:plc:bench'
    if (n % matchedEvery === 0) {
      const rkey = `3b${n.toString(36)}`
      appeared.set(`https://bsky.app/profile/${did}/post/${rkey}`, { platform: 'bluesky', at: performance.now() })
      jet.post(BUYING(`b${n}`), did, rkey)
    } else jet.post(CHATTER(n), did)
  }
  const started = performance.now()
  // 50 a second in ticks of 100 ms (5 posts each); 500 a second during the first 2 s of every 20 s.
  const tick = setInterval(() => {
    const inBurst = (performance.now() - started) % 20_000 < 2000
    for (let i = 0; i < (inBurst ? 50 : 5); i++) bluesky()
  }, 100)
  const hnTick = setInterval(() => {
    const id = hn.story(BUYING(`h${++n}`))
    appeared.set(`https://news.ycombinator.com/item?id=${id}`, { platform: 'hackernews', at: performance.now() })
  }, 6000)
  const seTick = setInterval(() => {
    const id = se.question(BUYING(`s${++n}`), 'Which CRM would you pick?')
    appeared.set(`https://stackoverflow.com/questions/${id}`, { platform: 'stackoverflow', at: performance.now() })
  }, 20_000)
  return {
    jetUrl: jet.url,
    hnUrl: hn.url,
    seUrl: se.url,
    hookUrl: `http://127.0.0.1:${receiver.port}/hook`,
    latencies,
    /** Requests each platform received: Jetstream connections, Firebase and Stack Exchange calls. */
    requests: () => ({ bluesky: jet.connections.length, hackernews: hn.requests(), stackoverflow: se.requests.length }),
    posted: () => n,
    stop() {
      clearInterval(tick)
      clearInterval(hnTick)
      clearInterval(seTick)
      matchedEvery = 0
      jet.stop()
      hn.stop()
      se.stop()
      receiver.stop(true)
    },
  }
}
