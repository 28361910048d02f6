// `database.url` on a libSQL server behind a reverse proxy that answers with a page of its own: the command said
// only 'the libSQL server at HOST answered HTTP 502'. Each status now says what it means and what to do
// (docs/operations.md#running-it).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createWorkspace, runCli, type Workspace } from './run-cli'

let ws: Workspace
let proxy: ReturnType<typeof Bun.serve>
let host: string
// What the proxy answers to every request: the status of the test that runs.
let answer = 502
beforeAll(() => {
  ws = createWorkspace()
  proxy = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch() {
      const status = answer
      const page = `<html><body><h1>${status}</h1><hr>nginx</body></html>`
      return new Response(page, { status, headers: { 'content-type': 'text/html' } })
    },
  })
  host = `127.0.0.1:${proxy.port}`
})
afterAll(() => {
  proxy.stop(true)
  ws.cleanup()
})

const said = async (status: number) => {
  answer = status
  const r = await runCli(ws, ['team', 'list'], { env: { LEAD_SIGNALS_DATABASE_URL: `http://${host}` } })
  return { code: r.code, stdout: r.stdout, stderr: r.stderr }
}
const line = (text: string) => ({ code: 1, stdout: '', stderr: `lead-signals: database.url: ${text}\n` })

describe("a proxy's own page in front of the libSQL server", () => {
  test('502 and 503: the server behind it may be down or restarting', async () => {
    for (const status of [502, 503])
      expect(await said(status)).toEqual(
        line(
          `the libSQL server at ${host} did not answer: a proxy in front of it answered HTTP ${status}, so the server (sqld) may be down or restarting; check that it is running, then try again`,
        ),
      )
  }, 60_000)

  test('504: the proxy stopped waiting', async () => {
    expect(await said(504)).toEqual(
      line(
        `the libSQL server at ${host} did not answer in time: a proxy in front of it stopped waiting (HTTP 504); check that the server (sqld) is running and answering, then try again`,
      ),
    )
  }, 60_000)

  test("413: the proxy's body limit", async () => {
    expect(await said(413)).toEqual(
      line(
        `a proxy in front of the libSQL server at ${host} refused a request as too large (HTTP 413): raise its body limit (nginx: client_max_body_size)`,
      ),
    )
  }, 60_000)

  test('404: no libSQL server there', async () => {
    expect(await said(404)).toEqual(
      line(
        `no libSQL server answers at ${host} (HTTP 404 to its API): check that database.url names a libSQL server (sqld) or the proxy path that leads to one`,
      ),
    )
  }, 60_000)
})
