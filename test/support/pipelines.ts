/**
 * Counts the requests a libSQL client sends to its server over HTTP, read from the bytes a relay passes on
 * (slow-proxy.ts). Each is one round trip: a `POST /v2/pipeline` (or `/v3/`) whose JSON body lists the statements,
 * in `execute` or `batch` requests, their SQL inline or stored first by `store_sql`
 * (docs/performance.md#counted-calls-at-once-on-a-slow-link). One that carries any statement but a SELECT is a write.
 */
export function pipelines() {
  const sent: string[][] = []
  return {
    /** A parser for one connection's bytes toward the server. */
    connection: () => {
      let pending = Buffer.alloc(0)
      return (chunk: Buffer) => {
        pending = Buffer.concat([pending, chunk])
        for (;;) {
          const end = pending.indexOf('\r\n\r\n')
          if (end < 0) return
          const length = Number(/content-length:\s*(\d+)/i.exec(pending.subarray(0, end).toString())?.[1] ?? 0)
          if (pending.length < end + 4 + length) return
          sent.push(statementsOf(pending.subarray(end + 4, end + 4 + length).toString()))
          pending = pending.subarray(end + 4 + length)
        }
      }
    },
    /** The writes sent so far, each as its statements' SQL (BEGIN and COMMIT left out). */
    writes: () => sent.filter((sqls) => sqls.some((s) => !/^\s*select\b/i.test(s))),
  }
}

// Every SQL text in a pipeline's body, but a transaction's own statements.
function statementsOf(body: string): string[] {
  const sqls: string[] = []
  JSON.parse(body, (key, value) => {
    if (key === 'sql' && typeof value === 'string') sqls.push(value)
    return value
  })
  return sqls.filter((s) => !/^\s*(begin|commit|rollback|end)\b/i.test(s))
}
