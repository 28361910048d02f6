// `database.url` whose scheme does not fit the libSQL server (docs/operations.md#running-it). `libsql://` speaks TLS
// unless `?tls=0` follows, and `https://`/`wss://` always do (the @libsql/client README's "Supported URLs"); sqld
// serves plain HTTP unless given a certificate. The commands said only '(TLS handshake failed)' or '(connection
// reset)', and 'answered HTTP 400' for nginx's answer to a plain request on its TLS port (its 497 handling, answered as
// 400 with "The plain HTTP request was sent to HTTPS port"), none saying which address to write.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import getTLSOptions from 'smtp-server/lib/tls-options'
import { createWorkspace, runCli, type Workspace } from './run-cli'

let ws: Workspace
const servers: { stop: (force?: boolean) => void }[] = []
// A plain HTTP server in sqld's place (its answer never matters: the TLS handshake fails first); a TLS server, which
// closes a plain request's connection as Bun's and Node's do; nginx's page on its TLS port.
let plain: string
let tls: string
let nginx: string
beforeAll(() => {
  ws = createWorkspace()
  const { key, cert } = getTLSOptions({}) as { key: string; cert: string }
  const serve = (o: Partial<Parameters<typeof Bun.serve>[0]>, answer: () => Response) => {
    const s = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: answer, ...o } as Parameters<typeof Bun.serve>[0])
    servers.push(s)
    return `127.0.0.1:${s.port}`
  }
  plain = serve({}, () => Response.json({ results: [] }))
  tls = serve({ tls: { key, cert } }, () => Response.json({ results: [] }))
  const page =
    '<html>\r\n<head><title>400 The plain HTTP request was sent to HTTPS port</title></head>\r\n<body>\r\n<center><h1>400 Bad Request</h1></center>\r\n<center>The plain HTTP request was sent to HTTPS port</center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'
  nginx = serve({}, () => new Response(page, { status: 400, headers: { 'content-type': 'text/html' } }))
})
afterAll(() => {
  for (const s of servers) s.stop(true)
  ws.cleanup()
})

const start = (url: string) =>
  runCli(ws, ['team', 'list'], {
    env: { LEAD_SIGNALS_DATABASE_URL: url, LEAD_SIGNALS_DATABASE_AUTH_TOKEN: 'secret-token-never-printed' },
  })
const line = (text: string) => ({ code: 1, stdout: '', stderr: `lead-signals: database.url: ${text}\n` })

describe('an address whose scheme does not fit the libSQL server', () => {
  test('libsql:// (TLS by default), https:// and wss:// to a plain HTTP server: write http:// or ?tls=0', async () => {
    for (const url of [`libsql://${plain}`, `https://${plain}`, `wss://${plain}`])
      expect(await start(url)).toEqual(
        line(
          `the libSQL server at ${plain} does not answer over TLS (the TLS handshake failed), which libsql://, https:// and wss:// speak: sqld serves plain HTTP unless TLS was set up for it; write http://${plain} (or libsql://${plain}?tls=0)`,
        ),
      )
  }, 60_000)

  test('http:// to a TLS port that closes the connection: write https://', async () => {
    for (const url of [`http://${tls}`, `libsql://${tls}?tls=0`])
      expect(await start(url)).toEqual(
        line(
          `the server at ${tls} closed the connection without answering, as a server that expects TLS does to a plain HTTP request: if it serves TLS, write https://${tls} (or libsql://${tls})`,
        ),
      )
  }, 60_000)

  test("http:// to nginx's TLS port, which answers 400 with its page: write https://", async () => {
    expect(await start(`http://${nginx}`)).toEqual(
      line(
        `the server at ${nginx} expects TLS (it answered HTTP 400: the plain HTTP request was sent to HTTPS port): write https://${nginx} (or libsql://${nginx})`,
      ),
    )
  }, 60_000)

  test('a certificate this machine does not trust is named, with how to trust a site authority', async () => {
    // smtp-server's certificate is its own, and has expired: the runtime's code says which check refused it.
    for (const url of [`https://${tls}`, `wss://${tls}`]) {
      const r = await start(url)
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(
        new RegExp(
          `^lead-signals: database\\.url: the libSQL server at ${tls} answered with a TLS certificate this machine does not trust \\(([A-Z_]*CERT[A-Z_]*|[a-z ]*certificate[a-z ]*)\\): for a certificate of your site's own authority, start lead-signals with NODE_EXTRA_CA_CERTS set to that authority's certificate file \\(PEM\\)\n$`,
        ),
      )
    }
  }, 60_000)
})
