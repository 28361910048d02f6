// docs/destinations.md#cadence: "A message tells its window's times in timeZone": a digest to Discord or Teams says
// which digest it is and its window, as an e-mail's and a Slack digest's do; a channel reading "5 new leads" could not
// tell a daily digest from five leads just found, nor which day's leads they were.
import { describe, expect, test } from 'bun:test'
import { buildDueWindows } from '../../../src/domain/webhooks/digests'
import { createEndpoint } from '../../../src/domain/webhooks/endpoints'
import { checkedAnswer, discordProblems, teamsProblems } from '../../support/chat-receivers'
import { seedTeam, testDeps } from '../../support/deps'
import { fakesPerTest } from '../../support/fake-upstream'
import { deliverDue, endpointInput, signalRow, storeSignals } from '../../support/webhooks'

const receiver = fakesPerTest()
const PATHS = {
  discord: '/api/webhooks/1234567890/tok-EN_abc',
  teams: '/workflows/5f0c2a/triggers/manual/paths/invoke',
}
const HEADING = 'daily digest, 2026-11-15 12:58 to 2026-11-16 09:00 Europe/Berlin'

describe('a Discord or Teams digest names its window', () => {
  for (const kind of ['discord', 'teams'] as const) {
    test(kind, async () => {
      const { deps, clock } = await testDeps({
        now: '2026-11-15T11:58:30.000Z',
        config: { webhooks: { allow_private_targets: true }, server: { public_url: 'https://leads.example.com' } },
      })
      const { team } = await seedTeam(deps)
      const r = receiver((req) => checkedAnswer(kind, req.body))
      const input = endpointInput(`${r.origin}${PATHS[kind]}`, { kind, cadence: 'daily', timeZone: 'Europe/Berlin' })
      await createEndpoint(deps, { teamId: team.id, input })
      await storeSignals(deps, [
        signalRow(team.id, { detectedAt: '2026-11-15T12:00:00.000Z' }),
        signalRow(team.id, { detectedAt: '2026-11-15T13:00:00.000Z', score: 6 }),
      ])
      clock.set('2026-11-16T08:03:00.000Z')
      expect(await buildDueWindows(deps)).toBe(1)
      expect(await deliverDue(deps)).toBe(1)
      const body = JSON.parse(r.received[0].body)
      expect((kind === 'discord' ? discordProblems : teamsProblems)(body)).toEqual([])
      if (kind === 'discord')
        expect(body.content).toBe(`2 new leads (${HEADING}): <https://leads.example.com/#/signals>`)
      else {
        const [title, heading] = body.attachments[0].content.body
        expect([title.inlines?.[0].text, heading.inlines?.[0].text]).toEqual(['2 new leads', HEADING])
      }
    })
  }
})
