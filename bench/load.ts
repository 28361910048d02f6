// Load generator, run as its own process by bench/run.ts so it never shares an event loop with a server:
//   bun bench/load.ts '{"url":"http://127.0.0.1:8080/api/v1/usage","connections":32,"warmupMs":1000,"durationMs":6000}'
// A `{n}` in the url becomes 20 × (a request counter modulo 5,000), to walk many different signal pages; in the body,
// the same number, so that each request sends a text of its own (a scorer's answers for texts it has just read are
// not what a row of scoring measures). With
// `urls`, the connections are spread over them in turn (several servers behind one load), and `url` is not used.
// Keeps `connections` fetch loops busy (keep-alive), records the latency of each answered request after the
// warm-up, and prints one JSON line: {requests, sent, rps, p50Ms, p99Ms, maxMs, statuses, errors}.

export type LoadSpec = {
  url: string
  urls?: string[]
  method?: string
  headers?: Record<string, string>
  body?: string
  connections: number
  warmupMs: number
  durationMs: number
}
export type LoadResult = {
  requests: number
  // Every request sent, the warm-up's too: what the server's CPU time over the whole load is divided by.
  sent: number
  rps: number
  p50Ms: number
  p99Ms: number
  maxMs: number
  statuses: Record<string, number>
  errors: number
  firstError?: string
}

const MAX_SAMPLES = 8_000_000

async function run(spec: LoadSpec): Promise<LoadResult> {
  const latencies = new Float64Array(MAX_SAMPLES)
  let n = 0
  let errors = 0
  let firstError: string | undefined
  const statuses: Record<string, number> = {}
  const init: RequestInit = { method: spec.method ?? 'GET', headers: spec.headers, body: spec.body, keepalive: true }

  const start = performance.now()
  const varied = spec.url.includes('{n}')
  const variedBody = spec.body?.includes('{n}') === true
  let counter = 0
  const measureFrom = start + spec.warmupMs
  const end = measureFrom + spec.durationMs

  async function loop(connection: number) {
    const target = spec.urls ? spec.urls[connection % spec.urls.length] : spec.url
    for (;;) {
      const t0 = performance.now()
      if (t0 >= end) return
      try {
        const step = String(20 * (counter++ % 5000))
        const url = varied ? target.replace('{n}', step) : target
        const res = await fetch(url, variedBody ? { ...init, body: spec.body?.replace('{n}', step) } : init)
        await res.arrayBuffer()
        const t1 = performance.now()
        if (t0 >= measureFrom && t1 <= end) {
          if (n < MAX_SAMPLES) latencies[n++] = t1 - t0
          statuses[res.status] = (statuses[res.status] ?? 0) + 1
        }
      } catch (error) {
        errors++
        firstError ??= String(error)
        await Bun.sleep(5)
      }
    }
  }
  await Promise.all(Array.from({ length: spec.connections }, (_, i) => loop(i)))

  const sorted = latencies.subarray(0, n).sort()
  const at = (q: number) => (n ? sorted[Math.min(n - 1, Math.floor(q * n))] : Number.NaN)
  return {
    requests: n,
    sent: counter,
    rps: n / (spec.durationMs / 1000),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    maxMs: n ? sorted[n - 1] : Number.NaN,
    statuses,
    errors,
    firstError,
  }
}

if (import.meta.main) {
  const spec = JSON.parse(process.argv[2] ?? '') as LoadSpec
  console.log(JSON.stringify(await run(spec)))
}
