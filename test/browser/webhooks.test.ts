// The console's Webhooks page as a person uses it: the real app on a real socket, Chromium, a receiver on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Browser } from 'playwright-core'
import type { Deps } from '../../src/deps'
import { createUser } from '../../src/domain/users/users'
import { createWorkspace, type Workspace } from '../cli/run-cli'
import {
  closeBrowser,
  fitsWidth,
  launchBrowser,
  listenForBrowser,
  navigateTo,
  openPage,
  screenshot,
  type ServicePage,
  type SignedIn,
  signedInState,
} from '../support/browser'
import { seedTeam, testDeps } from '../support/deps'
import { whenDrawn } from '../support/drawn'
import { fakeUpstream } from '../support/fake-upstream'
import { startSmtp } from '../support/smtp'
import { createEndpoint, listEndpoints, removeEndpoint, updateEndpoint } from '../../src/domain/webhooks/endpoints'
import { deliverDue, deliveryRows, endpointInput, signalRow, storeSignals, verified } from '../support/webhooks'

let browser: Browser
let app: ReturnType<typeof listenForBrowser> | undefined
let origin = ''
let ws: Workspace
let deps: Deps
let clock: Awaited<ReturnType<typeof testDeps>>['clock']
let teamId: string
let smtp: Awaited<ReturnType<typeof startSmtp>>
const receiver = fakeUpstream(() => new Response('ok'))
const PASSWORD = 'correct horse battery'
// Ann's cookies, signed in once through the form in beforeAll: each test's page opens signed in.
let ann: SignedIn

beforeAll(async () => {
  ws = createWorkspace()
  smtp = await startSmtp({ refuse: /^nobody@/ })
  ;({ deps, clock } = await testDeps({
    config: { database: { url: ws.dbUrl }, webhooks: { allow_private_targets: true }, email: smtp.emailConfig },
    now: new Date().toISOString(),
  }))
  teamId = (await seedTeam(deps, { name: 'acme' })).team.id
  await createUser(deps, { team: 'acme', email: 'ann@acme.test', role: 'owner', password: PASSWORD })
  app = listenForBrowser(deps)
  origin = app.origin
  browser = await launchBrowser()
  ann = await signedInState(browser, origin, 'ann@acme.test', PASSWORD)
})

afterAll(async () => {
  if (browser) await closeBrowser(browser)
  await app?.stop()
  receiver.stop()
  await smtp?.stop()
  deps?.database.client.close()
  ws?.cleanup()
})

describe('the Webhooks page', () => {
  test('a test the receiver refuses for good says it is not retried and shows the destination disabled', async () => {
    // Slack's answer for an archived channel disables the destination, with Slack's words and what to do
    // (docs/destinations.md#a-deleted-webhook).
    const archived = fakeUpstream(() => new Response('channel_is_archived', { status: 410 }))
    // Shown masked (docs/destinations.md#urls-are-shown-masked): the last segment is the permission to post.
    const url = `${archived.origin}/services/T0/B0/XyZ12abCDef34GhIJkl56mNo`
    const shown = `${archived.origin}/services/T0/B0/••••6mNo`
    const { endpoint } = await createEndpoint(deps, { teamId, input: endpointInput(url, { kind: 'slack' }) })
    const view = await openPage(browser, origin, { signedIn: ann })
    try {
      await view.goto('/')
      await navigateTo(view.page, 'Destinations')
      await view.page.getByRole('button', { name: `Test ${shown}` }).click()
      await view.page
        .getByText(
          `Test event not delivered to ${shown}: answered 410: channel_is_archived: the Slack channel of this webhook is archived and takes no messages; unarchive it in Slack and enable this destination again, or make a new webhook and give this destination its URL. It is not retried; the destination is disabled until it is enabled again.`,
        )
        .waitFor()
      await view.page
        .getByText('Disabled: answered 410: channel_is_archived: the Slack channel', { exact: false })
        .waitFor()
      expect(await view.page.content()).not.toContain('XyZ12abCDef34GhIJkl56mNo')
    } finally {
      await view.close()
      archived.stop()
      await removeEndpoint(deps, { teamId, id: endpoint.id })
    }
  })

  test('a test the receiver asks to wait for says it goes when the wait ends, not on a retry schedule', async () => {
    // Slack's answer over its limit: 429 with Retry-After (docs/destinations.md#rate-limits); no failure, a pause.
    const busy = fakeUpstream(() => new Response('rate_limited', { status: 429, headers: { 'retry-after': '30' } }))
    const url = `${busy.origin}/services/T0/B1/Ab12Cd34Ef56Gh78Ij90Kl12`
    const shown = `${busy.origin}/services/T0/B1/••••Kl12`
    const { endpoint } = await createEndpoint(deps, { teamId, input: endpointInput(url, { kind: 'slack' }) })
    const view = await openPage(browser, origin, { signedIn: ann })
    try {
      await view.goto('/')
      await navigateTo(view.page, 'Destinations')
      await view.page.getByRole('button', { name: `Test ${shown}` }).click()
      await view.page
        .getByText(
          `Test event not delivered to ${shown}: answered 429: rate limited by the receiver, waiting 30 s. It is sent when that wait ends.`,
        )
        .waitFor()
    } finally {
      await view.close()
      busy.stop()
      await removeEndpoint(deps, { teamId, id: endpoint.id })
    }
  })

  test('a test e-mail whose recipient the SMTP server refuses says it is not retried, the destination kept', async () => {
    // RFC 5321: a 550 is permanent (docs/destinations.md#e-mail); the address is the team's to correct.
    const to = 'nobody@acme.test'
    const { endpoint } = await createEndpoint(deps, {
      teamId,
      input: endpointInput('', { kind: 'email', url: null, to }),
    })
    const view = await openPage(browser, origin, { signedIn: ann })
    try {
      await view.goto('/')
      await navigateTo(view.page, 'Destinations')
      await view.page.getByRole('button', { name: `Test ${to}` }).click()
      const note = view.page.getByText(`Test event not delivered to ${to}: SMTP sender or recipient refused: 550`)
      await note.waitFor()
      expect(await note.textContent()).toEndWith('Recipient address rejected. It is not retried.')
      expect(await view.page.getByText('Disabled:').count()).toBe(0)
    } finally {
      await view.close()
      await removeEndpoint(deps, { teamId, id: endpoint.id })
    }
  })

  test('Replay of a delivery dropped meanwhile says so above the log, which is read again and stays', async () => {
    const own = fakeUpstream(() => new Response('ok'))
    const url = `${own.origin}/pruned`
    const { endpoint } = await createEndpoint(deps, { teamId, input: endpointInput(url) })
    await storeSignals(deps, [signalRow(teamId, { id: 'sig_pruned', postId: 'pruned' })])
    await deliverDue(deps)
    const view = await openPage(browser, origin, { signedIn: ann })
    try {
      await view.goto('/')
      await navigateTo(view.page, 'Destinations')
      await view.page.getByRole('button', { name: `Deliveries of ${url}` }).click()
      const log = view.page.getByRole('table', { name: 'Deliveries' })
      const replay = log.getByRole('button', { name: /^Replay / })
      await replay.waitFor()
      // Housekeeping drops finished deliveries past their retention while the log is open (docs/webhooks.md).
      await deps.repos.webhookDeliveries.dropFinishedBefore(new Date(Date.now() + 60_000).toISOString())
      await replay.click()
      expect(await view.page.getByRole('alert').textContent()).toMatch(
        new RegExp(`^webhook endpoint ${endpoint.id} has no delivery msg_\\S+$`),
      )
      // The log was replaced by the message for good, until Deliveries was closed and opened again.
      await view.page.getByText('No deliveries yet.').waitFor({ timeout: 5000 })
    } finally {
      await view.close()
      own.stop()
      await removeEndpoint(deps, { teamId, id: endpoint.id })
    }
  })

  /** Signed in, the delivery log of the destination at `url` opened: its Next attempt cells. */
  const nextAttempts = async (view: ServicePage, url: string) => {
    await view.goto('/')
    await navigateTo(view.page, 'Destinations')
    await view.page.getByRole('button', { name: `Deliveries of ${url}` }).click()
    const next = view.page.locator('table[aria-label="Deliveries"] td[data-label="Next attempt"]')
    await next.first().waitFor()
    return next.allTextContents()
  }

  test('the delivery log of a disabled destination says its pending deliveries are not tried while disabled', async () => {
    const down = fakeUpstream(() => new Response('', { status: 503 }))
    const url = `${down.origin}/disabled`
    const { endpoint } = await createEndpoint(deps, { teamId, input: endpointInput(url) })
    await storeSignals(deps, [signalRow(teamId, { id: 'sig_disabled', postId: 'disabled' })])
    await deliverDue(deps)
    await updateEndpoint(deps, { teamId, id: endpoint.id, change: { enabled: false } })
    const view = await openPage(browser, origin, { signedIn: ann })
    try {
      expect(await nextAttempts(view, url)).toEqual(['not while disabled'])
    } finally {
      await view.close()
      down.stop()
      await removeEndpoint(deps, { teamId, id: endpoint.id })
    }
  })

  // docs/webhooks.md#retries: a next attempt less than a minute away read "just now", as if it had been tried.
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])
    test(`the delivery log says when a next attempt comes, "in under a minute" too (${viewport.width} px)`, async () => {
      const busy = fakeUpstream(() => new Response('', { status: 503, headers: { 'retry-after': '40' } }))
      const url = `${busy.origin}/busy-${viewport.width}`
      const { endpoint } = await createEndpoint(deps, { teamId, input: endpointInput(url) })
      await storeSignals(deps, [
        signalRow(teamId, { id: `sig_busy_${viewport.width}`, postId: `busy${viewport.width}` }),
      ])
      // The server's clock and the browser's agree. The server's stood where this file began, and on a loaded host
      // (two cores, other suites beside) the tests before this one took longer than the receiver's 40 s: the next
      // attempt was already past by the browser's clock, "59 s ago" (failed 2 of 2 under load).
      clock.set(new Date())
      await deliverDue(deps)
      const view = await openPage(browser, origin, { viewport, signedIn: ann })
      try {
        expect(await nextAttempts(view, url)).toEqual(['in under a minute'])
        expect(await fitsWidth(view.page)).toBe(true)
      } finally {
        await view.close()
        busy.stop()
        await removeEndpoint(deps, { teamId, id: endpoint.id })
      }
    })

  test("a Discord destination another team's global 429 paused says so and why, naming no other destination", async () => {
    // docs/destinations.md#rate-limits: one fake Discord for both teams' webhooks; the other team's meets the global
    // limit, which pauses every Discord destination of the server, this team's too.
    const discord = fakeUpstream((req) =>
      req.url.pathname.startsWith('/api/webhooks/1/')
        ? Response.json({ message: 'You are being rate limited.', retry_after: 600, global: true }, { status: 429 })
        : new Response(null, { status: 204 }),
    )
    const other = await seedTeam(deps, { name: 'other' })
    const theirs = await createEndpoint(deps, {
      teamId: other.team.id,
      input: endpointInput(`${discord.origin}/api/webhooks/1/secret-token-one`, { kind: 'discord' }),
    })
    const url = `${discord.origin}/api/webhooks/2/tok2`
    // A token this short is masked whole (docs/destinations.md#urls-are-shown-masked).
    const shown = `${discord.origin}/api/webhooks/2/••••`
    const ours = await createEndpoint(deps, { teamId, input: endpointInput(url, { kind: 'discord' }) })
    const view = await openPage(browser, origin, { viewport: { width: 390, height: 844 }, signedIn: ann })
    try {
      await storeSignals(deps, [signalRow(other.team.id)])
      await deliverDue(deps)
      expect(discord.received).toHaveLength(1)
      await view.goto('/')
      await navigateTo(view.page, 'Destinations')
      const card = view.page.getByRole('listitem').filter({ has: view.page.getByRole('heading', { name: shown }) })
      await card
        .getByText(/^Paused, sending again in (9|10) min: Discord limited this server's requests as a whole$/)
        .waitFor()
      const text = String(await card.textContent())
      expect(text).not.toContain(theirs.endpoint.id)
      expect(text).not.toContain('secret-token-one')
      expect(await fitsWidth(view.page)).toBe(true)
      await screenshot(view.page, 'console-destination-paused-390')
      await view.page.setViewportSize({ width: 1280, height: 800 })
      await screenshot(view.page, 'console-destination-paused')
    } finally {
      await view.close()
      await removeEndpoint(deps, { teamId, id: ours.endpoint.id })
      await removeEndpoint(deps, { teamId: other.team.id, id: theirs.endpoint.id })
      discord.stop()
    }
  })

  test('a pause shows when the page comes back to the front, and leaves when it ends, without a reload', async () => {
    // docs/console.md#webhooks: a pause starts by the worker's doing (another team's Discord 429 reaches this team's
    // destinations too) and ends by itself; the page says so without a reload.
    const url = `${receiver.origin}/paused`
    const { endpoint } = await createEndpoint(deps, { teamId, input: endpointInput(url) })
    const view = await openPage(browser, origin, { signedIn: ann })
    try {
      await view.goto('/')
      await navigateTo(view.page, 'Destinations')
      const card = view.page.getByRole('listitem').filter({ has: view.page.getByRole('heading', { name: url }) })
      await card.getByText('Enabled', { exact: true }).waitFor()
      // The server's clock and the browser's agree; the receiver asks for 3 s.
      clock.set(new Date())
      const until = Date.now() + 3000
      await deps.repos.webhookEndpoints.pauseUntil(endpoint.id, until, 'rate limited by the receiver (answered 429)')
      await view.page.evaluate("dispatchEvent(new Event('focus'))")
      const line = card.getByText(/^Paused, sending again in under a minute: rate limited by the receiver/)
      await line.waitFor({ timeout: 5000 })
      clock.set(new Date(until + 1000))
      await line.waitFor({ state: 'detached', timeout: 10_000 })
      expect(view.errors.filter((e) => !e.includes('status of 401'))).toEqual([])
    } finally {
      await view.close()
      await removeEndpoint(deps, { teamId, id: endpoint.id })
    }
  })

  // On a phone, below a list of others, what was added, the secret shown only this once and the next step come into
  // view: they were written at the top of the page, 400 px out of sight of the form, which was left as if nothing had
  // happened.
  test('a destination added on a phone: the new webhook’s secret and the next step are in view, as is a Slack one’s', async () => {
    for (const name of ['crm', 'chat', 'sheet'])
      await createEndpoint(deps, { teamId, input: endpointInput(`${receiver.origin}/${name}`) })
    const phone = { width: 390, height: 844 }
    const view = await openPage(browser, origin, { viewport: phone, signedIn: ann })
    const page = view.page
    const inView = async (text: string) => {
      const box = await page.getByText(text, { exact: false }).first().boundingBox()
      return box !== null && box.y >= 0 && box.y + box.height <= phone.height
    }
    try {
      await view.goto('/')
      await navigateTo(page, 'Destinations')
      await page.getByRole('heading', { name: `${receiver.origin}/sheet` }).waitFor()
      await page.getByLabel('URL').fill(`${receiver.origin}/new`)
      // In the frame the note is drawn it already holds the keyboard, and so is in view: not a paint later.
      const drawn = await whenDrawn(page, '[role=status]', `Added ${receiver.origin}/new`)
      await page.getByRole('button', { name: 'Add destination' }).click()
      const added = page.getByText(`Added ${receiver.origin}/new: Test sends it a test event now;`, { exact: false })
      await added.waitFor()
      const atDraw = await drawn()
      expect(atDraw.focused).toStartWith(`DIV Added ${receiver.origin}/new`)
      expect(atDraw.inView).toBe(true)
      expect(await added.textContent()).toContain('new signals go to it as polling passes and streams find them.')
      expect(await inView(`Added ${receiver.origin}/new`)).toBe(true)
      const secret = page.getByLabel('Signing secret')
      expect(await secret.inputValue()).toStartWith('whsec_')
      const box = await secret.boundingBox()
      expect(box !== null && box.y >= 0 && box.y + box.height <= phone.height).toBe(true)
      await screenshot(page, 'console-destination-added-phone')

      // A Slack destination has no secret, but says what was added and what comes next, where it can be read.
      await page.getByLabel('Kind').selectOption({ label: 'Slack incoming webhook' })
      await page.getByLabel('URL').fill(`${receiver.origin}/services/T0/B0/XyZ12abCDef34GhIJkl56mNo`)
      await page.getByRole('button', { name: 'Add destination' }).click()
      const shown = `Added ${receiver.origin}/services/T0/B0/••••6mNo: Test sends it a test event now;`
      await page.getByText(shown, { exact: false }).waitFor()
      expect(await inView(shown)).toBe(true)
      expect(await page.getByLabel('Signing secret').count()).toBe(0)
      expect(view.errors.filter((e) => !e.includes('status of 401'))).toEqual([])
    } finally {
      await view.close()
      for (const e of await listEndpoints(deps, { teamId })) await removeEndpoint(deps, { teamId, id: e.id })
    }
  })

  test('add an endpoint (the secret shown once), test it, see its deliveries, replay one, disable it, remove it', async () => {
    const view = await openPage(browser, origin, { signedIn: ann })
    const page = view.page
    try {
      await view.goto('/')
      await navigateTo(page, 'Destinations')
      await page.getByText('No destinations yet').waitFor()

      const url = `${receiver.origin}/hook`
      await page.getByLabel('URL').fill(url)
      await page.getByLabel('Minimum score').fill('7')
      await page.getByLabel('Intents').fill('active, competitor')
      await page.getByRole('button', { name: 'Add destination' }).click()
      const secret = await page.getByLabel('Signing secret').inputValue()
      expect(secret).toStartWith('whsec_')
      await page.getByRole('heading', { name: url }).waitFor()
      await page.getByText('score ≥ 7 · intents ACTIVE, COMPETITOR').waitFor()

      await page.getByRole('button', { name: `Test ${url}` }).click()
      await page.getByText(`Test event delivered to ${url}: answered 200.`).waitFor()
      expect(verified(secret, receiver.received[0])).toMatchObject({ type: 'webhook.test' })

      // A new signal delivered by the worker shows in the log; a replay sends it again.
      await storeSignals(deps, [signalRow(teamId)])
      await deliverDue(deps)
      await page.getByRole('button', { name: `Deliveries of ${url}` }).click()
      const rows = page.getByRole('table', { name: 'Deliveries' }).locator('tbody tr')
      await rows.nth(1).waitFor()
      expect(await rows.count()).toBe(2)
      // On a laptop's 1024 px, where the columns no longer fit side by side, the id, event and status stay whole
      // words ("succeeded", not "succeede / d").
      await page.setViewportSize({ width: 1024, height: 800 })
      // Counted in the page (a string, as the other browser tests do: the test code has no DOM types): the distinct
      // line tops of each Id, Event and Status cell's text.
      const lines = (await page.evaluate(`[...document.querySelectorAll(
        ['Id', 'Event', 'Status'].map((c) => 'table[aria-label="Deliveries"] td[data-label="' + c + '"]').join(', '),
      )].map((td) => {
        const range = document.createRange()
        range.selectNodeContents(td)
        return { text: td.textContent, lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size }
      })`)) as { text: string; lines: number }[]
      expect(lines.length).toBe(6)
      for (const l of lines) expect(l).toEqual({ text: l.text, lines: 1 })
      // Nor is a heading cut inside a word ("Attempt / s", inherited from the card that wraps long URLs anywhere): a
      // heading has at most a line per word.
      const heads = (await page.evaluate(`[...document.querySelectorAll('table[aria-label="Deliveries"] th')]
        .filter((th) => th.textContent.trim() !== '' && !th.querySelector('.visually-hidden'))
        .map((th) => {
          const range = document.createRange()
          range.selectNodeContents(th)
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size
          return { text: th.textContent, cut: lines > th.textContent.trim().split(' ').length }
        })`)) as { text: string; cut: boolean }[]
      expect(heads.length).toBe(7)
      for (const h of heads) expect(h).toEqual({ text: h.text, cut: false })
      // Whole headings take no more room than the page has.
      expect(await fitsWidth(page)).toBe(true)
      await page.setViewportSize({ width: 1280, height: 800 })
      await screenshot(page, 'console-webhooks')
      const signalDelivery = (await deliveryRows(deps)).find((d) => d.signal_id !== null)
      await page.getByRole('button', { name: `Replay ${signalDelivery?.id}` }).click()
      await page
        .locator('tbody tr', { hasText: String(signalDelivery?.id) })
        .getByText('pending')
        .waitFor()
      await deliverDue(deps)
      expect(receiver.received.filter((q) => q.headers.get('webhook-id') === signalDelivery?.id)).toHaveLength(2)
      // A Test pressed with the log open shows in the log: it said "Test event delivered" above a log without it.
      await page.getByRole('button', { name: `Test ${url}` }).click()
      await rows.nth(2).waitFor({ timeout: 5000 })
      expect(await rows.count()).toBe(3)
      expect(await rows.first().textContent()).toContain('webhook.test')

      await page.getByRole('button', { name: `Disable ${url}` }).click()
      await page.getByText('Disabled', { exact: true }).waitFor()
      expect(await page.getByRole('button', { name: `Test ${url}` }).isDisabled()).toBe(true)
      await page.getByRole('button', { name: `Remove ${url}` }).click()
      await page.getByRole('button', { name: 'Yes, remove' }).click()
      await page.getByText('No destinations yet').waitFor()
      expect(view.foreignRequests).toEqual([])
      expect(view.errors.filter((e) => !e.includes('status of 401'))).toEqual([])
    } finally {
      await view.close()
    }
  })
})
