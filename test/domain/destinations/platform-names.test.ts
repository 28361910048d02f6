// docs/destinations.md#bodies: a message read by people names a platform as people do ("Hacker News", "dev.to"),
// as the console does; a webhook's JSON, read by programs, keeps the id, as the API does.
import { describe, expect, test } from 'bun:test'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { seedTeam, testDeps } from '../../support/deps'
import { everyKindWorld, KIND_PATHS } from '../../support/every-kind'
import { fakesPerTest } from '../../support/fake-upstream'
import { smtpPerTest } from '../../support/smtp'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()
const smtp = smtpPerTest()
const PATHS = KIND_PATHS

/** A team with a destination of every kind, instant and hourly, and two signals: one on hackernews, one on devto. */
async function everyKindGot() {
  const { deps, clock, team, server, r } = await everyKindWorld(smtp, receiver)
  for (const cadence of ['instant', 'hourly'] as const) {
    for (const [kind, path] of Object.entries(PATHS))
      await createEndpoint(deps, {
        teamId: team.id,
        input: endpointInput(`${r.origin}${path}`, { kind: kind as keyof typeof PATHS, cadence }),
      })
    await createEndpoint(deps, {
      teamId: team.id,
      input: endpointInput('', { kind: 'email', url: null, to: `${cadence}@example.com`, cadence }),
    })
  }
  await storeSignals(deps, [
    signalRow(team.id, { detectedAt: '2026-11-15T11:58:40.000Z' }),
    signalRow(team.id, { platform: 'devto', author: 'bo', score: 6, detectedAt: '2026-11-15T11:58:45.000Z' }),
  ])
  clock.set('2026-11-15T12:02:30.000Z')
  await buildDueWindows(deps)
  await deliverDue(deps)
  return { chat: r.received, mail: server.received }
}

describe('platforms in messages', () => {
  test('Slack, Discord, Teams and e-mail name the platform as people do; a webhook keeps its id', async () => {
    const { chat, mail } = await everyKindGot()
    // Two signals: an instant message of each to Slack, Discord, Teams and the webhook, and a digest of each; one
    // e-mail for the minute, and one digest.
    expect(chat).toHaveLength(4 * 2 + 4)
    expect(mail).toHaveLength(2)
    for (const q of chat) {
      const body = q.body
      if (q.url.pathname === PATHS.webhook) {
        expect({ path: q.url.pathname, names: /Hacker News|dev\.to/.test(body) }).toEqual({
          path: q.url.pathname,
          names: false,
        })
        const data = JSON.parse(body).data
        const platforms = (data.signals ?? [data.signal]).map((s: { platform: string }) => s.platform)
        expect(['hackernews', 'devto']).toContain(platforms[0])
        continue
      }
      // Every chat message names the platform of each lead it holds, and never by the id.
      const ids = /\bhackernews\b|\bdevto\b/.exec(body.replace(/https?:\/\/\S+?(?=["\s])/g, ''))
      expect({ path: q.url.pathname, id: ids?.[0] ?? null }).toEqual({ path: q.url.pathname, id: null })
      expect({ path: q.url.pathname, named: /Hacker News|dev\.to/.test(body) }).toEqual({
        path: q.url.pathname,
        named: true,
      })
    }
    const slackInstant = chat
      .filter((q) => q.url.pathname === PATHS.slack)
      .map((q) => JSON.parse(q.body))
      .find((b) => b.text.startsWith('New lead: 8/10'))
    expect(slackInstant.text).toStartWith('New lead: 8/10 ACTIVE · ann on Hacker News: ')
    expect(slackInstant.blocks[0].text.text).toBe('New lead: 8/10 ACTIVE · ann on Hacker News')

    const subjects = mail.map((m) => m.mail.subject)
    expect(subjects).toContain('2 new leads for acme (found 2026-11-15 11:58 UTC)')
    const digest = mail.find((m) => m.to[0] === 'hourly@example.com')?.mail
    expect(String(digest?.html)).toContain('ann</span> on Hacker News')
    expect(String(digest?.text)).toContain('ann on Hacker News')
    for (const part of [String(digest?.html), String(digest?.text)]) {
      expect(part).toContain('bo</span> on dev.to'.replace(part.includes('<span') ? '' : '</span>', ''))
      expect(part).not.toMatch(/ on (hackernews|devto)\b/)
    }
  })

  test("a single lead's e-mail subject names its platform as people do", async () => {
    const server = await smtp({})
    const { deps, clock } = await testDeps({ now: '2026-11-15T11:58:30.000Z', config: { email: server.emailConfig } })
    const { team } = await seedTeam(deps)
    await createEndpoint(deps, {
      teamId: team.id,
      input: endpointInput('', { kind: 'email', url: null, to: 'a@example.com' }),
    })
    await storeSignals(deps, [
      signalRow(team.id, { platform: 'stackoverflow', detectedAt: '2026-11-15T11:58:40.000Z' }),
    ])
    clock.set('2026-11-15T12:02:30.000Z')
    await buildDueWindows(deps)
    await deliverDue(deps)
    expect(server.received.map((m) => m.mail.subject)).toEqual([
      'New lead for acme: 8/10 ACTIVE · ann on Stack Overflow',
    ])
  })
})
