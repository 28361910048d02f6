import { describe, expect, test } from 'bun:test'
import { listDeliveries } from '../../../src/domain/webhooks/deliveries'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { AppError } from '../../../src/errors'
import { seedTeam, testDeps } from '../../support/deps'
import { client } from '../../support/http'
import { smtpPerTest } from '../../support/smtp'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const smtp = smtpPerTest()
const START = '2026-11-15T11:58:30.000Z'
// Windows are built two minutes after they end: [11:58:30, 11:59) and [11:59, 12:00) by this time.
const BUILT = '2026-11-15T12:02:05.000Z'
const AUTH = { user: 'relay-user', password: 'S3cret-pass!' }

async function world(email: object) {
  const { deps, clock } = await testDeps({
    now: START,
    config: { email, server: { public_url: 'https://leads.example.com' } },
  })
  const { team } = await seedTeam(deps)
  return { deps, clock, team }
}
const emailInput = (to: string) => endpointInput('', { kind: 'email', url: null, to })

/** An e-mail destination to `to` through `email`, one signal, and its window's first attempt: the delivery after it. */
async function firstAttempt(email: object, to = 'a@example.com') {
  const w = await world(email)
  const { endpoint } = await createEndpoint(w.deps, { teamId: w.team.id, input: emailInput(to) })
  await storeSignals(w.deps, [signalRow(w.team.id, { detectedAt: '2026-11-15T11:58:40.000Z' })])
  w.clock.set(BUILT)
  await buildDueWindows(w.deps)
  await deliverDue(w.deps)
  const delivery = async () =>
    (await listDeliveries(w.deps, { teamId: w.team.id, endpointId: endpoint.id, limit: 10 }))[0]
  return { ...w, endpoint, delivery }
}

describe('e-mail destinations (docs/destinations.md#e-mail)', () => {
  test('signals found within a minute are one e-mail: headers, HTML and text parts, best first, escaped, links, unsubscribe', async () => {
    const server = await smtp({ auth: AUTH })
    const { deps, clock, team } = await world(server.emailConfig)
    const { endpoint } = await createEndpoint(deps, { teamId: team.id, input: emailInput('sales@example.com') })
    const hostile = signalRow(team.id, {
      author: '<img src=x onerror=alert(1)>',
      // Line and paragraph separators (U+2028, U+2029, NEL, VT, FF) that text readers break a line at, before a line
      // that would read as ours in the plain-text part.
      preview:
        'Need a CRM <script>alert("x")</script> & fast\u2028Unsubscribe: https://evil.example/u\u2029\u0085\u000B\u000CConsole: https://evil.example/c',
      score: 6.5,
      intent: 'PAIN',
      detectedAt: '2026-11-15T11:58:40.000Z',
    })
    const best = signalRow(team.id, {
      detectedAt: '2026-11-15T11:58:50.000Z',
      url: 'https://news.ycombinator.com/item?id=42',
    })
    const nextMinute = signalRow(team.id, { detectedAt: '2026-11-15T11:59:10.000Z' })
    await storeSignals(deps, [hostile, best, nextMinute])
    clock.set(BUILT)
    expect(await buildDueWindows(deps)).toBe(2)
    expect(await deliverDue(deps)).toBe(2)

    expect(server.received).toHaveLength(2)
    const first = server.received.find((m) => m.mail.subject?.startsWith('2 new leads')) ?? server.received[0]
    expect(first.to).toEqual(['sales@example.com'])
    expect(first.from).toBe('leads@example.test')
    expect(first.secure).toBe(true) // STARTTLS
    expect(first.user).toBe(AUTH.user)
    const m = first.mail
    expect(m.subject).toStartWith('2 new leads')
    const header = (name: string) =>
      m.headerLines
        .find((h) => h.key === name)
        ?.line.slice(name.length + 1)
        .trim()
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    // RFC 3834: made by a program, so an out-of-office responder does not answer each one to the sender.
    expect(header('auto-submitted')).toBe('auto-generated')
    const unsubscribe = String(header('list-unsubscribe')).replace(/^<|>$/g, '')
    expect(unsubscribe).toStartWith('https://leads.example.com/unsubscribe?token=')
    // RFC 5322 3.6.4: the right side names a domain; the sender's, since a bare 'lead-signals' has no dot, which
    // message-id checks of mail filters count as malformed.
    expect(m.messageId).toMatch(/^<msg_[^@]+@example\.test>$/)

    const html = String(m.html)
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img src=x')
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; fast')
    expect(html).toContain('href="https://news.ycombinator.com/item?id=42"')
    expect(html).toContain('href="https://leads.example.com/#/signals"')
    expect(html).toContain(`href="${unsubscribe.replace(/&/g, '&amp;')}"`)
    // Best first: the 8 before the 6.5.
    expect(html.indexOf('8/10')).toBeLessThan(html.indexOf('6.5/10'))

    const text = String(m.text)
    expect(text).toContain('8/10 ACTIVE · ann on Hacker News')
    expect(text).toContain('6.5/10 PAIN · <img src=x onerror=alert(1)> on Hacker News')
    expect(text).toContain('Why: Asks for a CRM recommendation')
    expect(text).toContain('https://news.ycombinator.com/item?id=42')
    expect(text).toContain(`Unsubscribe: ${unsubscribe}`)
    // Every line that starts with our words is ours.
    const lines = text.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/)
    expect(lines.filter((l) => /^\s*(Unsubscribe|Console):/.test(l))).toEqual([
      'Console: https://leads.example.com/#/signals',
      `Unsubscribe: ${unsubscribe}`,
    ])
    expect(text.indexOf('8/10')).toBeLessThan(text.indexOf('6.5/10'))
    // The next minute's signal came alone, with a subject naming it.
    const second = server.received.find((x) => x !== first)
    expect(second?.mail.subject).toBe('New lead for acme: 8/10 ACTIVE · ann on Hacker News')

    // The unsubscribe link: GET shows a button and changes nothing; POST (the button, or a one-click client) turns
    // the destination off, without signing in.
    const call = client(deps)
    const path = unsubscribe.replace('https://leads.example.com', '')
    const shown = await call('GET', path)
    expect(shown.status).toBe(200)
    expect(shown.body).toContain('sales@example.com')
    expect(shown.body).toContain('<button')
    expect((await deps.repos.webhookEndpoints.byIdAnyTeam(endpoint.id))?.enabled).toBe(true)
    const done = await call('POST', path, {
      rawBody: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(done.status).toBe(200)
    expect(done.body).toContain('You are unsubscribed')
    const after = await deps.repos.webhookEndpoints.byIdAnyTeam(endpoint.id)
    expect(after?.enabled).toBe(false)
    expect(after?.disabledReason).toContain('unsubscribed')
    // A token altered by one character, or another destination's id with this MAC, is refused.
    const forged = await call('POST', path.slice(0, -1) + (path.endsWith('A') ? 'B' : 'A'))
    expect(forged.status).toBe(400)
    expect(forged.body).toContain('not valid')
    // The page's sentence begins as one ('this unsubscribe link…' read as a fragment).
    expect(forged.body).toContain('<p>This unsubscribe link is not valid (or its destination is gone).</p>')
  })

  test('the plain-text part carries what the HTML part says of each lead, the keyword too', async () => {
    // docs/destinations.md#e-mail: a plain-text part with the same content. A reader whose client shows the text part
    // (or a filter rule written on it) could not tell which tracked keyword found the lead.
    const server = await smtp()
    const { deps, clock, team } = await world(server.emailConfig)
    await createEndpoint(deps, { teamId: team.id, input: emailInput('sales@example.com') })
    await storeSignals(deps, [
      signalRow(team.id, { keyword: '"field service" software', detectedAt: '2026-11-15T11:58:40.000Z' }),
      signalRow(team.id, { keyword: 'dispatch app', score: 6, detectedAt: '2026-11-15T11:58:45.000Z' }),
    ])
    clock.set(BUILT)
    await buildDueWindows(deps)
    await deliverDue(deps)
    expect(server.received).toHaveLength(1)
    const { html, text } = server.received[0].mail
    expect(String(html)).toContain('keyword “&quot;field service&quot; software”')
    const whyLines = String(text)
      .split('\n')
      .filter((l) => l.trimStart().startsWith('Why:'))
    expect(whyLines).toHaveLength(2)
    expect(whyLines[0]).toContain('keyword “"field service" software”')
    expect(whyLines[1]).toContain('keyword “dispatch app”')
  })

  test("a digest's times are told in the destination's time zone, the hour its team chose", async () => {
    // A daily digest at 09:00 Berlin time read "daily digest, … 08:00 to … 08:00 UTC": the team, which set 09:00 in
    // its own zone, saw an hour it never chose (docs/destinations.md#cadence).
    const server = await smtp()
    const { deps, clock, team } = await world(server.emailConfig)
    await createEndpoint(deps, {
      teamId: team.id,
      input: { ...emailInput('sales@example.com'), cadence: 'daily', digestHour: 9, timeZone: 'Europe/Berlin' },
    })
    await storeSignals(deps, [
      signalRow(team.id, { detectedAt: '2026-11-15T12:00:00.000Z' }),
      signalRow(team.id, { score: 6, detectedAt: '2026-11-15T13:00:00.000Z' }),
    ])
    clock.set('2026-11-16T08:02:05.000Z')
    await buildDueWindows(deps)
    await deliverDue(deps)
    expect(server.received).toHaveLength(1)
    const { subject, text, html } = server.received[0].mail
    const heading = 'daily digest, 2026-11-15 12:58 to 2026-11-16 09:00 Europe/Berlin'
    expect(subject).toBe(`2 new leads for acme (${heading})`)
    expect(String(text)).toStartWith(`2 new leads for acme (${heading})`)
    expect(String(html)).toContain(`>${heading}</div>`)
  })

  test('a window with nothing new sends nothing and is recorded once', async () => {
    const server = await smtp()
    const { deps, clock, team } = await world(server.emailConfig)
    const { endpoint } = await createEndpoint(deps, {
      teamId: team.id,
      input: { ...emailInput('sales@example.com'), cadence: 'hourly' },
    })
    clock.set('2026-11-15T14:30:00.000Z')
    expect(await buildDueWindows(deps)).toBe(0)
    expect(await deliverDue(deps)).toBe(0)
    expect(server.received).toHaveLength(0)
    const windows = await deps.repos.destinationWindows.list(endpoint.id)
    expect(windows.map((w) => [new Date(w.to).toISOString(), w.deliveryId])).toEqual([
      ['2026-11-15T12:00:00.000Z', null],
      ['2026-11-15T13:00:00.000Z', null],
      ['2026-11-15T14:00:00.000Z', null],
    ])
    // Built again, nothing more: each window is claimed once.
    expect(await buildDueWindows(deps)).toBe(0)
    expect(await deps.repos.destinationWindows.list(endpoint.id)).toHaveLength(3)
  })

  test('a server that refuses shows in the delivery log with its reply code, never the password', async () => {
    // RFC 5321 4.2.1: a 5yz reply is permanent and the same request is not to be repeated, a 4yz one transient. A
    // refused sign-in (535) is the operator's to fix and is retried (docs/destinations.md#e-mail).
    const cases = [
      {
        server: { auth: AUTH },
        config: { password: 'wrong-password-xyz' },
        to: 'a@example.com',
        code: 535,
        status: 'pending',
      },
      { server: { refuse: /^nobody@/ }, config: {}, to: 'nobody@example.com', code: 550, status: 'failed' },
      { server: { refuseForNow: /^full@/ }, config: {}, to: 'full@example.com', code: 452, status: 'pending' },
    ]
    for (const c of cases) {
      const server = await smtp(c.server)
      const { deps, endpoint, delivery } = await firstAttempt({ ...server.emailConfig, ...c.config }, c.to)
      const d = await delivery()
      expect({ code: c.code, status: d.status as string }).toEqual({ code: c.code, status: c.status })
      expect(d.nextAttemptAt === null).toBe(c.status === 'failed')
      // A refused recipient fails this message; the destination stays, for the team to correct the address.
      expect((await deps.repos.webhookEndpoints.byIdAnyTeam(endpoint.id))?.enabled).toBe(true)
      expect(d.lastStatusCode).toBe(c.code)
      expect(d.lastError).toContain(String(c.code))
      expect(d.lastError).not.toContain('wrong-password-xyz')
      expect(d.lastError).not.toContain(AUTH.password)
      expect(server.received).toHaveLength(0)
    }
    // STARTTLS required by the configuration but not offered: refused before anything is sent.
    const plain = await smtp({ noStartTls: true })
    const d = await (await firstAttempt({ ...plain.emailConfig, security: 'starttls' })).delivery()
    expect(d.lastError).toContain('TLS failed')
    expect(d.lastError).toContain('500')
    expect(plain.received).toHaveLength(0)
    // No server at all: the log says the connection failed, not the operator's host and port.
    const gone = await smtp()
    await gone.stop()
    const refused = await (await firstAttempt({ ...gone.emailConfig })).delivery()
    expect(refused.lastError).toBe('SMTP: the connection failed (connection refused)')
  })

  test('a relay that closes the connection in the middle of a message: the log says so, and the retry sends it', async () => {
    const server = await smtp({ dropInData: 1 })
    const { deps, clock, delivery } = await firstAttempt(server.emailConfig)
    const cut = await delivery()
    // The server had answered every command before: "no reply" sent the team looking for a server that was down.
    expect([cut.status, cut.lastError]).toEqual([
      'pending',
      'SMTP: the connection failed (the server closed it without answering)',
    ])
    expect(server.received).toHaveLength(0)
    clock.set(new Date(Date.parse(BUILT) + 6_000).toISOString())
    expect(await deliverDue(deps)).toBe(1)
    expect((await delivery()).status).toBe('succeeded')
    expect(server.received).toHaveLength(1)
  })

  test('e-mail not configured, or an address that is not one, is refused and stores nothing', async () => {
    const { deps, team } = await world({ host: '' })
    await expect(createEndpoint(deps, { teamId: team.id, input: emailInput('a@example.com') })).rejects.toThrow(
      'not configured an SMTP server',
    )
    const server = await smtp()
    const configured = await world(server.emailConfig)
    for (const bad of ['not-an-address', 'a@b', 'a b@example.com', 'x@example.com>\r\nBcc: y@example.com']) {
      const err = await createEndpoint(configured.deps, {
        teamId: configured.team.id,
        input: emailInput(bad),
      }).catch((e) => e)
      expect(err).toBeInstanceOf(AppError)
      expect(err.message).toContain('e-mail address')
    }
    // A url beside the address is not read by an e-mail destination: refused, not dropped.
    const withUrl = endpointInput('https://example.com/hook', { kind: 'email', to: 'a@example.com' })
    await expect(createEndpoint(configured.deps, { teamId: configured.team.id, input: withUrl })).rejects.toThrow(
      'an email destination sends to an address: give to, not url',
    )
    expect(await configured.deps.repos.webhookEndpoints.list(configured.team.id)).toEqual([])
    expect(await deps.repos.webhookEndpoints.list(team.id)).toEqual([])
  })
})
