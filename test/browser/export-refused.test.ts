// The console's Export buttons in Chromium at a desktop and a phone width (docs/console.md#export): a normal export
// downloads its file and the console page stays; a refused one (the team's 4 exports already open, the session ended)
// shows the reason in words on a page with a way back, where a download link left only a failed download.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { MAX_OPEN_EXPORTS } from '../../src/domain/signals/export-stream'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import {
  fitsWidth,
  launchBrowser,
  listenForBrowser,
  openPage,
  type ServicePage,
  screenshot,
  signIn,
  stopConsole,
} from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'
import { HOSTILE, hostileSignals, parseCsv } from '../support/exports'

const PASSWORD = 'correct horse battery'
// 3,000 signals of 4,000 characters: an export of over 12 MB, far past what the loopback socket buffers hold, so an
// export whose client reads nothing stays open (as in test/security/export-idle.test.ts).
const LONG_TEXT = 'a long post about choosing a CRM '.repeat(125).slice(0, 4000)
let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let ws: Workspace
let deps: Deps
let apiKey: string
let port: number

beforeAll(async () => {
  ws = createWorkspace()
  ;({ deps } = await testDeps({
    config: { database: { url: ws.dbUrl }, plans: { endless: { monthly_requests: 'unlimited' } } },
    // Held exports stay held for the whole test; their sockets are closed at its end.
    deps: { exportIdleMs: 60_000 },
    // The session cookie's expiry is the clock's: a browser drops a cookie that expired on its own clock.
    now: new Date().toISOString(),
  }))
  const seeded = await seedTeam(deps, { name: 'acme', plan: 'endless' })
  apiKey = seeded.apiKey
  const hostile = hostileSignals(seeded.team.id)
  await deps.repos.signals.insertMany(seeded.team.id, [
    ...hostile,
    ...Array.from({ length: 3000 }, (_, i) => ({
      ...hostile[10],
      id: `sig_bulk${i}`,
      postId: `bulk${String(i).padStart(5, '0')}`,
      intent: 'PAIN',
      contentFull: LONG_TEXT,
    })),
  ])
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  app = listenForBrowser(deps)
  port = Number(new URL(app.origin).port)
  browser = await launchBrowser()
})

afterAll(() => stopConsole({ browser, app, deps, ws }))

/** A signals export over the API on a bare socket that is never read from: it holds one of the team's places. */
function held(): Promise<Socket> {
  const socket = connect(port, '127.0.0.1')
  socket.write(
    `GET /api/v1/signals/export?format=jsonl HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nx-api-key: ${apiKey}\r\n\r\n`,
  )
  return new Promise((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => {
      socket.pause()
      const head = chunk.toString('latin1').split('\r\n')[0]
      if (head === 'HTTP/1.1 200 OK') resolve(socket)
      else reject(new Error(`a held export was answered ${head}`))
    })
  })
}

/** Waits until the team may export again (the held exports' places given back once their sockets closed). */
async function placesFree() {
  for (let i = 0; i < 200; i++) {
    const r = await fetch(`${app?.origin}/api/v1/signals/export?format=csv&intent=ACTIVE`, {
      headers: { 'x-api-key': apiKey },
    })
    await r.arrayBuffer()
    if (r.status === 200) return
    await Bun.sleep(100)
  }
  throw new Error('the held exports never gave their places back')
}

const exportButton = (page: Page) => page.getByRole('link', { name: 'Export CSV' })

for (const [label, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  describe(`Export CSV at ${viewport.width}×${viewport.height}`, () => {
    test('downloads the file; refused, it says why and leads back; signed out, it says so', async () => {
      const view: ServicePage = await openPage(browser, app?.origin as string, { viewport })
      const { page } = view
      const sockets: Socket[] = []
      try {
        await signIn(view, 'ann@acme.test', PASSWORD, '/#/signals?intent=ACTIVE')
        await page.locator('.count', { hasText: `of ${HOSTILE.length}` }).waitFor()

        // A normal export downloads the filtered signals, and the console page stays where it was.
        const [download] = await Promise.all([page.waitForEvent('download'), exportButton(page).click()])
        expect(download.suggestedFilename()).toMatch(/^signals-\d{4}-\d{2}-\d{2}\.csv$/)
        const [header, ...records] = parseCsv(readFileSync(await download.path(), 'utf8'))
        expect(header.slice(0, 5)).toEqual(['id', 'postId', 'platform', 'author', 'intent'])
        expect(records).toHaveLength(HOSTILE.length)
        for (const r of records) expect(r[4]).toBe('ACTIVE')
        expect(records.map((r) => r[0]).sort()).toEqual(HOSTILE.map((_, i) => `sig_h${String(i).padStart(2, '0')}`))
        await Bun.sleep(200)
        expect(new URL(page.url()).hash).toBe('#/signals?intent=ACTIVE')
        expect(await page.locator('.count').textContent()).toContain(`of ${HOSTILE.length}`)

        // With the team's 4 exports held open, the button says why there is no file.
        for (let i = 0; i < MAX_OPEN_EXPORTS; i++) sockets.push(await held())
        const downloads: string[] = []
        page.on('download', (d) => downloads.push(d.suggestedFilename()))
        const [answer] = await Promise.all([
          page.waitForResponse((r) => r.url().includes('/console/api/signals/export')),
          exportButton(page).click(),
        ])
        expect(answer.status()).toBe(429)
        expect(await answer.headerValue('retry-after')).toBe('10')
        await page.getByRole('heading', { name: 'Too many exports at once' }).waitFor()
        await page.getByText(`the team already has ${MAX_OPEN_EXPORTS} exports open`).waitFor()
        expect(downloads).toEqual([])
        expect(await fitsWidth(page)).toBe(true)
        await screenshot(page, `console-export-refused-${label}`)
        // Nothing the page's policy refused (a status other than 2xx is logged by Chromium as a failed load).
        expect(view.errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([])

        // The way back is the Signals page with the same filters.
        await page.getByRole('link', { name: 'Back to Signals' }).click()
        await page.locator('.count', { hasText: `of ${HOSTILE.length}` }).waitFor()
        expect(new URL(page.url()).hash).toBe('#/signals?intent=ACTIVE')

        for (const s of sockets.splice(0)) s.destroy()
        await placesFree()

        // Signed out elsewhere (the session ended): the button says so, and the way back signs in again.
        const ended = await page.evaluate(
          async () => (await fetch('/console/api/session', { method: 'DELETE' })).status,
        )
        expect(ended).toBeLessThan(300)
        const [signedOut] = await Promise.all([
          page.waitForResponse((r) => r.url().includes('/console/api/signals/export')),
          exportButton(page).click(),
        ])
        expect(signedOut.status()).toBe(401)
        await page.getByRole('heading', { name: 'You are signed out' }).waitFor()
        expect(downloads).toEqual([])
        expect(await fitsWidth(page)).toBe(true)
        await screenshot(page, `console-export-signed-out-${label}`)
        await page.getByRole('link', { name: 'Sign in again' }).click()
        await page.getByLabel('Password').waitFor()
      } finally {
        for (const s of sockets) s.destroy()
        await view.close()
      }
    }, 60_000)
  })
}
