import { describe, expect, test } from 'bun:test'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { sendTestEvent } from '../../../src/domain/webhooks/deliveries'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { checkedAnswer, discordProblems, slackProblems, teamsProblems } from '../../support/chat-receivers'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest } from '../../support/fake-upstream'
import { client } from '../../support/http'
import { deliverDue, deliveryRows, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()
const DISCORD_PATH = '/api/webhooks/1234567890/tok-EN_abc'
const TEAMS_PATH = '/workflows/5f0c2a/triggers/manual/paths/invoke'

async function world() {
  const { deps, clock } = await testDeps({
    now: '2026-11-15T11:58:30.000Z',
    config: { webhooks: { allow_private_targets: true }, server: { public_url: 'https://leads.example.com' } },
  })
  const { team, apiKey } = await seedTeam(deps)
  return { deps, clock, team, apiKey }
}
const hostile = (teamId: string) =>
  signalRow(teamId, {
    // A long name of markup characters, which Discord's escaping doubles, and a person: every part of an embed counts.
    author: `@everyone ${'<*_>'.repeat(40)}`,
    personId: 'per_0123456789abcdef01234567',
    preview: `**urgent** [click](javascript:alert(1)) <@123> ${'x'.repeat(400)}`,
    reason: 'r'.repeat(2000),
    detectedAt: '2026-11-15T11:58:40.000Z',
  })

/** What Discord or Teams reads as Markdown: all of Discord's message, the TextBlocks of a Teams card (not TextRuns). */
function markdownOf(kind: 'discord' | 'teams', body: any): string {
  if (kind === 'discord') return JSON.stringify(body)
  const texts = (items: any[]): string[] =>
    items.flatMap((el) => (el.type === 'TextBlock' ? [el.text] : el.type === 'Container' ? texts(el.items) : []))
  return JSON.stringify(texts(body.attachments[0].content.body))
}

describe('Discord and Teams destinations (docs/destinations.md#discord, #teams)', () => {
  for (const kind of ['discord', 'teams'] as const) {
    test(`${kind}: each signal in the documented format, a digest of many within the limits, a test message`, async () => {
      const { deps, clock, team } = await world()
      const r = receiver((req) => checkedAnswer(kind, req.body))
      const url = `${r.origin}${kind === 'discord' ? DISCORD_PATH : TEAMS_PATH}?api-version=1`
      await createEndpoint(deps, { teamId: team.id, input: endpointInput(url, { kind }) })
      const daily = await createEndpoint(deps, {
        teamId: team.id,
        input: endpointInput(url, { kind, cadence: 'daily', digestHour: 13 }),
      })
      // Each as long as a lead gets, so that a digest's ten embeds come to Discord's 6,000 characters if any can.
      const many = Array.from({ length: 14 }, (_, i) => ({
        ...hostile(team.id),
        score: 5 + (i % 5),
        detectedAt: '2026-11-15T12:00:00.000Z',
      }))
      await storeSignals(deps, [hostile(team.id), ...many])
      expect(await deliverDue(deps)).toBe(15)
      clock.set('2026-11-15T13:03:00.000Z')
      expect(await buildDueWindows(deps)).toBe(1)
      expect(await deliverDue(deps)).toBe(1)
      const tested = await sendTestEvent(deps, { teamId: team.id, endpointId: daily.endpoint.id })
      expect(tested.status).toBe('succeeded')

      expect(r.received).toHaveLength(17)
      for (const req of r.received) {
        expect(req.url.pathname).toBe(kind === 'discord' ? DISCORD_PATH : TEAMS_PATH)
        expect(
          kind === 'discord' ? discordProblems(JSON.parse(req.body)) : teamsProblems(JSON.parse(req.body)),
        ).toEqual([])
      }
      expect((await deliveryRows(deps)).every((d) => d.status === 'succeeded')).toBe(true)
      const bodies = r.received.map((req) => JSON.parse(req.body))
      const hostileBody = markdownOf(
        kind,
        bodies.find((b) => JSON.stringify(b).includes('everyone')),
      )
      // Post text is shown as typed: no live markdown link, no mention.
      expect(hostileBody).not.toContain('[click](javascript')
      expect(hostileBody).not.toContain('javascript:alert(1))')
      const digest = bodies[15]
      if (kind === 'discord') {
        expect(digest.embeds).toHaveLength(10)
        expect(digest.content).toContain(
          '15 new leads (daily digest, 2026-11-15 11:58 to 2026-11-15 13:00 UTC; 5 more in the console)',
        )
        expect(digest.allowed_mentions).toEqual({ parse: [] })
        expect(digest.embeds[0].title).toStartWith('9/10 ACTIVE')
      } else {
        const card = digest.attachments[0].content
        expect(card.body[0].inlines[0].text).toBe('15 new leads')
        expect(card.body.filter((b: any) => b.type === 'Container')).toHaveLength(10)
        expect(card.actions[0].url).toBe('https://leads.example.com/#/signals')
      }
    })
  }

  test("teams: a post's text is shown as typed, in TextRuns that Teams does not read as Markdown, without backslashes", async () => {
    const { deps, team } = await world()
    const r = receiver((req) => checkedAnswer('teams', req.body))
    await createEndpoint(deps, { teamId: team.id, input: endpointInput(`${r.origin}${TEAMS_PATH}`, { kind: 'teams' }) })
    const typed = {
      author: 'ann_smith *vip*',
      preview: '**urgent** [click](https://evil.example) # 1-2 <b>',
      reason: 'asks for a CRM_v2 (see *docs*)',
    }
    await storeSignals(deps, [signalRow(team.id, { ...typed, score: 8 })])
    expect(await deliverDue(deps)).toBe(1)
    const card = JSON.parse(r.received[0].body).attachments[0].content
    const lead = card.body.find((b: any) => b.type === 'Container')
    // Adaptive Cards: a TextBlock's text is Markdown, a TextRun's is not (the TextRun schema).
    const markdown = lead.items.filter((b: any) => b.type === 'TextBlock').map((b: any) => b.text)
    const runs = lead.items
      .filter((b: any) => b.type === 'RichTextBlock')
      .flatMap((b: any) => b.inlines.map((i: any) => i.text))
    for (const text of Object.values(typed)) {
      expect(runs.some((t: string) => t.includes(text))).toBe(true)
      expect(markdown.some((t: string) => t.includes(text))).toBe(false)
    }
    expect(runs.join('')).not.toContain('\\')
  })

  test('teams: a digest of ten leads written to be as large as a lead gets is posted under 28 KB', async () => {
    const { deps, clock, team } = await world()
    const r = receiver((req) => checkedAnswer('teams', req.body))
    await createEndpoint(deps, {
      teamId: team.id,
      input: endpointInput(`${r.origin}${TEAMS_PATH}`, { kind: 'teams', cadence: 'hourly' }),
    })
    // Characters of three bytes of UTF-8, and Markdown's marks; a scorer's reason is at
    // most 500 characters (scorers/reply.ts), a post's preview 300, a name is cut at 100.
    const big = (i: number) =>
      signalRow(team.id, {
        author: '*_'.repeat(100),
        preview: `${'見積'.repeat(75)}${'[]'.repeat(75)}`,
        reason: `${'*'.repeat(250)}${'価格'.repeat(125)}`,
        score: 5 + (i % 5),
        detectedAt: '2026-11-15T11:59:00.000Z',
      })
    await storeSignals(
      deps,
      Array.from({ length: 12 }, (_, i) => big(i)),
    )
    clock.set('2026-11-15T12:02:30.000Z')
    expect(await buildDueWindows(deps)).toBe(1)
    expect(await deliverDue(deps)).toBe(1)
    expect((await deliveryRows(deps)).map((d) => [d.status, d.last_status_code])).toEqual([['succeeded', 202]])
    const card = JSON.parse(r.received[0].body).attachments[0].content
    const shown = card.body.filter((b: any) => b.type === 'Container').length
    expect(shown).toBeGreaterThanOrEqual(8)
    expect(card.body.at(-1).text).toBe(`${12 - shown} more in the console`)
  })

  test('slack: a digest is one message, a section a lead and its reason, post text as plain_text', async () => {
    const { deps, clock, team } = await world()
    const r = receiver(() => new Response('ok'))
    await createEndpoint(deps, {
      teamId: team.id,
      input: endpointInput(`${r.origin}/services/T0/B0/x`, { kind: 'slack', cadence: 'hourly' }),
    })
    const sly = signalRow(team.id, {
      author: '<!channel>',
      preview: 'see <https://evil.example|your bank> & pay',
      url: 'javascript:alert(1)',
      detectedAt: '2026-11-15T11:59:00.000Z',
    })
    await storeSignals(deps, [sly, signalRow(team.id, { score: 9, detectedAt: '2026-11-15T11:59:30.000Z' })])
    clock.set('2026-11-15T12:02:30.000Z')
    expect(await buildDueWindows(deps)).toBe(1)
    expect(await deliverDue(deps)).toBe(1)
    const body = JSON.parse(r.received[0].body)
    expect(body.text).toStartWith('2 new leads (hourly digest')
    expect(slackProblems(body)).toEqual([])
    const sections = body.blocks.filter((b: any) => b.type === 'section')
    const lines = sections.map((b: any) => b.text.text)
    expect(lines[1]).toStartWith('9/10 ACTIVE · ann on Hacker News\n') // best first
    expect(body.blocks[2].type).toBe('context') // its reason
    // plain_text, which Slack neither formats nor parses for mentions and links: as typed.
    expect(sections[2].text.type).toBe('plain_text')
    expect(lines[2]).toContain('<!channel>')
    expect(lines[2]).toContain('see <https://evil.example|your bank> & pay')
    // Only an http(s) post link becomes the lead's button.
    expect(sections[1].accessory.url).toStartWith('https://')
    expect(sections[2].accessory).toBeUndefined()
    expect(JSON.stringify(body)).not.toContain('javascript:')
  })

  test('a URL whose path is not of the kind is refused with a clear message and nothing is stored', async () => {
    const { deps, apiKey } = await world()
    const call = client(deps)
    // Each names the field to change (docs/api.md#error-shape): e-mail unavailable on this server is the kind's.
    const cases: [object, string, string][] = [
      [{ kind: 'discord', url: 'https://discord.com/api/channels/1/messages' }, '/api/webhooks/{id}/{token}', 'url'],
      [{ kind: 'discord', url: 'https://discord.com/api/webhooks/abc/tok' }, '/api/webhooks/{id}/{token}', 'url'],
      [{ kind: 'teams', url: 'https://example.webhook.office.com/webhookb2/abc' }, '/workflows/…/invoke', 'url'],
      [{ kind: 'teams', url: 'https://prod.logic.azure.com/workflows/abc/triggers' }, '/workflows/…/invoke', 'url'],
      [{ kind: 'email', to: 'a@example.com' }, 'not configured an SMTP server', 'kind'],
      [{ kind: 'webhook', to: 'a@example.com' }, 'give url, not to', 'to'],
      [
        { kind: 'slack', url: 'https://hooks.slack.com/x', quietHours: { from: 25, to: 3 } },
        'quietHours.from',
        'quietHours.from',
      ],
      [{ kind: 'slack', url: 'https://hooks.slack.com/x', timeZone: 'Nowhere/Else' }, 'IANA time zone', 'timeZone'],
    ]
    for (const [body, said, field] of cases) {
      const res = await call('POST', '/api/v1/webhooks', { key: apiKey, body })
      expect(res.status).toBe(400)
      expect(res.body.error.code).toBe('invalid_request')
      expect(JSON.stringify(res.body.error)).toContain(said)
      expect({ body, fields: res.body.error.details?.map((d: { field: string }) => d.field) }).toEqual({
        body,
        fields: [field],
      })
    }
    expect((await call('GET', '/api/v1/webhooks', { key: apiKey })).body.endpoints).toEqual([])
    // Hosts stay free: a mirror's host with Discord's path is taken.
    const mirror = await call('POST', '/api/v1/webhooks', {
      key: apiKey,
      body: { kind: 'discord', url: `http://127.0.0.1:9${DISCORD_PATH}` },
    })
    expect(mirror.status).toBe(201)
    expect(mirror.body.endpoint).toMatchObject({ kind: 'discord', cadence: 'instant', quietHours: null, to: null })
  })
})

describe('names and text as people read them in a message (docs/destinations.md#bodies)', () => {
  /** A team with a Slack, a Discord, a Teams and a webhook destination, all to one receiver answering 200. */
  async function everyKind() {
    const { deps, team } = await world()
    const r = receiver(() => new Response('ok'))
    for (const [kind, path] of [
      ['slack', '/services/T0/B0/x'],
      ['discord', DISCORD_PATH],
      ['teams', TEAMS_PATH],
      ['webhook', '/hook'],
    ] as const)
      await createEndpoint(deps, { teamId: team.id, input: endpointInput(`${r.origin}${path}`, { kind }) })
    return { deps, team, r }
  }

  test('direction controls are left out and a long name is cut, in chat; a webhook gets the signal as stored', async () => {
    const { deps, team, r } = await everyKind()
    const author = `${'&'.repeat(2500)}\u202Eevil`
    await storeSignals(deps, [signalRow(team.id, { author, preview: 'a CRM for us? \u202Ereversed words' })])
    expect(await deliverDue(deps)).toBe(4)
    const byPath = (p: string) => JSON.parse(r.received.find((q) => q.url.pathname === p)?.body ?? '{}')
    for (const p of ['/services/T0/B0/x', DISCORD_PATH, TEAMS_PATH]) {
      const body = JSON.stringify(byPath(p))
      expect({ p, control: /[\u202A-\u202E\u2066-\u2069]/.test(body) }).toEqual({ p, control: false })
      expect({ p, long: body.includes('&'.repeat(101)) || body.includes('&amp;'.repeat(101)) }).toEqual({
        p,
        long: false,
      })
    }
    // Slack refuses a section field over 2,000 characters (Block Kit reference, section block).
    const slack = byPath('/services/T0/B0/x')
    for (const block of slack.blocks)
      for (const f of block.fields ?? []) expect(f.text.length).toBeLessThanOrEqual(2000)
    expect(byPath('/hook').data.signal.author).toBe(author)
  })

  test('letters piled with dozens of accents keep four: they no longer climb over the leads around them', async () => {
    const { deps, team, r } = await everyKind()
    // "Zalgo" text: each letter carries 30 combining marks, drawn above and below it, over the lines around it.
    const piled = (word: string) =>
      [...word].map((c) => `${c}${'\u0300\u0316\u0301\u0317\u0308\u0324'.repeat(5)}`).join('')
    // Vietnamese written with combining marks (two on one letter) is left as written.
    const viet = 'Ti\u00EA\u0301ng Vi\u00EA\u0323t'.normalize('NFD')
    const author = piled('bob')
    await storeSignals(deps, [signalRow(team.id, { author, preview: `${piled('Click')} below, ${viet}` })])
    expect(await deliverDue(deps)).toBe(4)
    for (const p of ['/services/T0/B0/x', DISCORD_PATH, TEAMS_PATH]) {
      const body = r.received.find((q) => q.url.pathname === p)?.body ?? ''
      expect({ p, piled: /\p{M}{5}/u.test(body) }).toEqual({ p, piled: false })
      expect({ p, viet: body.includes(viet) }).toEqual({ p, viet: true })
      // Each letter is still there, with its first marks.
      expect({ p, letters: body.normalize('NFD').replace(/\p{M}/gu, '').includes('Click') }).toEqual({
        p,
        letters: true,
      })
    }
    const hook = JSON.parse(r.received.find((q) => q.url.pathname === '/hook')?.body ?? '{}')
    expect(hook.data.signal.author).toBe(author)
  })

  test("a line break in an author's name is a space: a name cannot add a lead's line of ours", async () => {
    const { deps, clock, team } = await world()
    const r = receiver(() => new Response('ok'))
    for (const [kind, path] of [
      ['slack', '/services/T0/B0/x'],
      ['discord', DISCORD_PATH],
      ['teams', TEAMS_PATH],
    ] as const)
      for (const cadence of ['instant', 'hourly'] as const)
        await createEndpoint(deps, { teamId: team.id, input: endpointInput(`${r.origin}${path}`, { kind, cadence }) })
    // A feed's author element may hold any text: here one that draws a second, made-up lead under its own.
    const author = 'ann\n*10/10 ACTIVE* · CEO of Acme on linkedin\u2028\r\nbudget approved'
    await storeSignals(deps, [signalRow(team.id, { author, score: 3, detectedAt: '2026-11-15T11:59:00.000Z' })])
    clock.set('2026-11-15T12:02:30.000Z')
    expect(await buildDueWindows(deps)).toBe(3)
    expect(await deliverDue(deps)).toBe(6)
    expect(r.received).toHaveLength(6)
    for (const q of r.received) {
      const body = JSON.parse(q.body)
      // Every string of the message that carries the name, with the name as it reads there.
      const texts: string[] = []
      const walk = (node: unknown): void => {
        if (typeof node === 'string') texts.push(node)
        else if (node && typeof node === 'object') Object.values(node).forEach(walk)
      }
      walk(body)
      const named = texts.filter((t) => t.includes('ann'))
      expect(named.length).toBeGreaterThan(0)
      for (const t of named)
        expect({ path: q.url.pathname, t, broken: /ann[\r\n\u2028]/.test(t) }).toMatchObject({ broken: false })
      // The whole name is there, on one line.
      expect(named.some((t) => /ann \\?\*10\/10 ACTIVE\\?\* · CEO of Acme on linkedin budget approved/.test(t))).toBe(
        true,
      )
    }
  })
})
